import type { LogoutOptions } from '@auth0/auth0-react';
import { closeSession } from '@/api/session';
import { isApiError } from '@/lib/api';
import { clearOrganizationSettings } from '@/lib/organization-settings';
import { clearCachedProfile, getStoredAccessToken, removeAccessToken, setSessionStatus } from '@/lib/session';

export interface LogoutInput {
  /** The identity SDK's logout. */
  logout: (options?: LogoutOptions) => Promise<void>;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Forget server data cached for this user. */
  clearServerCache?: () => void;
  origin?: string;
}

export type LogoutResult = 'signedOut' | 'failedUnauthenticated' | 'failed';

/**
 * Signing out, in this order: clear the profile (locale back to en_ca, cached role, email, subscription
 * and limit values removed) and the organisation's cached settings, delete the server session with the stored token, remove the token, then sign out
 * at the provider, which returns to /logoutcallback. A failed delete stops the sequence: 401 goes to /login,
 * anything else to /.
 */
export async function runLogout({
  logout,
  navigate,
  clearServerCache,
  origin = window.location.origin,
}: LogoutInput): Promise<LogoutResult> {
  const token = getStoredAccessToken();
  clearCachedProfile();
  clearOrganizationSettings();
  clearServerCache?.();

  // Without a stored token there is no server session to delete; still sign out at the provider.
  if (token) {
    try {
      await closeSession(token);
    } catch (error) {
      setSessionStatus('idle');
      if (isApiError(error) && error.status === 401) {
        navigate('/login', { replace: true });
        return 'failedUnauthenticated';
      }
      navigate('/', { replace: true });
      return 'failed';
    }
  }

  removeAccessToken();
  await logout({ logoutParams: { returnTo: `${origin}/logoutcallback` } });
  return 'signedOut';
}
