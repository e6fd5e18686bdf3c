/**
 * The team (`team/team.ts` contracts): every member reads it, admins invite people by email, change roles and
 * remove people. Removing someone ends their sign-ins at once: the membership goes (the change feed drops
 * their cached tokens, so their next call is refused) and so do their grants at the provider
 * (`hosewright_end_account_grants`). Invitations are accepted on the provider's page (`identity/invitations.ts`).
 */
import {
  AppErrorCode,
  INVITATION_DAYS,
  inviteTeamMember,
  LAST_ADMIN_MESSAGE,
  listRoles,
  listTeam,
  ROLE_INFO,
  type Role,
  remindTeamMember,
  removeTeamMember,
  type TeamMember,
  updateUserRole,
} from '@hosewright/domain';
import { and, asc, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import type { Tx } from '../../db/client.ts';
import { invitations, memberships, organizations, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { invitationMail } from '../identity/emails.ts';
import { newInvitationToken } from '../identity/invitations.ts';

const DAY_MS = 24 * 60 * 60_000;

async function members(tx: Tx, organizationId: string, userId?: string): Promise<TeamMember[]> {
  const lastSignIn = tx
    .select({ userId: sessions.userId, at: max(sessions.createdAt).as('at') })
    .from(sessions)
    .where(eq(sessions.organizationId, organizationId))
    .groupBy(sessions.userId)
    .as('last_sign_in');
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      lastSignInAt: lastSignIn.at,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(lastSignIn, eq(lastSignIn.userId, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        userId ? eq(memberships.userId, userId) : undefined,
      ),
    )
    .orderBy(sql`${memberships.role} = 'admin' desc`, asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
    joinedAt: row.joinedAt.toISOString(),
    status: row.verifiedAt ? 'active' : 'unverified',
    invitationExpiresAt: null,
  }));
}

type InvitationRow = typeof invitations.$inferSelect;

function asTeamMember(row: InvitationRow, now = new Date()): TeamMember {
  return {
    _id: row.id,
    name: '',
    email: row.email,
    role: row.role as Role,
    lastSignInAt: null,
    joinedAt: row.createdAt.toISOString(),
    status: row.expiresAt.getTime() > now.getTime() ? 'invited' : 'expired',
    invitationExpiresAt: row.expiresAt.toISOString(),
  };
}

/** Invitations not yet accepted or withdrawn, newest first (expired ones too: an admin can remind). */
function openInvitations(tx: Tx, organizationId: string) {
  return tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

async function openInvitation(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .for('update');
  return row;
}

/** The person's membership, locked; another organisation's person is not found, like a missing one. */
async function membership(tx: Tx, organizationId: string, userId: string) {
  const [row] = await tx
    .select({ id: memberships.id, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .for('update');
  if (!row) throw AppError.notFound('This person');
  return row;
}

/** Refuses a change that would leave the organisation without an admin. */
async function keepAnAdmin(tx: Tx, organizationId: string): Promise<void> {
  // Every admin row is locked, so two admins demoting each other at once cannot both succeed.
  const admins = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')))
    .for('update');
  if (admins.length <= 1) throw new AppError(AppErrorCode.Conflict, LAST_ADMIN_MESSAGE);
}

export function teamModule({ config, database, mailer, log }: ModuleDeps): ModuleManifest {
  /** Mails the invitation after its transaction committed; a failure is logged, the admin can remind. */
  const send = async (invitation: InvitationRow, token: string, inviterId: string) => {
    const [names] = await database.withTenant(invitation.organizationId, (tx) =>
      tx
        .select({ organization: organizations.name, inviter: users.name })
        .from(organizations)
        .leftJoin(users, eq(users.id, inviterId))
        .where(eq(organizations.id, invitation.organizationId)),
    );
    const link = `${config.publicUrl}/idp/accept-invitation?token=${token}`;
    await mailer
      .send(
        invitationMail(
          invitation.email,
          names?.organization ?? '',
          names?.inviter || 'Your colleague',
          link,
          INVITATION_DAYS,
        ),
      )
      .catch((error: unknown) => log.error({ err: error }, 'an invitation could not be mailed'));
  };
  const expiry = () => new Date(Date.now() + INVITATION_DAYS * DAY_MS);

  return {
    routes: [
      implement(listTeam).inTransaction(async (_input, { tx, organizationId }) => {
        const people = await members(tx, organizationId);
        const invited = (await openInvitations(tx, organizationId)).map((row) => asTeamMember(row));
        const items = [...people, ...invited];
        return { items, total: items.length, page: 1 };
      }),

      implement(inviteTeamMember).outsideTransaction(async ({ body }, { auth }) => {
        const { token, tokenHash } = newInvitationToken();
        const invitation = await database.withTenant(auth.organizationId, async (tx) => {
          const [member] = await tx
            .select({ id: memberships.id })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(
              and(
                eq(memberships.organizationId, auth.organizationId),
                eq(sql`lower(${users.email})`, body.email),
              ),
            );
          if (member)
            throw new AppError(AppErrorCode.Conflict, `${body.email} already belongs to your organization.`);
          const pending = (await openInvitations(tx, auth.organizationId)).find(
            (row) => row.email === body.email,
          );
          if (pending) {
            throw new AppError(
              AppErrorCode.Conflict,
              `${body.email} is invited already. Send the invitation again instead.`,
              { invitationId: pending.id },
            );
          }
          const [row] = await tx
            .insert(invitations)
            .values({
              organizationId: auth.organizationId,
              email: body.email,
              role: body.role,
              tokenHash,
              invitedBy: auth.userId,
              expiresAt: expiry(),
            })
            .returning();
          if (!row) throw new Error('The invitation was not stored');
          return row;
        });
        await send(invitation, token, auth.userId);
        return asTeamMember(invitation);
      }),

      implement(remindTeamMember).outsideTransaction(async ({ params }, { auth }) => {
        const { token, tokenHash } = newInvitationToken();
        const invitation = await database.withTenant(auth.organizationId, async (tx) => {
          const current = await openInvitation(tx, auth.organizationId, params.userId);
          if (!current) throw AppError.notFound('This invitation');
          const [row] = await tx
            .update(invitations)
            .set({ tokenHash, expiresAt: expiry(), invitedBy: auth.userId })
            .where(eq(invitations.id, current.id))
            .returning();
          if (!row) throw AppError.notFound('This invitation');
          return row;
        });
        await send(invitation, token, auth.userId);
        return asTeamMember(invitation);
      }),

      implement(listRoles).outsideTransaction(async () => [...ROLE_INFO]),

      implement(updateUserRole).inTransaction(async ({ body }, { tx, organizationId }) => {
        const current = await membership(tx, organizationId, body.userId);
        if (current.role === 'admin' && body.role !== 'admin') await keepAnAdmin(tx, organizationId);
        await tx.update(memberships).set({ role: body.role }).where(eq(memberships.id, current.id));
        const [member] = await members(tx, organizationId, body.userId);
        if (!member) throw AppError.notFound('This person');
        return member;
      }),

      implement(removeTeamMember).inTransaction(async ({ params }, { tx, organizationId }) => {
        const invitation = await openInvitation(tx, organizationId, params.userId);
        if (invitation) {
          // Withdrawn: its link stops working at once.
          await tx
            .update(invitations)
            .set({ revokedAt: new Date() })
            .where(eq(invitations.id, invitation.id));
          return { ok: true as const };
        }
        const current = await membership(tx, organizationId, params.userId);
        if (current.role === 'admin') await keepAnAdmin(tx, organizationId);
        await tx.delete(memberships).where(eq(memberships.id, current.id));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.organizationId, organizationId), eq(sessions.userId, params.userId)));
        await tx.execute(sql`select hosewright_end_account_grants(${params.userId})`);
        return { ok: true as const };
      }),
    ],
  };
}
