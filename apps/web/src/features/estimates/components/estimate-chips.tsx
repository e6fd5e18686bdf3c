/** The small pieces every estimate screen shows the same way: its status, and a line's price warnings. */
import type { EstimateLine, EstimateStatus } from '@hosewright/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { STATUS_COLOURS } from '../lib/estimate';

export function StatusChip({ status }: { status: EstimateStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      component="span"
      size="small"
      color={STATUS_COLOURS[status]}
      variant={status === 'declined' || status === 'expired' ? 'outlined' : 'filled'}
      label={t(`estimates.status.${status}`)}
    />
  );
}

/**
 * What needs a look before the estimate goes out: a line nothing priced (it counts 0), or one below the
 * organisation's target margin, with its margin.
 */
export function LineWarning({
  line,
}: {
  line: Pick<EstimateLine, 'unitPrice' | 'belowTargetMargin' | 'marginPct'>;
}) {
  const { t } = useTranslation();
  if (line.unitPrice === null) {
    return (
      <Chip
        component="span"
        size="small"
        color="error"
        variant="outlined"
        label={t('estimates.lines.unpriced')}
      />
    );
  }
  if (!line.belowTargetMargin) return null;
  return (
    <Chip
      component="span"
      size="small"
      color="warning"
      variant="outlined"
      label={
        line.marginPct === null
          ? t('estimates.lines.belowTarget')
          : t('estimates.lines.belowTargetAt', { pct: formatNumber(line.marginPct) })
      }
    />
  );
}
