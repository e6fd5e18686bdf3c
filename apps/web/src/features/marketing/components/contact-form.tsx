import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const contactSchema = z.object({
  name: z.string().trim().min(1, 'contact.errors.name'),
  email: z.email('contact.errors.email'),
  message: z.string().trim().min(10, 'contact.errors.message').max(5000, 'contact.errors.messageLong'),
});
type ContactField = keyof z.infer<typeof contactSchema>;
type ErrorKey =
  | 'contact.errors.name'
  | 'contact.errors.email'
  | 'contact.errors.message'
  | 'contact.errors.messageLong';

/**
 * The contact form. The message service arrives in a later issue, so a valid form says plainly that nothing
 * was sent instead of pretending.
 */
export function ContactForm({
  defaultName = '',
  defaultEmail = '',
}: {
  defaultName?: string;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ name: defaultName, email: defaultEmail, message: '' });
  const [errors, setErrors] = useState<Partial<Record<ContactField, ErrorKey>>>({});
  const [isSubmitted, setSubmitted] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = contactSchema.safeParse(values);
    if (!result.success) {
      const next: Partial<Record<ContactField, ErrorKey>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as ContactField;
        next[field] ??= issue.message as ErrorKey;
      }
      setErrors(next);
      setSubmitted(false);
      return;
    }
    setErrors({});
    setSubmitted(true);
  };

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : ' ',
    fullWidth: true,
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} sx={{ maxWidth: 640 }}>
      <TextField label={t('contact.name')} autoComplete="name" required {...field('name')} />
      <TextField label={t('contact.email')} type="email" autoComplete="email" required {...field('email')} />
      <TextField label={t('contact.message')} required multiline minRows={5} {...field('message')} />
      <Stack direction="row">
        <Button type="submit" variant="contained">
          {t('contact.send')}
        </Button>
      </Stack>
      {isSubmitted ? (
        <Alert severity="info" role="status">
          {t('contact.notSent')}
        </Alert>
      ) : null}
    </Stack>
  );
}
