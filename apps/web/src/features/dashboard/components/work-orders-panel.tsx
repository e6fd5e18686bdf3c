import { type DashboardWorkOrders, WORK_ORDER_STATUSES } from '@hosewright/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { BarChart } from './bar-chart';
import { ChartTable, Panel, PanelEmpty, UpgradeNote } from './panel';

/** Work orders by status (a bar chart), with how many are due this week and how many are late. */
export function WorkOrdersPanel({ workOrders }: { workOrders: DashboardWorkOrders | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const title = t('dashboardWeek.workOrders.title');
  if (!workOrders) {
    return (
      <Panel title={title}>
        <UpgradeNote feature={t('dashboardWeek.workOrders.feature')} />
      </Panel>
    );
  }
  const { byStatus, due, late } = workOrders;
  const total = WORK_ORDER_STATUSES.reduce((sum, s) => sum + byStatus[s], 0);
  if (total === 0) {
    return (
      <Panel title={title}>
        <PanelEmpty
          title={t('dashboardWeek.workOrders.emptyTitle')}
          text={t('dashboardWeek.workOrders.emptyText')}
          action={{ href: '/workorders/new', label: t('dashboardWeek.workOrders.emptyAction') }}
        />
      </Panel>
    );
  }
  const labels = WORK_ORDER_STATUSES.map((s) => t(`workOrders.status.${s}`));
  return (
    <Panel
      title={title}
      help={t('dashboardWeek.workOrders.help')}
      link={{ href: '/workorders', label: t('dashboardWeek.workOrders.open') }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip
          color={due > 0 ? 'info' : 'default'}
          label={t('dashboardWeek.workOrders.due', { count: due })}
        />
        <Chip
          color={late > 0 ? 'error' : 'default'}
          label={
            late > 0
              ? t('dashboardWeek.workOrders.late', { count: late })
              : t('dashboardWeek.workOrders.noneLate')
          }
        />
      </Stack>
      <BarChart
        height={220}
        horizontal
        sideWidth={88}
        categories={labels}
        series={[
          {
            label: t('dashboardWeek.workOrders.count'),
            values: WORK_ORDER_STATUSES.map((s) => byStatus[s]),
            color: theme.palette.primary.main,
          },
        ]}
      />
      <ChartTable
        caption={title}
        head={[t('dashboardWeek.workOrders.status'), t('dashboardWeek.workOrders.count')]}
        rows={WORK_ORDER_STATUSES.map((s, i) => [labels[i] as string, formatNumber(byStatus[s])])}
      />
    </Panel>
  );
}
