import { rolesAndSubscriptionSchema } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const rolesAndSubscriptionQueryKey = ['session', 'rolesAndSubscription'] as const;

/** `GET /api/v1/organization/userrolesandsubscription` (SPEC 3 "Roles and subscription response"). */
export const getRolesAndSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: rolesAndSubscriptionQueryKey,
    queryFn: ({ signal }) =>
      api.get('/api/v1/organization/userrolesandsubscription', rolesAndSubscriptionSchema, { signal }),
    staleTime: 5 * 60_000,
  });

export function useRolesAndSubscription({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...getRolesAndSubscriptionQueryOptions(), enabled: isEnabled });
}
