/** A price list's versions, the draft first: each one's first day, items, note and who published it. */
import type { PriceListDetail } from '@hosewright/domain';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '@/lib/format';
import { InForceChip } from './chips';

const dayText = (day: string) => formatShortDate(`${day}T00:00:00`);

export function VersionList({
  list,
  reviewHref,
  today,
}: {
  list: PriceListDetail;
  /** Where an admin reviews and publishes the draft; none for a regular member. */
  reviewHref?: string | undefined;
  /** YYYY-MM-DD: a version starting later is scheduled. */
  today: string;
}) {
  const { t } = useTranslation();
  if (list.versions.length === 0) {
    return <Typography color="text.secondary">{t('priceLists.detail.noVersions')}</Typography>;
  }
  return (
    <List disablePadding aria-label={t('priceLists.detail.versions')}>
      {list.versions.map((version) => {
        const isDraft = version.effectiveFrom === null;
        const title = isDraft
          ? t('priceLists.detail.draft')
          : t('priceLists.detail.from', { date: dayText(version.effectiveFrom ?? '') });
        const details = [
          t('priceLists.list.itemCount', { count: version.itemCount }),
          version.publishedBy && version.publishedAt
            ? t('priceLists.detail.publishedBy', {
                name: version.publishedBy.name,
                date: formatShortDate(version.publishedAt),
              })
            : '',
          version.note,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <ListItem key={version._id} divider aria-label={title} sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
            <ListItemText
              primary={
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {title}
                  </Box>
                  {version.inForce ? <InForceChip /> : null}
                  {isDraft ? (
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={t('priceLists.list.draftReady')}
                    />
                  ) : !version.inForce && (version.effectiveFrom ?? '') > today ? (
                    <Chip size="small" variant="outlined" label={t('priceLists.detail.scheduled')} />
                  ) : null}
                </Box>
              }
              secondary={details}
              sx={{ flex: '1 1 240px' }}
            />
            {isDraft && reviewHref ? (
              <Button
                variant="contained"
                size="small"
                startIcon={<FactCheckOutlinedIcon />}
                href={reviewHref}
              >
                {t('priceLists.detail.reviewAndPublish')}
              </Button>
            ) : null}
          </ListItem>
        );
      })}
    </List>
  );
}
