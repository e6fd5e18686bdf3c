import LockResetIcon from '@mui/icons-material/LockReset';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { snackbar } from '@/lib/snackbar-store';
import { useCurrentUser } from '../api/get-current-user';
import { useResetPassword } from '../api/reset-password';

/** /user and /user/{initialTab}: the signed-in user's details and a password reset. */
export function UserPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const reset = useResetPassword();

  const onReset = () => {
    reset.mutate(undefined, {
      onSuccess: () => snackbar.success(t('user.resetSent', { email: user.data?.email ?? '' })),
      onError: (error) => snackbar.warning(error.message),
    });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('user.title')} icon={<PersonIcon />} />
      {user.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => user.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('user.loadFailed')} {user.error.message}
        </Alert>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          aria-busy={user.isPending ? 'true' : undefined}
        >
          <Stack component="dl" spacing={2} sx={{ m: 0, '& dd': { m: 0 } }}>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('user.name')}
              </Typography>
              <Typography component="dd" variant="h6">
                {user.isPending ? <Skeleton width={200} /> : user.data.name}
              </Typography>
            </div>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('user.email')}
              </Typography>
              <Typography
                component="dd"
                sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                {user.isPending ? (
                  <Skeleton width={240} />
                ) : (
                  <>
                    <span>{user.data.email}</span>
                    <Chip
                      size="small"
                      color={user.data.emailVerified ? 'success' : 'warning'}
                      label={user.data.emailVerified ? t('user.verified') : t('user.unverified')}
                    />
                  </>
                )}
              </Typography>
            </div>
          </Stack>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('user.passwordTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('user.passwordText')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<LockResetIcon />}
          onClick={onReset}
          loading={reset.isPending}
          disabled={user.isPending}
        >
          {t('user.resetPassword')}
        </Button>
      </Paper>
    </Stack>
  );
}
