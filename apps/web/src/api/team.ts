/**
 * The team (the contracts in the domain's `team/team.ts`): who belongs to the organisation and with which
 * role; admins change roles and remove people.
 */
import {
  type InvitationInput,
  inviteTeamMember,
  listRoles,
  listTeam,
  type Role,
  remindTeamMember,
  removeTeamMember,
  updateUserRole,
} from '@hosewright/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetRoles, useSessionStore } from '@/lib/session';
import { call } from './call';
import { invalidate, ROOT_KEYS } from './keys';

const root = ROOT_KEYS.team;
export const teamKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
  roles: () => [...root, 'roles'] as const,
};

export const teamQuery = () =>
  queryOptions({
    queryKey: teamKeys.list(),
    queryFn: ({ signal }) => call(listTeam, undefined, { signal }),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: teamKeys.roles(),
    queryFn: ({ signal }) => call(listRoles, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { userId: string; role: Role }) => call(updateUserRole, { body: change }),
    onSuccess: (_, change) => {
      // An admin who changed their own role: the roles cookie goes and `/userroles` answers the new one.
      if (change.userId === useSessionStore.getState().profile?.userId) forgetRoles();
      return invalidate(client, ['team', 'session']);
    },
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(removeTeamMember, { params: { userId } }),
    onSuccess: () => invalidate(client, ['team']),
  });
}

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationInput) => call(inviteTeamMember, { body: input }),
    onSuccess: () => invalidate(client, ['team']),
  });
}

/** Sends an invitation again: a new link, a new expiry. */
export function useRemind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(remindTeamMember, { params: { userId: invitationId } }),
    onSuccess: () => invalidate(client, ['team']),
  });
}
