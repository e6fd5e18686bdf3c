import { useAuth0 } from '@auth0/auth0-react';
import { ACCESS_TOKEN_COOKIE } from '@hosewright/domain';
import LoginIcon from '@mui/icons-material/Login';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { landingAfterSignIn, loginOptions, SIGNED_IN_HOME } from '@/lib/auth';
import { removeCookie } from '@/lib/cookies';

/** Where a guard sent the visitor from, carried in the navigation state. */
export interface LoginLocationState {
  returnTo?: string;
  /**
   * Set when a signed-in user was refused a page: 845 (a role), or `unauthorized` (the organisation has no
   * subscription, or the user is no member of it).
   */
  denied?: { message?: string; code?: string | number };
}

function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

function readDenied(state: unknown): { message: string; code?: string | number } | undefined {
  if (typeof state !== 'object' || state === null || !('denied' in state)) return undefined;
  const denied = (state as LoginLocationState).denied;
  return typeof denied?.message === 'string' ? { message: denied.message, code: denied.code } : undefined;
}

function readReturnTo(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state as LoginLocationState;
    if (typeof returnTo === 'string') return landingAfterSignIn(returnTo);
  }
  return SIGNED_IN_HOME;
}

/**
 * The login page: titled Login with a page header; on load it clears the stored access token and starts a
 * redirect sign-in that returns to the dashboard (or to the page the guard stopped). A failed redirect goes
 * to /logout.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { loginWithRedirect, loginWithPopup, isAuthenticated } = useAuth0();
  const navigate = useNavigate();
  const location = useLocation();
  const hasStarted = useRef(false);
  const returnTo = readReturnTo(location.state);
  // A signed-in user refused a page (`ACCESS_CODES.missingRole`: 'Cannot access this resource') is told why
  // rather than bounced through the provider, which would sign them straight back in.
  const denied = isAuthenticated ? readDenied(location.state) : undefined;
  const deniedMessage = denied?.message;

  // Inside a parent page's frame the provider cannot be shown (it refuses to be framed): sign in in a popup,
  // which browsers allow only from a click.
  const framed = isFramed();

  useEffect(() => {
    if (framed || deniedMessage || hasStarted.current) return;
    hasStarted.current = true;
    removeCookie(ACCESS_TOKEN_COOKIE);
    loginWithRedirect(loginOptions(returnTo)).catch(() => navigate('/logout', { replace: true }));
  }, [framed, deniedMessage, loginWithRedirect, navigate, returnTo]);

  if (framed && !deniedMessage) {
    return (
      <>
        <PageHeader title={t('login.title')} icon={<LoginIcon />} />
        <Stack sx={{ alignItems: 'center', mt: 4 }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<LoginIcon />}
            onClick={() => {
              removeCookie(ACCESS_TOKEN_COOKIE);
              loginWithPopup().then(
                () => navigate(returnTo, { replace: true }),
                () => navigate('/logout', { replace: true }),
              );
            }}
          >
            {t('login.popup')}
          </Button>
        </Stack>
      </>
    );
  }

  if (deniedMessage) {
    return (
      <>
        <PageHeader title={t('login.title')} icon={<LoginIcon />} />
        <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', mt: 2 }}>
          <Alert severity="warning">
            <AlertTitle>{deniedMessage}</AlertTitle>
            {denied?.code === 'unauthorized' ? t('login.unauthorizedHelp') : t('login.deniedHelp')}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" onClick={() => navigate('/dashboard')}>
              {t('login.backToDashboard')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                removeCookie(ACCESS_TOKEN_COOKIE);
                void loginWithRedirect({ ...loginOptions(), authorizationParams: { prompt: 'login' } });
              }}
            >
              {t('login.otherAccount')}
            </Button>
          </Stack>
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('login.title')} icon={<LoginIcon />} />
      <CentredProgress label={t('login.redirecting')} />
    </>
  );
}
