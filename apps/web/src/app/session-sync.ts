import { useAuth0 } from '@auth0/auth0-react';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startSession } from '@/features/auth/utils/start-session';
import { setAccessTokenGetter } from '@/lib/api';
import { registerServiceWorker } from '@/lib/service-worker';
import { useSessionStore } from '@/lib/session';

/** Paths that own the session themselves: no session start while on them. */
const SESSION_FREE_PATHS = new Set(['/login', '/signup', '/logout', '/logoutcallback']);
/** Paths an unverified user may stay on. */
const UNVERIFIED_ALLOWED_PATHS = new Set(['/verifyemail', '/login', '/signup', '/logout', '/logoutcallback']);

/**
 * Joins the identity SDK to the app: registers the token source of the API client, starts the session once the
 * user is authenticated, sends an unverified address to /verifyemail, and leaves /verifyemail for the
 * dashboard once the server accepted the session (the address was verified meanwhile). The offline service
 * worker is registered once a session is ready: a visitor's first look at the public pages never downloads
 * the precached app (it is built only for production).
 */
export function useSessionSync(): void {
  const { isLoading, isAuthenticated, user, getAccessTokenSilently } = useAuth0();
  const status = useSessionStore((s) => s.status);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isSessionFree = SESSION_FREE_PATHS.has(pathname);

  const getToken = useCallback(async () => {
    const token = await getAccessTokenSilently();
    if (!token) throw new Error('could not get access token');
    return token;
  }, [getAccessTokenSilently]);

  useEffect(() => {
    if (!isAuthenticated) return;
    setAccessTokenGetter(getToken);
    return () => setAccessTokenGetter(null);
  }, [isAuthenticated, getToken]);

  useEffect(() => {
    if (isLoading || !isAuthenticated || status !== 'idle' || isSessionFree) return;
    void startSession({ claims: user, getToken });
  }, [isLoading, isAuthenticated, status, isSessionFree, user, getToken]);

  useEffect(() => {
    if (status === 'ready' && import.meta.env.PROD) registerServiceWorker();
  }, [status]);

  useEffect(() => {
    if (status === 'unverified' && !UNVERIFIED_ALLOWED_PATHS.has(pathname)) {
      navigate('/verifyemail', { replace: true });
    } else if (status === 'ready' && pathname === '/verifyemail') {
      navigate('/dashboard', { replace: true });
    }
  }, [status, pathname, navigate]);
}
