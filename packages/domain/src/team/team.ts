/**
 * The team: who belongs to the organisation and with which role. Every member reads it; admins change roles
 * and remove people. An organisation always keeps at least one admin.
 */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER } from '../api/endpoint.ts';
import { idParam, isoDateTimeSchema, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import { ROLES } from '../plans.ts';

export const teamMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** When they last started a session in this organisation, if ever. */
  lastSignInAt: isoDateTimeSchema.nullable(),
  joinedAt: isoDateTimeSchema,
  /**
   * A member is `active`, or `unverified` until they confirm their email address. A person invited by email
   * is `invited` until they accept, or `expired` after `INVITATION_DAYS` (an admin reminds them: a new link).
   */
  status: z.enum(['active', 'unverified', 'invited', 'expired']),
  /** For an invitation: when its link stops working. */
  invitationExpiresAt: isoDateTimeSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const roleInfoSchema = z.object({ role: z.enum(ROLES), name: z.string(), description: z.string() });
export type RoleInfo = z.infer<typeof roleInfoSchema>;

/** The roles people can have, as the team page offers them. */
export const ROLE_INFO: readonly RoleInfo[] = [
  {
    role: 'admin',
    name: 'Admin',
    description: 'Everything, including the component library, imports, settings and the team',
  },
  {
    role: 'regular',
    name: 'Regular',
    description: 'Customers, hose assemblies and kits; sees the team and the settings',
  },
];

export const roleChangeSchema = z.object({
  userId: idParam('This person'),
  role: z.enum(ROLES, { error: 'Choose the role: admin or regular' }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

export const invitationInputSchema = z.object({
  email: z
    .string({ error: 'Enter an email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address, like dana@example.com')),
  role: z.enum(ROLES, { error: 'Choose the role: admin or regular' }),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** The message when a change would leave the organisation without an admin. */
export const LAST_ADMIN_MESSAGE =
  'The organisation needs at least one admin: make someone else an admin first.';

const TAG = 'Team';

export const listTeam = endpoint({
  name: 'listTeam',
  method: 'GET',
  path: '/api/v1/organization/users',
  tag: TAG,
  summary: 'The people of the organisation, admins first, then by name',
  access: MEMBER,
  response: listResponse(teamMemberSchema),
  example: {},
});

export const listRoles = endpoint({
  name: 'listRoles',
  method: 'GET',
  path: '/api/v1/organization/roles',
  tag: TAG,
  summary: 'The roles a person can have',
  access: MEMBER,
  response: z.array(roleInfoSchema),
  example: {},
});

export const updateUserRole = endpoint({
  name: 'updateUserRole',
  method: 'POST',
  path: '/api/v1/organization/userroles/update',
  tag: TAG,
  summary: "Change a person's role (the last admin stays an admin)",
  access: ADMIN,
  body: roleChangeSchema,
  response: teamMemberSchema,
  errors: [AppErrorCode.NotFound, AppErrorCode.Conflict],
  example: (ref) => ({ body: { userId: ref('userId'), role: 'admin' } }),
});

export const inviteTeamMember = endpoint({
  name: 'inviteTeamMember',
  method: 'POST',
  path: '/api/v1/organization/users/invite',
  tag: TAG,
  summary: `Invite someone by email with a role: the link in the email works for ${INVITATION_DAYS} days`,
  access: ADMIN,
  body: invitationInputSchema,
  response: teamMemberSchema,
  errors: [AppErrorCode.Conflict],
  example: { body: { email: 'new.colleague@example.com', role: 'regular' } },
});

export const remindTeamMember = endpoint({
  name: 'remindTeamMember',
  method: 'POST',
  path: '/api/v1/organization/user/:userId/remind',
  tag: TAG,
  summary: 'Send an invitation again (a new link; the old one stops working)',
  access: ADMIN,
  params: z.object({ userId: idParam('This invitation') }),
  response: teamMemberSchema,
  example: (ref) => ({ params: { userId: ref('invitationId') } }),
});

export const removeTeamMember = endpoint({
  name: 'removeTeamMember',
  method: 'POST',
  path: '/api/v1/organization/user/:userId/delete',
  tag: TAG,
  summary:
    'Remove a person from the organisation (their sessions end at once; the last admin stays), or withdraw an invitation',
  access: ADMIN,
  params: z.object({ userId: idParam('This person') }),
  response: okSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { userId: ref('userId') } }),
});
