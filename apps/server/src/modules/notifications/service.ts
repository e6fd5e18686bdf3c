/**
 * Notifications for one user in an organisation (SPEC 3). `notify` only stores the row; realtime delivery
 * is added separately.
 */
import type { Database, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export const NOTIFICATION_FAILURE = 1;
export const NOTIFICATION_SUCCESS = 2;
/** viewStatus of a notification nobody has looked at yet. */
export const NOTIFICATION_UNREAD = 1;

export interface NotificationInput {
  organizationId: string;
  userId: string;
  /** 1 failure, 2 success. */
  status: typeof NOTIFICATION_FAILURE | typeof NOTIFICATION_SUCCESS;
  description: string;
  /** A path inside the web app without the leading slash, e.g. `components/import?log=<id>`. */
  url: string;
}

/** Stores an unread notification, in the caller's tenant transaction or in a tenant transaction of its own. */
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
