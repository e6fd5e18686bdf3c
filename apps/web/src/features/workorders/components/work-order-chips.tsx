/** The small pieces every work order screen shows the same way: status, priority, units ready, due date. */
import type { WorkOrderPriority, WorkOrderStatus } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatDueDate, isOverdue, PRIORITY_COLOURS, STATUS_COLOURS } from '../lib/work-order';

export function StatusChip({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      component="span"
      size="small"
      color={STATUS_COLOURS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`workOrders.status.${status}`)}
    />
  );
}

/** A chip for high and urgent work; plain text for the rest, which needs no attention. */
export function PriorityChip({
  priority,
  always = false,
}: {
  priority: WorkOrderPriority;
  always?: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`workOrders.priority.${priority}`);
  if (!always && PRIORITY_COLOURS[priority] === 'default') {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
    );
  }
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color={PRIORITY_COLOURS[priority]}
      label={t('workOrders.priorityLabel', { priority: label })}
    />
  );
}

/** "3 / 4" units ready with a thin bar under it; the bar is named for screen readers. */
export function UnitsProgress({ ready, total }: { ready: number; total: number }) {
  const { t } = useTranslation();
  const value = total > 0 ? Math.round((ready / total) * 100) : 0;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, width: '100%', minWidth: 64 }}>
      <Typography variant="body2" component="span">
        {formatNumber(ready)} / {formatNumber(total)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        color={total > 0 && ready === total ? 'success' : 'primary'}
        aria-label={t('workOrders.unitsReady', { ready, total })}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

/** The due day, in red with "overdue" when an open work order is past it. */
export function DueDate({ dueDate, status }: { dueDate: string | null; status: WorkOrderStatus }) {
  const { t } = useTranslation();
  if (!dueDate) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('workOrders.noDueDate')}
      </Box>
    );
  }
  const late = isOverdue({ dueDate, status });
  return (
    <Box
      component="span"
      sx={late ? { color: 'error.main', fontWeight: 600 } : undefined}
      data-overdue={late ? 'true' : undefined}
    >
      {late ? t('workOrders.overdue', { date: formatDueDate(dueDate) }) : formatDueDate(dueDate)}
    </Box>
  );
}
