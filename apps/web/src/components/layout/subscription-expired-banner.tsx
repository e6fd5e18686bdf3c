import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { isSubscriptionExpired } from '@/lib/session';
import { useViewer } from '@/lib/use-viewer';

/** Shown when someone is signed in, a subscription exists, and its expiry has passed. */
export function SubscriptionExpiredBanner({ now }: { now?: Date }) {
  const { t } = useTranslation();
  const { isAuthenticated, access } = useViewer();
  if (!isAuthenticated || !isSubscriptionExpired(access, now)) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      square
      action={
        <Link
          href="/subscriptionexpired"
          color="inherit"
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', alignSelf: 'center' }}
        >
          {t('banner.expired.link')}
        </Link>
      }
    >
      <AlertTitle>{t('banner.expired.title')}</AlertTitle>
      {t('banner.expired.text')}
    </Alert>
  );
}
