/**
 * The pages the payment provider sends an admin back to: `/stripe/callback?session_id=…` reads what came of the
 * checkout (`getCheckout`, which applies a paid plan at once) and goes on to `/payment/success` or
 * `/payment/cancel`; success says which plan the shop is on now, cancel that nothing was charged. All three
 * answer with an expired plan too.
 */
import { isPremiumTier, PLANS, type Tier } from '@hosewright/domain';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { checkoutQuery } from '@/api/billing';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';

const SESSION_PARAM = 'session_id';

export function StripeCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get(SESSION_PARAM) ?? '';
  const checkout = useQuery({ ...checkoutQuery(sessionId), enabled: sessionId !== '' });
  if (sessionId === '') {
    return <CallbackProblem text={t('billing.callback.noSession')} />;
  }
  if (checkout.isError) {
    return (
      <CallbackProblem
        text={checkout.error instanceof Error ? checkout.error.message : t('billing.callback.failed')}
        onRetry={() => void checkout.refetch()}
      />
    );
  }
  if (!checkout.data) return <CentredProgress label={t('billing.callback.checking')} />;
  const next = checkout.data.status === 'expired' ? '/payment/cancel' : '/payment/success';
  return <Navigate to={`${next}?${SESSION_PARAM}=${encodeURIComponent(sessionId)}`} replace />;
}

function CallbackProblem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('billing.callback.title')} icon={<CreditCardIcon />} />
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : (
            <Button color="inherit" component={RouterLink} to="/upgradesubscription">
              {t('billing.cancel.again')}
            </Button>
          )
        }
      >
        {text}
      </Alert>
    </Stack>
  );
}

export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get(SESSION_PARAM) ?? '';
  const checkout = useQuery({
    ...checkoutQuery(sessionId),
    enabled: sessionId !== '',
    // Paid but not yet confirmed by the provider: ask again until it is.
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 3000 : false),
  });
  const tier: Tier | undefined = checkout.data?.tier;
  const confirmed = sessionId === '' || checkout.data?.status === 'complete';
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('billing.success.title')} icon={<CheckCircleOutlineIcon color="success" />} />
      {checkout.isError ? (
        <Alert severity="error">
          {checkout.error instanceof Error ? checkout.error.message : t('billing.callback.failed')}
        </Alert>
      ) : !confirmed || !tier ? (
        sessionId === '' ? null : (
          <CentredProgress label={t('billing.success.pending')} />
        )
      ) : (
        <Alert severity="success">{t('billing.success.text', { plan: PLANS[tier].label })}</Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {tier && isPremiumTier(tier) ? (
          <Button variant="contained" component={RouterLink} to="/workorders">
            {t('billing.success.toWorkOrders')}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to="/dashboard">
            {t('billing.success.toDashboard')}
          </Button>
        )}
        <Button component={RouterLink} to="/organization/billing">
          {t('billing.success.toBilling')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function PaymentCancelPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('billing.cancel.title')} icon={<CancelOutlinedIcon />} />
      <Typography>{t('billing.cancel.text')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" component={RouterLink} to="/upgradesubscription">
          {t('billing.cancel.again')}
        </Button>
        <Button component={RouterLink} to="/dashboard">
          {t('billing.success.toDashboard')}
        </Button>
      </Stack>
    </Stack>
  );
}
