import type { ComponentKind } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useBaseCurrency } from '@/api/currencies';
import { type Units, unitsFor, useUnits } from '@/lib/use-units';
import { COMMERCIAL_FIELDS, type FieldDef, IDENTITY_FIELDS, SPEC_FIELDS } from '../lib/fields';
import {
  endTypeLabel,
  formatAngle,
  formatCelsius,
  formatCost,
  formatDash,
  formatGender,
  formatPieces,
  formatYesNo,
} from '../lib/format';

/**
 * One field of a component as a shop reads it, with its unit (lengths and pressures in the reader's
 * `units`); '' when there is nothing to show.
 */
export function displayValue(
  t: TFunction,
  field: FieldDef,
  record: Record<string, unknown>,
  units: Units = unitsFor('metric'),
  currency?: string,
): string {
  const value = record[field.name];
  switch (field.name) {
    case 'dash':
      return formatDash(value);
    case 'endType':
      return endTypeLabel(value);
    case 'gender':
      return formatGender(t, value);
    case 'pieces':
      return formatPieces(t, value);
    case 'angle':
      return formatAngle(t, value);
    case 'cost':
      return formatCost(
        t,
        value,
        typeof record.costUnit === 'string' ? record.costUnit : undefined,
        currency,
      );
    case 'costUnit':
      return typeof value === 'string' && (value === 'each' || value === 'ft' || value === 'm')
        ? t(`components.values.costUnits.${value}`)
        : '';
    default:
      break;
  }
  if (field.type === 'boolean') return formatYesNo(t, value);
  if (field.unit === 'psi') return units.pressure(value);
  if (field.unit === 'mm') return units.length(value, { inchDecimals: field.inchDecimals });
  if (field.unit === '°C') return formatCelsius(value);
  if (value === null || value === undefined) return '';
  return String(value);
}

export interface ComponentFieldsProps {
  kind: ComponentKind;
  record: Record<string, unknown>;
  /** Which groups to show; all by default. */
  groups?: readonly ('identity' | 'spec' | 'commercial')[];
}

/** A component's fields as labelled values (a description list), grouped as the form groups them. */
export function ComponentFields({
  kind,
  record,
  groups = ['identity', 'spec', 'commercial'],
}: ComponentFieldsProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const currency = useBaseCurrency();
  const fields = [
    ...(groups.includes('identity') ? IDENTITY_FIELDS.filter((f) => f.name !== 'partNumber') : []),
    ...(groups.includes('spec') ? SPEC_FIELDS[kind] : []),
    // The unit is part of the cost ('4.10 / ft'), so it is not repeated on its own.
    ...(groups.includes('commercial') ? COMMERCIAL_FIELDS.filter((f) => f.name !== 'costUnit') : []),
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {fields.map((field) => {
        const value = displayValue(t, field, record, units, currency);
        return (
          <Box key={field.name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { xs: 1, sm: 0 } }}>
              {t(`components.fields.${field.name}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || (
                <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                  {t('components.values.none')}
                </Box>
              )}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
