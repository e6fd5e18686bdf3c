import { type Dashboard, PLANS } from '@hosewright/domain';
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
import { useTranslation } from 'react-i18next';
import { dashboardQuery } from '@/api/dashboard';
import { LibraryOffer } from '@/components/library-offer';
import { PageHeader } from '@/components/page-header';
import { daysUntil, formatDate } from '@/lib/format';
import { CountCard, CountCardSkeleton } from '../components/count-card';

const COUNT_LABELS: Partial<Record<string, ParseKeys>> = {
  users: 'dashboard.counts.users',
  customers: 'dashboard.counts.customers',
  hoseAssemblies: 'dashboard.counts.hoseAssemblies',
  hoseKits: 'dashboard.counts.hoseKits',
  workOrders: 'dashboard.counts.workOrders',
  salesEstimates: 'dashboard.counts.salesEstimates',
  warehouses: 'dashboard.counts.warehouses',
};

/** Which plan limit caps a count. */
const LIMIT_OF: Partial<Record<string, 'maxCustomers' | 'maxHoseAssemblies' | 'maxHoseKits'>> = {
  customers: 'maxCustomers',
  hoseAssemblies: 'maxHoseAssemblies',
  hoseKits: 'maxHoseKits',
};

/** "purchaseOrders" -> "Purchase orders", for counts the server adds before this page knows them. */
export function humanise(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } };

export function DashboardPage({ now }: { now?: Date }) {
  const { t } = useTranslation();
  const dashboard = useQuery(dashboardQuery());

  return (
    <Stack spacing={3}>
      <PageHeader title={t('dashboard.title')} icon={<DashboardOutlinedIcon />} />
      <LibraryOffer />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
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
      ) : (
        <DashboardContent dashboard={dashboard.data} now={now ?? new Date()} />
      )}
    </Stack>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Skeleton width="40%" height={36} />
        <Skeleton width="60%" />
      </Paper>
      <Box sx={GRID}>
        {[0, 1, 2, 3].map((i) => (
          <CountCardSkeleton key={i} />
        ))}
      </Box>
    </Box>
  );
}

function DashboardContent({ dashboard, now }: { dashboard: Dashboard; now: Date }) {
  const { t } = useTranslation();
  const { organization, subscription, counts } = dashboard;
  const daysLeft = daysUntil(subscription.expires, now);
  const isExpired = daysLeft <= 0 && new Date(subscription.expires).getTime() < now.getTime();
  const entries = Object.entries(counts);

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
          <Chip color="primary" label={PLANS[subscription.subscriptionType].label} />
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
        {subscription.subscriptionType === 'trial' ? (
          <Button href="/upgradesubscription" size="small" sx={{ mt: 1, px: 0 }}>
            {t('dashboard.upgrade')}
          </Button>
        ) : null}
      </Paper>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.noCounts')}</Typography>
      ) : (
        <Box sx={GRID}>
          {entries.map(([key, count]) => {
            const labelKey = COUNT_LABELS[key];
            const limitKey = LIMIT_OF[key];
            return (
              <CountCard
                key={key}
                label={labelKey ? t(labelKey) : humanise(key)}
                count={count}
                limit={limitKey ? subscription[limitKey] : undefined}
              />
            );
          })}
        </Box>
      )}
    </>
  );
}
