/**
 * Accepting an invitation (the team's `inviteTeamMember`): the emailed link opens the provider's page, which
 * asks a new person for their name and a password, and lets someone who already has an account join with
 * it. Either way the invitation is used once, and the person belongs to the organisation with its role.
 * Everything runs through `withSystem`: the person has no organisation (or another one) until they accept.
 */
import { randomBytes } from 'node:crypto';
import { type Role, signUpInputSchema } from '@hosewright/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { invitations, memberships, organizations, users } from '../../db/schema.ts';
import { findUserByEmail, hashToken, invalidLink, parseOrThrow } from './accounts.ts';
import { hashPassword } from './passwords.ts';

/** A new link's token, and what is stored of it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: Role;
  organizationName: string;
  /** The person already has an account: they join with it, no new password. */
  hasAccount: boolean;
}

async function findOpen(tx: Tx, token: string, now: Date) {
  if (!token) throw invalidLink('invalid');
  const [row] = await tx
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .for('update');
  if (!row || row.invitation.revokedAt) throw invalidLink('invalid');
  if (row.invitation.acceptedAt) throw invalidLink('used');
  if (row.invitation.expiresAt.getTime() <= now.getTime()) throw invalidLink('expired');
  return row;
}

/** The invitation a link opens, or the link's problem (not valid, used, expired) as an error. */
export async function openInvitation(
  database: Database,
  token: string,
  now = new Date(),
): Promise<OpenInvitation> {
  return database.withSystem(async (tx) => {
    const { invitation, organizationName } = await findOpen(tx, token, now);
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role as Role,
      organizationName,
      hasAccount: (await findUserByEmail(tx, invitation.email)) !== undefined,
    };
  });
}

/**
 * Accepts the invitation: a new person's account is made with `name` and `password` (their address is
 * confirmed: the link reached it); an existing account joins as it is. One transaction; the link is used.
 */
export async function acceptInvitation(
  database: Database,
  token: string,
  input: { name?: string; password?: string },
  now = new Date(),
): Promise<{ email: string; organizationName: string }> {
  const preview = await openInvitation(database, token, now);
  const data = preview.hasAccount
    ? undefined
    : parseOrThrow(signUpInputSchema.pick({ name: true, password: true }), input);
  const passwordHash = data ? await hashPassword(data.password) : undefined;
  return database.withSystem(async (tx) => {
    const { invitation, organizationName } = await findOpen(tx, token, now);
    let user = await findUserByEmail(tx, invitation.email);
    if (!user && data && passwordHash) {
      [user] = await tx
        .insert(users)
        .values({ email: invitation.email, name: data.name, passwordHash, emailVerifiedAt: now })
        .returning();
    }
    if (!user) throw invalidLink('invalid');
    await tx
      .insert(memberships)
      .values({ organizationId: invitation.organizationId, userId: user.id, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)));
    return { email: invitation.email, organizationName };
  });
}
