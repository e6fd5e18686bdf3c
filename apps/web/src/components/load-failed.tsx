import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** Something could not be loaded: what, the server's reason, and a button to try again. */
export function LoadFailed({
  message,
  error,
  onRetry,
}: {
  message: string;
  error: Error;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message} {error.message}
    </Alert>
  );
}
