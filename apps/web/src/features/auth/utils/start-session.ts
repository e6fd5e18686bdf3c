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

/**
 * The id token claims the session start reads. Not `email_verified`: the identity SDK keeps the id token across
 * reloads, so that claim can predate a verification made since; `sessions/create` answers from the database.
 */
export interface SessionClaims {
  email?: string | undefined;
  name?: string | undefined;
}

export interface StartSessionInput {
  claims: SessionClaims | undefined;
  getToken: () => Promise<string>;
}

export type StartSessionResult = 'ready' | 'unverified' | 'failed' | 'skipped';

/**
 * After authentication: get the token, keep it in the `accessToken` cookie, and use the cached profile when it
 * is complete and belongs to this user, or ask `sessions/create` (always right after a sign-in) and cache its
 * answer. Whether the email is verified is the server's answer (403 EmailNotVerified), never the id token's:
 * the profile is only cached once the server accepted the user, and a verified address stays verified.
 */
export async function startSession({ claims, getToken }: StartSessionInput): Promise<StartSessionResult> {
  const state = useSessionStore.getState();
  if (state.status !== 'idle') return 'skipped';
  const isFreshLogin = state.isFreshLogin;
  setSessionStatus('pending');

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
