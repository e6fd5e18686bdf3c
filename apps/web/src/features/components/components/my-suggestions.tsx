import type { PendingStatus } from '@hosewright/domain';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingItemsQuery } from '@/api/components';
import { formatDate } from '@/lib/format';
import { useViewer } from '@/lib/use-viewer';
import { detailRoute } from '../lib/kinds';
import { KindIcon } from './kind-icon';

export const STATUS_COLOURS: Record<PendingStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  approved: 'success',
  rejected: 'error',
};

/** What the signed-in member has suggested, and what became of it. */
export function MySuggestions() {
  const { t } = useTranslation();
  const headingId = useId();
  const { profile } = useViewer();
  const suggestions = useQuery(pendingItemsQuery());
  // The server answers a member's own suggestions only; the filter keeps an admin's view the same.
  const items = (suggestions.data?.items ?? []).filter(
    (item) => !profile?.userId || item.submittedBy === profile.userId,
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('components.suggest.mineTitle')}
      </Typography>
      {suggestions.isPending ? (
        <Skeleton width="60%" />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('components.suggest.mineEmpty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Stack
              component="li"
              key={item._id}
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <KindIcon kind={item.kind} color="action" sx={{ mt: 0.25 }} />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.status === 'approved' && item.componentId ? (
                    <Link href={detailRoute(item.kind, item.componentId)}>{item.partNumber}</Link>
                  ) : (
                    item.partNumber
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('components.suggest.sentOn', { date: formatDate(item.createdAt) })}
                </Typography>
                {item.reviewNote ? (
                  <Typography variant="body2">
                    {t('components.suggest.note', { note: item.reviewNote })}
                  </Typography>
                ) : null}
              </Stack>
              <Chip
                size="small"
                color={STATUS_COLOURS[item.status]}
                label={t(`components.pending.status.${item.status}`)}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
