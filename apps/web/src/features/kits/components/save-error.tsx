/** Why a save was refused, as the server said it; a plan limit links to the upgrade page. */
import { AppErrorCode } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api';

export function SaveError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const isLimit = isApiError(error, AppErrorCode.LimitReached);
  const upgradeUrl =
    isLimit && typeof error.body.details?.upgradeUrl === 'string'
      ? error.body.details.upgradeUrl
      : '/upgradesubscription';
  const message = error instanceof Error ? error.message : t('kits.editor.saveFailed');
  return (
    <Alert
      severity={isLimit ? 'warning' : 'error'}
      action={
        isLimit ? (
          <Button color="inherit" size="small" href={upgradeUrl}>
            {t('kits.editor.upgrade')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
