/**
 * Why an estimate or the list could not be read: a plan without estimates (a trial answers 996, `WRONG_TIER`)
 * offers the plans; no such estimate says so; anything else shows the server's reason with a retry.
 */
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { isApiError } from '@/lib/api';

export function LoadProblem({
  error,
  message,
  onRetry,
}: {
  error: Error;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (isApiError(error, 'WRONG_TIER')) {
    return (
      <Alert
        severity="info"
        icon={<LockIcon />}
        action={
          <Button component={RouterLink} to="/upgradesubscription" color="inherit" size="small">
            {t('estimates.upgrade')}
          </Button>
        }
      >
        {t('estimates.wrongTier')}
      </Alert>
    );
  }
  if (isApiError(error, 'NOT_FOUND')) return <Alert severity="info">{t('estimates.notFound')}</Alert>;
  return <LoadFailed message={message} error={error} onRetry={onRetry} />;
}
