import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { billingQuery } from '@/api/billing';
import { formatDate } from '@/lib/format';
import { useViewer } from '@/lib/use-viewer';

/**
 * After a failed renewal the plan runs on for a grace period (ADR 20); this tells a signed-in admin until when,
 * and takes them to Billing History to update the card. Nobody else sees it.
 */
export function PaymentDueBanner() {
  const { t } = useTranslation();
  const { isAuthenticated, access } = useViewer();
  const isAdmin = isAuthenticated && (access?.roles.includes('admin') ?? false);
  const billing = useQuery({ ...billingQuery(), enabled: isAdmin, staleTime: 5 * 60_000, retry: false });
  const graceEndsAt = billing.data?.status === 'pastDue' ? billing.data.graceEndsAt : null;
  if (!isAdmin || !graceEndsAt) return null;
  return (
    <Alert
      severity="error"
      square
      action={
        <Button
          color="inherit"
          component={RouterLink}
          to="/organization/billing"
          sx={{ fontWeight: 700, alignSelf: 'center' }}
        >
          {t('banner.paymentDue.action')}
        </Button>
      }
    >
      <AlertTitle>{t('banner.paymentDue.title')}</AlertTitle>
      {t('billing.history.grace', { date: formatDate(graceEndsAt) })}
    </Alert>
  );
}
