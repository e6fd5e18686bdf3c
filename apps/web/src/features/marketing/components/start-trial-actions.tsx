import { useAuth0 } from '@auth0/auth0-react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { loginOptions, signUpOptions } from '@/lib/auth';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

/**
 * The two calls to action of the public pages; a signed-in user gets the way to the dashboard instead. They
 * are links to /signup and /login, where the pre-rendered pages (without the SDK) send them; here the SDK
 * starts the redirect at once.
 */
export function StartTrialActions({ size = 'large' }: { size?: 'medium' | 'large' }) {
  const { t } = useTranslation();
  const { loginWithRedirect } = useAuth0();
  const { isAuthenticated } = useViewer();
  const fail = () => snackbar.warning(t('auth.redirectFailed'));

  if (isAuthenticated) {
    return (
      <Stack direction="row">
        <Button
          variant="contained"
          size={size}
          href="/dashboard"
          sx={{ bgcolor: 'brand.gold', color: '#2b1d00', fontWeight: 700, '&:hover': { bgcolor: '#e0a420' } }}
        >
          {t('home.openDashboard')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Button
        variant="contained"
        size={size}
        href="/signup"
        onClick={(event) => {
          event.preventDefault();
          loginWithRedirect(signUpOptions()).catch(fail);
        }}
        sx={{ bgcolor: 'brand.gold', color: '#2b1d00', fontWeight: 700, '&:hover': { bgcolor: '#e0a420' } }}
      >
        {t('home.startTrial')}
      </Button>
      <Button
        variant="outlined"
        size={size}
        href="/login"
        onClick={(event) => {
          event.preventDefault();
          loginWithRedirect(loginOptions('/')).catch(fail);
        }}
        sx={{ color: 'inherit', borderColor: 'currentColor' }}
      >
        {t('home.logIn')}
      </Button>
    </Stack>
  );
}
