import { useAuth0 } from '@auth0/auth0-react';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useResendVerificationEmail } from '@/api/user';
import { PageHeader } from '@/components/page-header';
import { loginOptions } from '@/lib/auth';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

/** /verifyemail: the address is not verified yet; resend the link or sign in again once it is. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { loginWithRedirect } = useAuth0();
  const { isAuthenticated, email } = useViewer();
  const resend = useResendVerificationEmail();

  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: () => snackbar.success(t('verifyEmail.sent', { email })),
      onError: (error) => snackbar.warning(error.message),
    });
  };

  const onVerified = () => {
    // A fresh sign-in asks the server again (`startSession`), which then lets a verified address in.
    loginWithRedirect(loginOptions('/dashboard')).catch(() => snackbar.warning(t('auth.redirectFailed')));
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('verifyEmail.title')} icon={<MarkEmailUnreadIcon />} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography>{email ? t('verifyEmail.sentTo', { email }) : t('verifyEmail.sentToYou')}</Typography>
          <Typography color="text.secondary">{t('verifyEmail.explain')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {isAuthenticated ? (
              <Button variant="outlined" onClick={onResend} loading={resend.isPending}>
                {t('verifyEmail.resend')}
              </Button>
            ) : null}
            <Button variant="contained" onClick={onVerified}>
              {t('verifyEmail.verified')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
