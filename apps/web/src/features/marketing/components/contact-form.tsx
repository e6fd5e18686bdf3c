/**
 * The contact form of the public site (contract `sendContactMessage`): checked here with the same rules the
 * server uses, then sent to `POST /api/v1/contact`, which stores it and emails it to the company.
 */
import { type ContactMessage, contactMessageSchema } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendContactMessage } from '@/api/contact';

type Field = keyof ContactMessage;

/** The message field's least height in lines (it grows with the text). */
export const MESSAGE_MIN_ROWS = 5;

export function ContactForm({
  defaultName = '',
  defaultEmail = '',
}: {
  defaultName?: string;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    name: defaultName,
    email: defaultEmail,
    company: '',
    message: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendContactMessage();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = contactMessageSchema.safeParse(values);
    if (!result.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(result.data);
  };

  if (send.isSuccess) {
    return (
      <Alert severity="success" role="status" sx={{ maxWidth: 640 }}>
        {t('site.contact.sent', { name: values.name.trim() })}
      </Alert>
    );
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    fullWidth: true,
    disabled: send.isPending,
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} sx={{ maxWidth: 640 }}>
      <TextField label={t('contact.name')} autoComplete="name" required {...field('name')} />
      <TextField label={t('contact.email')} type="email" autoComplete="email" required {...field('email')} />
      <TextField label={t('site.contact.company')} autoComplete="organization" {...field('company')} />
      <TextField
        label={t('contact.message')}
        required
        multiline
        minRows={MESSAGE_MIN_ROWS}
        {...field('message')}
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {send.isPending ? t('site.contact.sending') : t('contact.send')}
        </Button>
      </Stack>
      {send.isError ? (
        <Alert severity="error" role="alert">
          {t('site.contact.failed', { message: send.error.message })}
        </Alert>
      ) : null}
    </Stack>
  );
}
