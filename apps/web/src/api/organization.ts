/**
 * The organisation (the contracts in the domain's `organization/organization.ts`): its record, read by the
 * user menu and the organisation page, and its name, which an admin changes.
 */
import { getOrganization, updateOrganization } from '@hosewright/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { invalidate, ROOT_KEYS } from './keys';

const root = ROOT_KEYS.organization;
export const organizationKeys = {
  all: root,
  item: () => [...root, 'item'] as const,
};

export const organizationQuery = () =>
  queryOptions({
    queryKey: organizationKeys.item(),
    queryFn: ({ signal }) => call(getOrganization, undefined, { signal }),
  });

/** Admins rename the organisation; the dashboard shows the name too. */
export function useRenameOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(updateOrganization, { body: { name } }),
    onSuccess: () => invalidate(client, ['organization', 'dashboard']),
  });
}
