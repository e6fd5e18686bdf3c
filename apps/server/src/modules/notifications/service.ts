/**
 * Notifications for one user in an organisation. `notify` stores the row; a trigger announces it on
 * commit (migration 0004) and the realtime module pushes it to that user's sockets on every instance. The
 * other functions run inside the caller's tenant transaction and only ever touch the caller's own rows
 * (organisation by row-level security, user by an explicit filter), so another user's id answers like a
 * missing one.
 */
import {
  type AppNotification,
  HIDDEN_VIEW_STATUSES,
  type ListResponse,
  type NotificationListQuery,
  NotificationStatus,
  NotificationViewStatus,
} from '@hosewright/domain';
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { totalOf } from '../../lib/paging.ts';

export const NOTIFICATION_FAILURE = NotificationStatus.FAILURE;
export const NOTIFICATION_SUCCESS = NotificationStatus.SUCCESS;
/** viewStatus of a notification nobody has looked at yet. */
export const NOTIFICATION_UNREAD = NotificationViewStatus.UNREAD;

export interface NotificationInput {
  organizationId: string;
  userId: string;
  /** 1 failure, 2 success. */
  status: typeof NOTIFICATION_FAILURE | typeof NOTIFICATION_SUCCESS;
  description: string;
  /** A path inside the web app without the leading slash, e.g. `components/import?log=<id>`. */
  url: string;
}

/**
 * Stores an unread notification, in the caller's tenant transaction or in a tenant transaction of its own.
 * The user's open sockets receive it once that transaction commits (nothing is sent if it rolls back).
 */
export async function notify(target: Tx | Database, input: NotificationInput): Promise<void> {
  if ('withTenant' in target) {
    await target.withTenant(input.organizationId, (tx) => notify(tx, input));
    return;
  }
  await target.insert(notifications).values({
    organizationId: input.organizationId,
    userId: input.userId,
    status: input.status,
    description: input.description,
    url: input.url.replace(/^\/+/, ''),
    viewStatus: NOTIFICATION_UNREAD,
  });
}

/** Whose notifications: always the caller's own user in the caller's own organisation. */
export interface NotificationOwner {
  organizationId: string;
  userId: string;
}

type Row = typeof notifications.$inferSelect;

export function toNotification(row: Row): AppNotification {
  return {
    id: row.id,
    status: row.status,
    description: row.description,
    url: row.url,
    viewStatus: row.viewStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

const own = (owner: NotificationOwner) =>
  and(eq(notifications.organizationId, owner.organizationId), eq(notifications.userId, owner.userId));

/** The owner's notifications, newest first. */
export async function listNotifications(
  tx: Tx,
  owner: NotificationOwner,
  query: NotificationListQuery,
): Promise<ListResponse<AppNotification>> {
  const where = query.includeHidden
    ? own(owner)
    : and(own(owner), notInArray(notifications.viewStatus, [...HIDDEN_VIEW_STATUSES]));
  const rows = await tx
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(notifications).where(where);
    return counted?.n ?? 0;
  });
  return { items: rows.map(toNotification), total, page: query.page };
}

/** How many of the owner's notifications are unread (the count on the notifications badge). */
export async function countUnread(tx: Tx, owner: NotificationOwner): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(own(owner), eq(notifications.viewStatus, NOTIFICATION_UNREAD)));
  return row?.n ?? 0;
}

/** The owner's latest notifications that are not put away, newest first. */
export async function recentNotifications(
  tx: Tx,
  owner: NotificationOwner,
  limit: number,
): Promise<AppNotification[]> {
  const rows = await tx
    .select()
    .from(notifications)
    .where(and(own(owner), notInArray(notifications.viewStatus, [...HIDDEN_VIEW_STATUSES])))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toNotification);
}

/** The owner's notifications with these ids (ids that are gone or not theirs are left out), oldest first. */
export async function notificationsByIds(
  tx: Tx,
  owner: NotificationOwner,
  ids: readonly string[],
): Promise<AppNotification[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(notifications)
    .where(and(own(owner), inArray(notifications.id, [...ids])));
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.map(toNotification).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** Sets the view status of one of the owner's notifications; null when there is no such notification. */
export async function updateViewStatus(
  tx: Tx,
  owner: NotificationOwner,
  id: string,
  viewStatus: number,
): Promise<AppNotification | null> {
  const [row] = await tx
    .update(notifications)
    .set({ viewStatus })
    .where(and(own(owner), eq(notifications.id, id)))
    .returning();
  return row ? toNotification(row) : null;
}

/** Deletes one of the owner's notifications; false when there is no such notification. */
export async function deleteNotification(tx: Tx, owner: NotificationOwner, id: string): Promise<boolean> {
  const rows = await tx
    .delete(notifications)
    .where(and(own(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
