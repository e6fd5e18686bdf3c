import { PAID_PLAN_TIERS, type PaidPlanTier, PLANS } from '@hosewright/domain';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { billingQuery, useOpenBillingPortal, useStartCheckout } from '@/api/billing';
import { PageHeader } from '@/components/page-header';
import { PlansTable } from '@/components/plans-table';
import { formatMoney } from '@/lib/format';
import { isSubscriptionExpired } from '@/lib/session';
import { useViewer } from '@/lib/use-viewer';

function deniedFrom(state: unknown): { message: string; subscriptions: string } | undefined {
  if (typeof state !== 'object' || state === null || !('denied' in state)) return undefined;
  const { denied } = state as { denied: unknown };
  if (typeof denied !== 'object' || denied === null) return undefined;
  const { message, subscriptions } = denied as { message?: unknown; subscriptions?: unknown };
  if (typeof message !== 'string') return undefined;
  return { message, subscriptions: Array.isArray(subscriptions) ? subscriptions.join(', ') : '' };
}

/**
 * /upgradesubscription: the plans compared, the current one marked, and for admins a button per paid plan that
 * opens the payment provider's checkout (`startCheckout`); a shop already paying changes plan or card on the
 * provider's page. Regular users are told to ask an admin. Reachable with an expired plan.
 */
export function UpgradeSubscriptionPage() {
  const { t } = useTranslation();
  const { access } = useViewer();
  const location = useLocation();
  const denied = deniedFrom(location.state);
  const isAdmin = access?.roles.includes('admin') ?? false;
  const tier = access?.subscription?.tier;
  const expired = access ? isSubscriptionExpired(access) : false;
  const billing = useQuery({ ...billingQuery(), enabled: isAdmin });
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const status = billing.data?.status;
  // A paid plan still running (or in its grace period): changes go through the provider's portal.
  const paying = status === 'active' || status === 'pastDue' || status === 'cancelling';

  return (
    <Stack spacing={3}>
      <PageHeader title={t('upgrade.title')} icon={<UpgradeIcon />} subtitle={t('upgrade.subtitle')} />
      {denied ? (
        <Alert severity="info">
          {denied.message}.{' '}
          {denied.subscriptions ? t('nav.lockedTooltip', { subscriptions: denied.subscriptions }) : null}
        </Alert>
      ) : null}
      {billing.data?.testMode ? (
        <Alert severity="warning" icon={<CreditCardIcon />}>
          {t('billing.testMode')}
        </Alert>
      ) : null}
      <PlansTable currentTier={tier} />
      {!isAdmin ? (
        <Alert severity="info">{t('billing.adminsPay')}</Alert>
      ) : paying && tier ? (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              onClick={() => portal.mutate()}
              disabled={portal.isPending}
              startIcon={portal.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
            >
              {t('billing.manage')}
            </Button>
          }
        >
          {t('billing.onPaidPlan', { plan: PLANS[tier].label })}
        </Alert>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {PAID_PLAN_TIERS.map((paid: PaidPlanTier) => {
            const plan = PLANS[paid];
            const isCurrent = paid === tier && !expired;
            const pending = checkout.isPending && checkout.variables === paid;
            return (
              <Paper key={paid} variant="outlined" sx={{ p: 2, flex: 1 }}>
                <Typography variant="h6" component="h2">
                  {plan.label}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t('billing.perMonth', { price: formatMoney(plan.priceCentsPerMonth / 100, 'USD') })}
                </Typography>
                <Button
                  variant="contained"
                  fullWidth
                  disabled={isCurrent || checkout.isPending || billing.isPending}
                  onClick={() => checkout.mutate(paid)}
                  startIcon={pending ? <CircularProgress size={16} aria-hidden /> : <CreditCardIcon />}
                >
                  {isCurrent ? t('billing.current') : t('billing.choose', { plan: plan.label })}
                </Button>
              </Paper>
            );
          })}
        </Stack>
      )}
      {checkout.isPending ? (
        <Typography role="status" variant="body2" color="text.secondary">
          {t('billing.starting')}
        </Typography>
      ) : null}
      {checkout.isError ? (
        <Alert severity="error" role="alert">
          {checkout.error instanceof Error ? checkout.error.message : t('billing.checkoutFailed')}
        </Alert>
      ) : null}
      {portal.isError ? (
        <Alert severity="error" role="alert">
          {portal.error instanceof Error ? portal.error.message : t('billing.portalFailed')}
        </Alert>
      ) : null}
      <Typography variant="body2">
        <Button href="/contact" size="small">
          {t('upgrade.contact')}
        </Button>
      </Typography>
    </Stack>
  );
}
