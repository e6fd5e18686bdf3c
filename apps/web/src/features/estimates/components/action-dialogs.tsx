/**
 * The dialogs of an estimate's actions: send (to whom, with what message), accept (how its work orders are
 * made) and decline (why). Each is a form mounted only while open, so the next opening starts afresh, and
 * each checks with the contract's own schema before anything is sent.
 */
import {
  type EstimateAccept,
  estimateAcceptSchema,
  estimateDeclineSchema,
  estimateSendSchema,
} from '@hosewright/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarehousePicker } from '@/components/warehouse-picker';

interface ShellProps {
  open: boolean;
  isBusy: boolean;
  onCancel: () => void;
}

function Shell({
  open,
  isBusy,
  onCancel,
  title,
  children,
}: ShellProps & { title: string; children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open ? children(titleId) : null}
    </Dialog>
  );
}

function Actions({
  isBusy,
  onCancel,
  confirmLabel,
  tone = 'primary',
}: {
  isBusy: boolean;
  onCancel: () => void;
  confirmLabel: string;
  tone?: 'primary' | 'error';
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={isBusy}>
        {t('common.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        color={tone}
        disabled={isBusy}
        startIcon={isBusy ? <CircularProgress size={16} aria-hidden /> : undefined}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}

export function SendDialog({
  number,
  defaultTo,
  onConfirm,
  ...shell
}: ShellProps & { number: string; defaultTo: string; onConfirm: (to: string, message: string) => void }) {
  const { t } = useTranslation();
  return (
    <Shell {...shell} title={t('estimates.send.title', { number })}>
      {() => <SendForm defaultTo={defaultTo} onConfirm={onConfirm} {...shell} />}
    </Shell>
  );
}

function SendForm({
  defaultTo,
  onConfirm,
  isBusy,
  onCancel,
}: ShellProps & { defaultTo: string; onConfirm: (to: string, message: string) => void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState(defaultTo);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = estimateSendSchema.safeParse({ to: to.trim() || undefined, message });
    if (!to.trim()) {
      setErrors({ to: t('estimates.send.toNeeded') });
      return;
    }
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    onConfirm(parsed.data.to ?? to.trim(), parsed.data.message);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('estimates.send.text')}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            autoFocus
            type="email"
            label={t('estimates.send.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={Boolean(errors.to)}
            helperText={errors.to ?? t('estimates.send.toHelp')}
            slotProps={{ htmlInput: { autoComplete: 'email' } }}
          />
          <TextField
            label={t('estimates.send.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={3}
            error={Boolean(errors.message)}
            helperText={errors.message ?? t('estimates.send.messageHelp')}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
      </DialogContent>
      <Actions isBusy={isBusy} onCancel={onCancel} confirmLabel={t('estimates.send.confirm')} />
    </Box>
  );
}

export function AcceptDialog({
  number,
  onConfirm,
  ...shell
}: ShellProps & { number: string; onConfirm: (input: Partial<EstimateAccept>) => void }) {
  const { t } = useTranslation();
  return (
    <Shell {...shell} title={t('estimates.accept.title', { number })}>
      {() => <AcceptForm onConfirm={onConfirm} {...shell} />}
    </Shell>
  );
}

function AcceptForm({
  onConfirm,
  isBusy,
  onCancel,
}: ShellProps & { onConfirm: (input: Partial<EstimateAccept>) => void }) {
  const { t } = useTranslation();
  const splitLabel = useId();
  const [split, setSplit] = useState<EstimateAccept['workOrders']>('perEstimate');
  const [warehouseId, setWarehouseId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      workOrders: split,
      ...(warehouseId ? { warehouseId } : {}),
      dueDate: dueDate || null,
    };
    const parsed = estimateAcceptSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onConfirm(input);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('estimates.accept.text')}</DialogContentText>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id={splitLabel}>{t('estimates.accept.split')}</FormLabel>
            <RadioGroup
              aria-labelledby={splitLabel}
              value={split}
              onChange={(e) => setSplit(e.target.value as EstimateAccept['workOrders'])}
            >
              <FormControlLabel
                value="perEstimate"
                control={<Radio />}
                label={t('estimates.accept.perEstimate')}
              />
              <FormControlLabel
                value="perAssembly"
                control={<Radio />}
                label={t('estimates.accept.perAssembly')}
              />
            </RadioGroup>
          </FormControl>
          <WarehousePicker
            value={{ warehouseId, locationId: null }}
            onChange={(place) => setWarehouseId(place.warehouseId)}
            label={t('estimates.accept.warehouse')}
          />
          <TextField
            type="date"
            label={t('estimates.accept.dueDate')}
            value={dueDate}
            onChange={(e) => {
              setDueDate(e.target.value);
              setError(null);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(error)}
            helperText={error ?? t('estimates.accept.dueDateHelp')}
          />
        </Stack>
      </DialogContent>
      <Actions isBusy={isBusy} onCancel={onCancel} confirmLabel={t('estimates.accept.confirm')} />
    </Box>
  );
}

export function DeclineDialog({
  number,
  onConfirm,
  ...shell
}: ShellProps & { number: string; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation();
  return (
    <Shell {...shell} title={t('estimates.decline.title', { number })}>
      {() => <DeclineForm onConfirm={onConfirm} {...shell} />}
    </Shell>
  );
}

function DeclineForm({ onConfirm, isBusy, onCancel }: ShellProps & { onConfirm: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = estimateDeclineSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onConfirm(parsed.data.reason);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('estimates.decline.text')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={t('estimates.decline.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? t('estimates.decline.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <Actions
        isBusy={isBusy}
        onCancel={onCancel}
        confirmLabel={t('estimates.decline.confirm')}
        tone="error"
      />
    </Box>
  );
}
