/**
 * The notifications page's calls (any member, own notifications only). Another user's or organisation's id
 * answers exactly like a missing one (404). After a change the user's sockets on every instance get the new
 * unread count.
 */
import { deleteNotification, listNotifications, updateNotification } from '@hosewright/domain';
import type { FastifyRequest } from 'fastify';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteNotification as deleteOwnNotification,
  listNotifications as listOwnNotifications,
  type NotificationOwner,
  updateViewStatus,
} from './service.ts';

export function notificationsModule({ realtime }: Pick<ModuleDeps, 'realtime'>): ModuleManifest {
  /** The new count to the user's sockets; a failure here must not fail the change that was made. */
  const announce = (request: FastifyRequest, owner: NotificationOwner) =>
    realtime.publishCount(owner).catch((error: unknown) => {
      request.log.error({ err: error }, 'could not send the notification count');
    });

  return {
    routes: [
      implement(listNotifications).inTransaction(({ query }, { tx, organizationId, userId }) =>
        listOwnNotifications(tx, { organizationId, userId }, query),
      ),

      implement(updateNotification).inTransaction(async ({ params, body }, scope) => {
        const owner = { organizationId: scope.organizationId, userId: scope.userId };
        const updated = await updateViewStatus(scope.tx, owner, params.notificationId, body.viewStatus);
        if (!updated) throw AppError.notFound('This notification');
        scope.afterCommit(() => announce(scope.request, owner));
        return updated;
      }),

      implement(deleteNotification).inTransaction(async ({ params }, scope) => {
        const owner = { organizationId: scope.organizationId, userId: scope.userId };
        if (!(await deleteOwnNotification(scope.tx, owner, params.notificationId))) {
          throw AppError.notFound('This notification');
        }
        scope.afterCommit(() => announce(scope.request, owner));
        return { ok: true };
      }),
    ],
  };
}
