import { AppErrorCode } from '@hosewright/domain';
import { openSession } from '@/api/session';
import { isApiError } from '@/lib/api';
import {
  readCachedSession,
  setSessionStatus,
  storeAccessToken,
  storeSessionProfile,
  useSessionStore,
} from '@/lib/session';

/** The id token claims the session start reads. */
export interface SessionClaims {
  email?: string | undefined;
  email_verified?: boolean | undefined;
  name?: string | undefined;
}

export interface StartSessionInput {
  claims: SessionClaims | undefined;
  getToken: () => Promise<string>;
}

export type StartSessionResult = 'ready' | 'unverified' | 'failed' | 'skipped';

/**
 * After authentication: an unverified email stops here; otherwise get the token, keep it in the
 * `accessToken` cookie, and use the cached profile when it is complete and belongs to this user, or ask
 * `sessions/create` (always right after a sign-in) and cache its answer.
 */
export async function startSession({ claims, getToken }: StartSessionInput): Promise<StartSessionResult> {
  const state = useSessionStore.getState();
  if (state.status !== 'idle') return 'skipped';
  const isFreshLogin = state.isFreshLogin;
  setSessionStatus('pending');

  if (claims?.email_verified === false) {
    setSessionStatus('unverified');
    return 'unverified';
  }

  // A logout that starts meanwhile owns the session state; nothing may be stored behind its back.
  const isSigningOut = () => useSessionStore.getState().status === 'signingOut';

  let token: string;
  try {
    token = await getToken();
  } catch {
    if (!isSigningOut()) setSessionStatus('failed');
    return 'failed';
  }
  if (isSigningOut()) return 'skipped';
  storeAccessToken(token);

  const cached = readCachedSession();
  const isSameUser = !claims?.email || cached?.email.toLowerCase() === claims.email.toLowerCase();
  if (cached && isSameUser && !isFreshLogin) {
    storeSessionProfile({ ...cached, ...(claims?.name ? { name: claims.name } : {}) });
    return 'ready';
  }

  try {
    const profile = await openSession(token);
    if (isSigningOut()) return 'skipped';
    storeSessionProfile(profile);
    return 'ready';
  } catch (error) {
    if (isSigningOut()) return 'skipped';
    if (isApiError(error, AppErrorCode.EmailNotVerified)) {
      setSessionStatus('unverified');
      return 'unverified';
    }
    setSessionStatus('failed');
    return 'failed';
  }
}
