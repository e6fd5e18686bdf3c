/**
 * The signed-in session (the contracts in the domain's `session/session.ts`): opening and ending it, which
 * the sign-in and sign-out sequences do once each, and the roles and subscription the router guard reads.
 */
import { createSession, deleteSession, getUserRoles, getUserRolesAndSubscription } from '@hosewright/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { ROOT_KEYS } from './keys';

const root = ROOT_KEYS.session;
export const sessionKeys = {
  all: root,
  rolesAndSubscription: () => [...root, 'rolesAndSubscription'] as const,
};

/** Records the sign-in with the token just had, and answers the profile the app caches. */
export function openSession(token: string) {
  return call(createSession, undefined, { token });
}

/**
 * Ends the session of the stored token. The sign-out sequence decides where a failure leads, so the 401
 * navigation is off.
 */
export function closeSession(token: string) {
  return call(deleteSession, undefined, { token, handleAuthErrors: false });
}

export const rolesAndSubscriptionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.rolesAndSubscription(),
    // The router guard decides where a refusal leads (`AccessGuard`): no navigation from the call itself.
    queryFn: ({ signal }) =>
      call(getUserRolesAndSubscription, undefined, { signal, handleAuthErrors: false }),
    staleTime: 5 * 60_000,
  });

/** The caller's roles alone (`/userroles`), asked when the roles cookie is absent. */
export function fetchUserRoles() {
  return call(getUserRoles, undefined);
}
