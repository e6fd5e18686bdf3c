import { type UserUpdate, updatedUserSchema } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { updateOwnProfile } from '@/lib/session';
import { getCurrentUserQueryOptions } from './get-current-user';

/** `POST /api/v1/users/update`: the signed-in user's own name or language. */
export function updateUser(change: UserUpdate) {
  return api.post('/api/v1/users/update', change, updatedUserSchema);
}

/**
 * Saves the change, then the cached user, the session profile (its `locale` cookie) and the interface
 * language follow at once.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user, change) => {
      const { locale, ...record } = user;
      queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, record);
      updateOwnProfile({
        ...(change.name !== undefined ? { name: user.name } : {}),
        ...(change.locale ? { locale: locale ?? change.locale } : {}),
      });
    },
  });
}
