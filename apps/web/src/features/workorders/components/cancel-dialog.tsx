/** Cancelling a work order frees its stock; the dialog asks why, as the record keeps the reason. */
import { workOrderCancelSchema } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CancelDialogProps {
  open: boolean;
  number: string;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

export function CancelDialog({ open, isBusy, onCancel, ...rest }: CancelDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {/* Mounted while open only: the next opening starts with an empty reason. */}
      <CancelForm titleId={titleId} isBusy={isBusy} onCancel={onCancel} {...rest} />
    </Dialog>
  );
}

function CancelForm({
  titleId,
  number,
  isBusy,
  onCancel,
  onConfirm,
}: Omit<CancelDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workOrderCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('workOrders.detail.cancelReasonHelp'));
      return;
    }
    onConfirm(parsed.data.reason);
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('workOrders.detail.cancelTitle', { number })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('workOrders.detail.cancelText')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          required
          label={t('workOrders.detail.cancelReason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? t('workOrders.detail.cancelReasonHelp')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isBusy}>
          {t('workOrders.detail.keep')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={isBusy}
          startIcon={isBusy ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {t('workOrders.detail.cancel')}
        </Button>
      </DialogActions>
    </Box>
  );
}
