/**
 * The organisation (the contracts in the domain's `organization/organization.ts`): its record, read by the
 * user menu and the organisation page, and its name, which an admin changes.
 */
import { acceptTerms, getOrganization, hasAcceptedTerms, updateOrganization } from '@hosewright/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { invalidate, ROOT_KEYS } from './keys';

const root = ROOT_KEYS.organization;
export const organizationKeys = {
  all: root,
  item: () => [...root, 'item'] as const,
  terms: () => [...root, 'terms'] as const,
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

/** Whether the organisation accepted the terms of service in force (a JSON boolean). */
export const termsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.terms(),
    queryFn: ({ signal }) => call(hasAcceptedTerms, undefined, { signal }),
  });

/** An admin accepts the terms for the organisation. */
export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(acceptTerms, undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.terms() }),
  });
}
