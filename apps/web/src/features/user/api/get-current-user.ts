import { currentUserSchema } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** `GET /api/v1/user`: the signed-in user's record. */
export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'current'],
    queryFn: ({ signal }) => api.get('/api/v1/user', currentUserSchema, { signal }),
  });

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
