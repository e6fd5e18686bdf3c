/** /support: 'Share your feedback' (contract `sendFeedback`): stored with the organisation and acknowledged. */
import { FEEDBACK_CATEGORIES, type FeedbackCategory, feedbackSchema } from '@hosewright/domain';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendFeedback } from '@/api/contact';
import { PageHeader } from '@/components/page-header';

export function SupportPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ category?: string; message?: string }>({});
  const send = useSendFeedback();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const page =
      typeof document !== 'undefined' && document.referrer ? new URL(document.referrer).pathname : '';
    const parsed = feedbackSchema.safeParse({ category: category || undefined, message, page });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader
        title={t('site.support.title')}
        icon={<FeedbackOutlinedIcon />}
        subtitle={t('site.support.subtitle')}
      />
      {send.isSuccess ? (
        <Stack spacing={2} alignItems="flex-start">
          <Alert severity="success" role="status">
            {t('site.support.thanks')}
          </Alert>
          <Button
            onClick={() => {
              setMessage('');
              setCategory('');
              send.reset();
            }}
          >
            {t('site.support.another')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
          <Stack>
            <FormLabel id="feedback-category" error={Boolean(errors.category)}>
              {t('site.support.category')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="feedback-category"
              row
              value={category}
              onChange={(event) => setCategory(event.target.value as FeedbackCategory)}
            >
              {FEEDBACK_CATEGORIES.map((c) => (
                <FormControlLabel
                  key={c}
                  value={c}
                  control={<Radio />}
                  label={t(`site.support.categories.${c}`)}
                />
              ))}
            </RadioGroup>
            {errors.category ? <FormHelperText error>{errors.category}</FormHelperText> : null}
          </Stack>
          <TextField
            label={t('site.support.message')}
            multiline
            minRows={5}
            required
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            error={Boolean(errors.message)}
            helperText={errors.message ?? ' '}
            disabled={send.isPending}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {send.isPending ? t('site.support.sending') : t('site.support.send')}
            </Button>
          </Stack>
          {send.isError ? (
            <Alert severity="error" role="alert">
              {t('site.support.failed', { message: send.error.message })}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
