/**
 * The notifications page's calls (any member, own notifications only):
 *
 * - `GET  /api/v1/notifications?page&itemsPerPage&includeHidden`: newest first; dismissed and archived ones
 *   only with `includeHidden=true`. Answers `{ items, total, page }`.
 * - `POST /api/v1/notification/{notificationId}/update` `{ viewStatus }`: any SPEC 3 code; answers the
 *   notification.
 * - `POST /api/v1/notification/{notificationId}/delete`: answers `{ ok: true }`.
 *
 * Another user's or organisation's id answers exactly like a missing one (404). After a change the user's
 * sockets on every instance get the new unread count.
 */
import { notificationUpdateSchema } from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { MEMBER } from '../auth/access.ts';
import { authOf, isUuid } from '../auth/plugin.ts';
import type { Realtime } from '../realtime/socket.ts';
import {
  deleteNotification,
  listNotifications,
  type NotificationOwner,
  updateViewStatus,
} from './service.ts';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
  includeHidden: z
    .enum(['true', 'false'], { error: 'includeHidden must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

function notificationIdOf(request: FastifyRequest): string {
  const id = (request.params as { notificationId?: string }).notificationId ?? '';
  if (!isUuid(id)) throw AppError.notFound('This notification');
  return id;
}

function ownerOf(request: FastifyRequest): NotificationOwner {
  const { organizationId, userId } = authOf(request);
  return { organizationId, userId };
}

export function notificationRoutes(app: FastifyInstance, database: Database, realtime: Realtime): void {
  /** The new count to the user's sockets; a failure here must not fail the change that was made. */
  const announce = (request: FastifyRequest, owner: NotificationOwner) =>
    realtime.publishCount(owner).catch((error: unknown) => {
      request.log.error({ err: error }, 'could not send the notification count');
    });

  app.get('/api/v1/notifications', { config: { access: MEMBER } }, async (request) => {
    const query = parseOrThrow(listQuery, request.query);
    const owner = ownerOf(request);
    return database.withTenant(owner.organizationId, (tx) => listNotifications(tx, owner, query));
  });

  app.post('/api/v1/notification/:notificationId/update', { config: { access: MEMBER } }, async (request) => {
    const owner = ownerOf(request);
    const id = notificationIdOf(request);
    const { viewStatus } = parseOrThrow(notificationUpdateSchema, request.body);
    const updated = await database.withTenant(owner.organizationId, (tx) =>
      updateViewStatus(tx, owner, id, viewStatus),
    );
    if (!updated) throw AppError.notFound('This notification');
    await announce(request, owner);
    return updated;
  });

  app.post('/api/v1/notification/:notificationId/delete', { config: { access: MEMBER } }, async (request) => {
    const owner = ownerOf(request);
    const id = notificationIdOf(request);
    const deleted = await database.withTenant(owner.organizationId, (tx) =>
      deleteNotification(tx, owner, id),
    );
    if (!deleted) throw AppError.notFound('This notification');
    await announce(request, owner);
    return { ok: true };
  });
}
