/**
 * The signed-in user's own record (the contracts in the domain's `user/user.ts`): read it, change the name or
 * language, ask for a password reset or the verification email again.
 */
import {
  getUser,
  resendVerificationEmail,
  resetPassword,
  type UserUpdate,
  updateUser,
} from '@hosewright/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { updateOwnProfile } from '@/lib/session';
import { call } from './call';
import { ROOT_KEYS } from './keys';

const root = ROOT_KEYS.user;
export const userKeys = {
  all: root,
  current: () => [...root, 'current'] as const,
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => call(getUser, undefined, { signal }),
  });

/**
 * Saves the change; the cached user, the session profile (its `locale` cookie) and the interface language
 * follow at once.
 */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: UserUpdate) => call(updateUser, { body: change }),
    onSuccess: (user, change) => {
      const { locale, ...record } = user;
      client.setQueryData(userKeys.current(), record);
      updateOwnProfile({
        ...(change.name !== undefined ? { name: user.name } : {}),
        ...(change.locale ? { locale: locale ?? change.locale } : {}),
      });
    },
  });
}

/** The server emails a link to choose a new password. */
export function useResetPassword() {
  return useMutation({ mutationFn: () => call(resetPassword) });
}

/** Allowed while the address is still unverified. */
export function useResendVerificationEmail() {
  return useMutation({ mutationFn: () => call(resendVerificationEmail) });
}
