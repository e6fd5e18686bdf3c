import { useTranslation } from 'react-i18next';
import { useUpdateCheck } from '@/lib/update-check';
import { useViewer } from '@/lib/use-viewer';
import { ConfirmDialog } from '../confirm-dialog';

/** Asks, once a newer version is on the server (`useUpdateCheck`), whether to update now. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { isAuthenticated, status } = useViewer();
  const update = useUpdateCheck(isAuthenticated && status === 'ready');
  return (
    <ConfirmDialog
      open={update.offeredVersion !== null}
      title={t('update.title')}
      confirmLabel={t('update.accept')}
      isBusy={update.isUpdating}
      onConfirm={() => void update.accept()}
      onCancel={update.decline}
    >
      {t('update.text')}
    </ConfirmDialog>
  );
}
