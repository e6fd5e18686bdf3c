/**
 * Pending items: a regular user proposes a component, an admin approves it (it becomes a custom item in
 * the same transaction) or rejects it with a note. Members see their own proposals; admins see all.
 */
import type { ComponentInput, ComponentKind, PendingItem, PendingStatus } from '@hosewright/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pendingItems, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/plugin.ts';
import { createComponent } from './service.ts';

type Row = typeof pendingItems.$inferSelect;

function toPendingItem(row: Row, submittedByName: string): PendingItem {
  return {
    _id: row.id,
    kind: row.kind as ComponentKind,
    partNumber: row.partNumber,
    description: row.description,
    payload: row.payload as ComponentInput,
    status: row.status as PendingStatus,
    submittedBy: row.submittedBy,
    submittedByName,
    reviewNote: row.reviewNote,
    componentId: row.componentId,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function listPendingItems(tx: Tx, auth: AuthContext, status?: PendingStatus) {
  const isAdmin = auth.roles.includes('admin');
  const rows = await tx
    .select({ item: pendingItems, name: users.name })
    .from(pendingItems)
    .innerJoin(users, eq(users.id, pendingItems.submittedBy))
    .where(
      and(
        eq(pendingItems.organizationId, auth.organizationId),
        status ? eq(pendingItems.status, status) : undefined,
        isAdmin ? undefined : eq(pendingItems.submittedBy, auth.userId),
      ),
    )
    .orderBy(desc(pendingItems.createdAt))
    .limit(500);
  const items = rows.map((r) => toPendingItem(r.item, r.name));
  return { items, total: items.length, page: 1 };
}

export async function submitPendingItem(tx: Tx, auth: AuthContext, input: ComponentInput) {
  const [row] = await tx
    .insert(pendingItems)
    .values({
      organizationId: auth.organizationId,
      kind: input.kind,
      partNumber: input.partNumber,
      description: input.description,
      payload: input,
      submittedBy: auth.userId,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return toPendingItem(row, auth.name);
}

async function findPending(tx: Tx, auth: AuthContext, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(pendingItems)
    .where(and(eq(pendingItems.organizationId, auth.organizationId), eq(pendingItems.id, id)));
  if (!row) throw AppError.notFound('This pending item');
  if (row.status !== 'pending') {
    throw new AppError('CONFLICT', `This item was already ${row.status}`);
  }
  return row;
}

export async function approvePendingItem(tx: Tx, auth: AuthContext, id: string, note?: string) {
  const row = await findPending(tx, auth, id);
  const component = await createComponent(tx, auth.organizationId, row.payload as ComponentInput);
  const [updated] = await tx
    .update(pendingItems)
    .set({
      status: 'approved',
      reviewedBy: auth.userId,
      reviewNote: note ?? null,
      reviewedAt: new Date(),
      componentId: component._id,
    })
    .where(eq(pendingItems.id, id))
    .returning();
  return { ...toPendingItem(updated as Row, ''), component };
}

export async function rejectPendingItem(tx: Tx, auth: AuthContext, id: string, note?: string) {
  await findPending(tx, auth, id);
  const [updated] = await tx
    .update(pendingItems)
    .set({ status: 'rejected', reviewedBy: auth.userId, reviewNote: note ?? null, reviewedAt: new Date() })
    .where(eq(pendingItems.id, id))
    .returning();
  return toPendingItem(updated as Row, '');
}
