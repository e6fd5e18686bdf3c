import UpgradeIcon from '@mui/icons-material/Upgrade';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PlansTable } from '@/components/plans-table';
import { useViewer } from '@/lib/use-viewer';

function deniedFrom(state: unknown): { message: string; subscriptions: string } | undefined {
  if (typeof state !== 'object' || state === null || !('denied' in state)) return undefined;
  const { denied } = state as { denied: unknown };
  if (typeof denied !== 'object' || denied === null) return undefined;
  const { message, subscriptions } = denied as { message?: unknown; subscriptions?: unknown };
  if (typeof message !== 'string') return undefined;
  return { message, subscriptions: Array.isArray(subscriptions) ? subscriptions.join(', ') : '' };
}

/** /upgradesubscription: the plans, the current one marked. Online payment arrives with the payments issue. */
export function UpgradeSubscriptionPage() {
  const { t } = useTranslation();
  const { access } = useViewer();
  const location = useLocation();
  const denied = deniedFrom(location.state);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('upgrade.title')} icon={<UpgradeIcon />} subtitle={t('upgrade.subtitle')} />
      {denied ? (
        <Alert severity="info">
          {denied.message}.{' '}
          {denied.subscriptions ? t('nav.lockedTooltip', { subscriptions: denied.subscriptions }) : null}
        </Alert>
      ) : null}
      <PlansTable currentTier={access?.subscription?.tier} />
      <Alert
        severity="info"
        action={
          <Button href="/contact" color="inherit">
            {t('upgrade.contact')}
          </Button>
        }
      >
        <Typography variant="body2">{t('upgrade.paymentSoon')}</Typography>
      </Alert>
    </Stack>
  );
}
