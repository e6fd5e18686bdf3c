/**
 * A name shown as text with an edit button; editing turns it into a small form (save, cancel) that checks
 * the value is there and not too long, shows the server's message when saving fails, and keeps the draft.
 */
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface InlineTextEditorProps {
  value: string;
  label: string;
  editLabel: string;
  canEdit?: boolean;
  maxLength: number;
  autoComplete?: string;
  messages: { required: string; tooLong: string };
  /** Saves the trimmed value; a rejection's message is shown under the field. */
  onSave: (value: string) => Promise<unknown>;
}

export function InlineTextEditor({
  value,
  label,
  editLabel,
  canEdit = true,
  maxLength,
  autoComplete,
  messages,
  onSave,
}: InlineTextEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = (draft ?? '').trim();
    if (!next) return setError(messages.required);
    if (next.length > maxLength) return setError(messages.tooLong);
    setError(null);
    setSaving(true);
    onSave(next).then(
      () => {
        setSaving(false);
        setDraft(null);
      },
      (failure: unknown) => {
        setSaving(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };

  if (draft === null) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        {canEdit ? (
          <Tooltip title={editLabel}>
            <IconButton aria-label={editLabel} onClick={() => setDraft(value)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' }, pt: 1 }}
    >
      <TextField
        label={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        autoFocus
        size="small"
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: maxLength + 1, autoComplete } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={saving}>
          {t('common.save')}
        </Button>
        <Button
          onClick={() => {
            setDraft(null);
            setError(null);
          }}
          disabled={saving}
        >
          {t('common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
