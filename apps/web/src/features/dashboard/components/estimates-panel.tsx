import { type DashboardEstimates, fromMinorUnits } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, numberFormat } from '@/lib/format';
import { BarChart } from './bar-chart';
import { ChartTable, Panel, PanelEmpty, UpgradeNote } from './panel';

/** An axis figure: 'US$15K'. */
function compactMoney(amount: number, currency: string): string {
  return numberFormat({ style: 'currency', currency, notation: 'compact' }).format(amount);
}

/** Estimates sent and accepted this week: their value side by side (a bar chart) and their numbers. */
export function EstimatesPanel({ estimates }: { estimates: DashboardEstimates | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const title = t('dashboardWeek.estimates.title');
  if (!estimates) {
    return (
      <Panel title={title}>
        <UpgradeNote feature={t('dashboardWeek.estimates.feature')} />
      </Panel>
    );
  }
  const { currency, sent, accepted, unconverted } = estimates;
  if (sent.count + accepted.count === 0) {
    return (
      <Panel title={title}>
        <PanelEmpty
          title={t('dashboardWeek.estimates.emptyTitle')}
          text={t('dashboardWeek.estimates.emptyText')}
          action={{ href: '/salesestimates/new', label: t('dashboardWeek.estimates.emptyAction') }}
        />
      </Panel>
    );
  }
  const amount = (minor: number) => fromMinorUnits(minor, currency);
  const money = (minor: number) => formatMoney(amount(minor), currency);
  const kinds = [
    { label: t('dashboardWeek.estimates.sent'), figure: sent, colour: theme.palette.primary.main },
    { label: t('dashboardWeek.estimates.accepted'), figure: accepted, colour: theme.palette.success.main },
  ];
  return (
    <Panel
      title={title}
      help={t('dashboardWeek.estimates.help', { currency })}
      link={{ href: '/salesestimates', label: t('dashboardWeek.estimates.open') }}
    >
      <Box>
        <Typography>
          {t('dashboardWeek.estimates.sentLine', { count: sent.count, value: money(sent.value) })}
        </Typography>
        <Typography>
          {t('dashboardWeek.estimates.acceptedLine', { count: accepted.count, value: money(accepted.value) })}
        </Typography>
      </Box>
      {unconverted > 0 ? (
        <Alert severity="warning">{t('dashboardWeek.estimates.unconverted', { count: unconverted })}</Alert>
      ) : null}
      <BarChart
        height={200}
        sideWidth={64}
        counts={false}
        formatValue={(v) => compactMoney(v, currency)}
        categories={kinds.map((k) => k.label)}
        series={[
          {
            label: t('dashboardWeek.estimates.value'),
            values: kinds.map((k) => amount(k.figure.value)),
            color: kinds.map((k) => k.colour),
          },
        ]}
      />
      <ChartTable
        caption={title}
        head={[
          t('dashboardWeek.estimates.kind'),
          t('dashboardWeek.estimates.count'),
          t('dashboardWeek.estimates.value'),
        ]}
        rows={kinds.map((k) => [k.label, formatNumber(k.figure.count), money(k.figure.value)])}
      />
    </Panel>
  );
}
