/**
 * Opening a sent estimate re-checks it against today's catalogue and prices (ADR 21), changing nothing:
 * when something moved, what and by how much, and a new revision at today's prices; otherwise a short note.
 */
import type { Estimate } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { estimateRecheckQuery } from '@/api/estimates';
import { formatMinor } from '../lib/estimate';

export function RecheckPanel({
  estimate,
  onRevise,
  isRevising,
}: {
  estimate: Estimate;
  onRevise: () => void;
  isRevising: boolean;
}) {
  const { t } = useTranslation();
  const recheck = useQuery(estimateRecheckQuery(estimate._id));
  if (recheck.isPending) {
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <CircularProgress size={14} aria-hidden />
        {t('estimates.recheck.checking')}
      </Typography>
    );
  }
  if (recheck.isError) {
    return (
      <Alert severity="warning">{t('estimates.recheck.failed', { message: recheck.error.message })}</Alert>
    );
  }
  const answer = recheck.data;
  if (answer.upToDate) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {t('estimates.recheck.upToDate')}
      </Typography>
    );
  }
  const money = (minor: number | null) => formatMinor(minor, answer.currency);
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={onRevise}
          disabled={isRevising}
          startIcon={isRevising ? <CircularProgress size={14} aria-hidden /> : undefined}
        >
          {t('estimates.recheck.revise')}
        </Button>
      }
    >
      <AlertTitle>{t('estimates.recheck.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('estimates.recheck.changes')}>
        {answer.changes.map((change) => (
          <li key={`${change.lineId}-${change.kind}`}>
            <strong>{change.partNumber || t('estimates.recheck.line', { n: change.position })}</strong>:{' '}
            {change.message}
            {change.oldUnitPrice !== null || change.newUnitPrice !== null
              ? ` (${money(change.oldUnitPrice)} → ${money(change.newUnitPrice)})`
              : ''}
          </li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('estimates.recheck.totals', {
          before: money(answer.totalBefore),
          after: money(answer.totalAfter),
        })}
      </Typography>
    </Alert>
  );
}
