import { organizationSchema } from '@hosewright/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

/**
 * `GET /api/v1/organization/`: the caller's organisation. The same key as the user menu's, so a new name
 * shows there too.
 */
export const getOrganizationQueryOptions = () =>
  queryOptions({
    queryKey: ['organization', 'name'],
    queryFn: ({ signal }) => api.get('/api/v1/organization/', organizationSchema, { signal }),
  });

export function useOrganization() {
  return useQuery(getOrganizationQueryOptions());
}

/** `POST /api/v1/organization/update` (admins): the organisation's settings; here only its name. */
export function renameOrganization(name: string) {
  return api.post('/api/v1/organization/update', { name }, z.object({}).loose());
}

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organization'] }),
  });
}
