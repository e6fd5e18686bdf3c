import type { Component } from '@hosewright/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * Where an item comes from: the maker's catalogue (read-only) or the shop's own, plus 'Sample data' and
 * 'Inactive' when they apply. `isDetailed` names the catalogue's maker ("Catalogue data from GEN").
 */
export function OriginChips({
  component,
  isDetailed = false,
}: {
  component: Pick<Component, 'origin' | 'sample' | 'active' | 'brand'>;
  isDetailed?: boolean;
}) {
  const { t } = useTranslation();
  const isCustom = component.origin === 'custom';
  const brand = component.brand?.trim();
  const originLabel = isCustom
    ? t(isDetailed ? 'components.origin.customItem' : 'components.origin.custom')
    : isDetailed
      ? brand
        ? t('components.origin.catalogueFrom', { brand })
        : t('components.origin.catalogueData')
      : t('components.origin.catalogue');
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: '100%' }}
    >
      <Chip
        size="small"
        variant={isDetailed ? 'filled' : 'outlined'}
        color={isCustom ? 'primary' : 'default'}
        label={originLabel}
      />
      {component.sample ? (
        <Chip size="small" color="warning" variant="outlined" label={t('components.origin.sample')} />
      ) : null}
      {component.active ? null : <Chip size="small" label={t('components.origin.inactive')} />}
    </Stack>
  );
}
