import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '@/lib/online-status';

/** The app shell works offline (service worker); this says why lists and saves do not. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <Alert severity="warning" square icon={<CloudOffIcon />} role="status" aria-live="polite">
      <AlertTitle>{t('offline.title')}</AlertTitle>
      {t('offline.text')}
    </Alert>
  );
}
