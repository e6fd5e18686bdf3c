import { useAuth0 } from '@auth0/auth0-react';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';

function messageFrom(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'message' in state) {
    const { message } = state as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** /errors/login: what the identity SDK reported, and a way to try again. */
export function LoginErrorPage() {
  const { t } = useTranslation();
  const { error } = useAuth0();
  const location = useLocation();
  const navigate = useNavigate();
  const message = messageFrom(location.state) ?? error?.message ?? t('loginError.unknown');

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('loginError.title')} icon={<ErrorOutlineIcon />} />
      <Typography>{t('loginError.explain')}</Typography>
      <Alert severity="error">{message}</Alert>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => navigate('/login')}>
          {t('loginError.tryAgain')}
        </Button>
        <Button href="/">{t('common.goHome')}</Button>
      </Stack>
    </Stack>
  );
}
