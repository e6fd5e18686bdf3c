import { useAuth0 } from '@auth0/auth0-react';
import { ACCESS_TOKEN_COOKIE } from '@hosewright/domain';
import LoginIcon from '@mui/icons-material/Login';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { loginOptions } from '@/lib/auth';
import { removeCookie } from '@/lib/cookies';

/** Where a guard sent the visitor from, carried in the navigation state. */
export interface LoginLocationState {
  returnTo?: string;
}

function readReturnTo(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state as LoginLocationState;
    if (typeof returnTo === 'string') return returnTo;
  }
  return '/';
}

/**
 * SPEC 2 "Login page": titled Login with a page header; on load it clears the stored access token and starts a
 * redirect sign-in that returns to the site root (or to the page the guard stopped). A failed redirect goes
 * to /logout.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { loginWithRedirect } = useAuth0();
  const navigate = useNavigate();
  const location = useLocation();
  const hasStarted = useRef(false);
  const returnTo = readReturnTo(location.state);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    removeCookie(ACCESS_TOKEN_COOKIE);
    loginWithRedirect(loginOptions(returnTo)).catch(() => navigate('/logout', { replace: true }));
  }, [loginWithRedirect, navigate, returnTo]);

  return (
    <>
      <PageHeader title={t('login.title')} icon={<LoginIcon />} />
      <CentredProgress label={t('login.redirecting')} />
    </>
  );
}
