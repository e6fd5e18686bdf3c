/**
 * `/dashboard` (any signed-in member): the organisation and its plan, then the shop's week for the viewer's
 * role and plan (`getDashboard`). Phone first: one column, two from the medium breakpoint. The charts are drawn
 * with visx (`components/bar-chart.tsx`), which only this lazily loaded page imports.
 */
import { type Dashboard, PLANS, USAGE_KEYS } from '@hosewright/domain';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardQuery } from '@/api/dashboard';
import { LibraryOffer } from '@/components/library-offer';
import { PageHeader } from '@/components/page-header';
import { daysUntil, formatDate } from '@/lib/format';
import { CountCard } from '../components/count-card';
import { EstimatesPanel } from '../components/estimates-panel';
import { AttentionPanel, LowStockPanel } from '../components/lists-panels';
import { PanelSkeleton } from '../components/panel';
import { UsagePanel } from '../components/usage-panel';
import { WeekPanel } from '../components/week-panel';
import { WorkOrdersPanel } from '../components/work-orders-panel';

const COUNT_LABELS: Partial<Record<string, ParseKeys>> = {
  users: 'dashboard.counts.users',
  customers: 'dashboard.counts.customers',
  hoseAssemblies: 'dashboard.counts.hoseAssemblies',
  hoseKits: 'dashboard.counts.hoseKits',
  workOrders: 'dashboard.counts.workOrders',
  salesEstimates: 'dashboard.counts.salesEstimates',
  warehouses: 'dashboard.counts.warehouses',
};

/** "purchaseOrders" -> "Purchase orders", for counts the server adds before this page knows them. */
export function humanise(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One column on a phone; two from the medium breakpoint, a wide section across both. */
const PANELS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;
const WIDE = { gridColumn: { md: '1 / -1' } } as const;
const COUNTS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } };

export function DashboardPage({ now }: { now?: Date }) {
  const { t } = useTranslation();
  const dashboard = useQuery(dashboardQuery());
  // The figures are drawn in a transition, which React renders in slices between the browser's other work:
  // a phone stays responsive while a week of charts is laid out (the skeleton shows until then).
  const data = useDeferredValue(dashboard.data);

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <PageHeader title={t('dashboard.title')} icon={<DashboardOutlinedIcon />} />
      <LibraryOffer />
      {dashboard.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => dashboard.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('dashboard.loadFailed')} {dashboard.error.message}
        </Alert>
      ) : data ? (
        <DashboardContent dashboard={data} now={now ?? new Date()} />
      ) : (
        <DashboardSkeleton />
      )}
    </Stack>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Skeleton width="40%" height={36} />
        <Skeleton width="60%" />
      </Paper>
      <Box sx={PANELS}>
        <PanelSkeleton />
        <PanelSkeleton />
        <Box sx={WIDE}>
          <PanelSkeleton chart />
        </Box>
        <PanelSkeleton chart />
        <PanelSkeleton chart />
      </Box>
    </Stack>
  );
}

function DashboardContent({ dashboard, now }: { dashboard: Dashboard; now: Date }) {
  const { t } = useTranslation();
  const { organization, subscription, counts } = dashboard;
  const tier = subscription.subscriptionType;
  const daysLeft = daysUntil(subscription.expires, now);
  const isExpired = daysLeft <= 0 && new Date(subscription.expires).getTime() < now.getTime();
  // What the plan limits is in the usage panel with its limit; the other counts stand alone.
  const entries = Object.entries(counts).filter(([key]) => !(USAGE_KEYS as readonly string[]).includes(key));

  return (
    <>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="dashboard-org"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id="dashboard-org" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
            {organization.name}
          </Typography>
          <Chip color="primary" label={PLANS[tier].label} />
        </Stack>
        <Typography>
          {t(isExpired ? 'dashboard.expiredOn' : 'dashboard.expiresOn', {
            date: formatDate(subscription.expires),
          })}{' '}
          <Box
            component="strong"
            sx={{ color: isExpired ? 'error.main' : daysLeft <= 7 ? 'warning.dark' : 'inherit' }}
          >
            {isExpired ? t('dashboard.expired') : t('dashboard.daysLeft', { count: Math.max(daysLeft, 0) })}
          </Box>
        </Typography>
        {tier === 'trial' ? (
          <Button href="/upgradesubscription" size="small" sx={{ mt: 1, px: 0 }}>
            {t('dashboard.upgrade')}
          </Button>
        ) : null}
      </Paper>
      <Box sx={PANELS}>
        <AttentionPanel attention={dashboard.attention} />
        <UsagePanel usage={dashboard.usage} />
        <Box sx={WIDE}>
          <WeekPanel days={dashboard.week.days} />
        </Box>
        <WorkOrdersPanel workOrders={dashboard.workOrders} />
        <EstimatesPanel estimates={dashboard.estimates} />
        <LowStockPanel lowStock={dashboard.lowStock} tier={tier} />
      </Box>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.noCounts')}</Typography>
      ) : (
        <Box sx={COUNTS}>
          {entries.map(([key, count]) => {
            const labelKey = COUNT_LABELS[key];
            return <CountCard key={key} label={labelKey ? t(labelKey) : humanise(key)} count={count} />;
          })}
        </Box>
      )}
    </>
  );
}
