/**
 * Notifications: the status and viewStatus codes, the shape the socket and the REST calls carry, and the
 * socket's events and options.
 */
import { z } from 'zod';
import { endpoint, MEMBER } from '../api/endpoint.ts';
import { idParam, itemsPerPageParam, listResponse, okSchema, pageParam } from '../api/schemas.ts';

/** The status of what happened: 1 failure, 2 success. */
export const NotificationStatus = { FAILURE: 1, SUCCESS: 2 } as const;
export type NotificationStatus = (typeof NotificationStatus)[keyof typeof NotificationStatus];

/** The notification's viewStatus, every code as the customer listed it. */
export const NotificationViewStatus = {
  UNREAD: 1,
  READ: 2,
  SENT: 3,
  DELIVERED: 4,
  FAILED: 5,
  PENDING: 6,
  DISMISSED: 7,
  ARCHIVED: 8,
  CLICKED: 9,
  EXPIRED: 10,
  MUTED: 11,
  ACKNOWLEDGED: 12,
  SNOOZED: 13,
  IN_PROGRESS: 14,
  RESOLVED: 15,
  ACTION_REQUIRED: 16,
  ERROR: 17,
} as const;
export type NotificationViewStatus = (typeof NotificationViewStatus)[keyof typeof NotificationViewStatus];
export type NotificationViewStatusName = keyof typeof NotificationViewStatus;

export const NOTIFICATION_VIEW_STATUSES: readonly NotificationViewStatus[] =
  Object.values(NotificationViewStatus);

export function isNotificationViewStatus(value: unknown): value is NotificationViewStatus {
  return (NOTIFICATION_VIEW_STATUSES as readonly unknown[]).includes(value);
}

/** The name of a view-status code (`7` -> `DISMISSED`). */
export function viewStatusName(code: NotificationViewStatus): NotificationViewStatusName {
  const entry = Object.entries(NotificationViewStatus).find(([, value]) => value === code);
  return (entry?.[0] ?? 'UNREAD') as NotificationViewStatusName;
}

/**
 * What the badge counts (it shows only when the count is above 0): notifications nobody has looked at,
 * i.e. viewStatus UNREAD. Every other code means the user (or the system for them) has dealt with it.
 */
export function isUnreadViewStatus(code: number): boolean {
  return code === NotificationViewStatus.UNREAD;
}

/** Statuses the notifications page hides unless asked to show them (the user put them away). */
export const HIDDEN_VIEW_STATUSES: readonly NotificationViewStatus[] = [
  NotificationViewStatus.DISMISSED,
  NotificationViewStatus.ARCHIVED,
];

/** A full notification (`notification:new`, the REST list). */
export const notificationSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  description: z.string(),
  /** A path inside the app without the leading slash; the app links to `/{url}`. */
  url: z.string(),
  viewStatus: z.number().int(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** The notifications page's list: newest first. */
export const notificationListSchema = listResponse(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  page: pageParam,
  itemsPerPage: itemsPerPageParam(25, 100),
  includeHidden: z
    .enum(['true', 'false'], { error: 'includeHidden must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationUpdateSchema = z.object({
  viewStatus: z
    .number({ error: 'Send viewStatus as one of the notification view-status codes (1 to 17)' })
    .int()
    .refine(
      isNotificationViewStatus,
      'viewStatus must be one of the notification view-status codes (1 to 17)',
    ),
});

/** The `notification` event: what happened, for the snackbar. */
export interface NotificationMessage {
  status: number;
  description: string;
  url: string;
}

/** The realtime socket's event names. */
export const SocketEvent = {
  register: 'register',
  initiateNotification: 'initiate:notification',
  updateViewStatus: 'notification:update:view:status',
  deleteNotification: 'notification:delete',
  notification: 'notification',
  count: 'notifications:count',
  newNotification: 'notification:new',
  jobProgress: 'job:progress',
  settingsChanged: 'organization:settings',
} as const;

/** Events the server sends. */
export interface ServerToClientEvents {
  notification: (message: NotificationMessage) => void;
  'notifications:count': (message: { count: number }) => void;
  'notification:new': (notification: AppNotification) => void;
  /** A background job of the user's (an import) got further: 0..99, before it is stored. */
  'job:progress': (message: { jobId: string; progress: number }) => void;
  /** An admin changed the organisation's settings: every member's open app loads them again. */
  'organization:settings': () => void;
}

/** What the server answers a client event with, when the client asks for an acknowledgement. */
export type SocketAckResult = { ok: true } | { ok: false; message: string };
export type SocketAck = (result: SocketAckResult) => void;

/** Events the client sends; each may pass an acknowledgement callback last. */
export interface ClientToServerEvents {
  register: (userId: string, organizationId: string, ack?: SocketAck) => void;
  'initiate:notification': (ack?: SocketAck) => void;
  'notification:update:view:status': (message: { id: string; viewStatus: number }, ack?: SocketAck) => void;
  'notification:delete': (message: { id: string }, ack?: SocketAck) => void;
}

/** What a client sends as the socket's `auth` when it connects. */
export interface SocketAuth {
  userId: string;
  token: string;
}

/** Client socket options: reconnect, delay 1000 ms up to 5000 ms, 99999 attempts, connect timeout 20 s. */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  reconnectionAttempts: 99999,
  timeout: 20_000,
} as const;

/** How many recent notifications `initiate:notification` sends (as `notification:new`, oldest first). */
export const INITIAL_NOTIFICATIONS = 20;

const TAG = 'Notifications';
const notificationParams = z.object({ notificationId: idParam('This notification') });

/** The caller's own notifications; dismissed and archived ones only with `includeHidden=true`. */
export const listNotifications = endpoint({
  name: 'listNotifications',
  method: 'GET',
  path: '/api/v1/notifications',
  tag: TAG,
  summary: "The caller's notifications, newest first",
  access: MEMBER,
  query: notificationListQuerySchema,
  response: notificationListSchema,
  example: { query: { page: 1, itemsPerPage: 25 } },
});

/** Any view-status code; the user's sockets get the new unread count. */
export const updateNotification = endpoint({
  name: 'updateNotification',
  method: 'POST',
  path: '/api/v1/notification/:notificationId/update',
  tag: TAG,
  summary: 'Mark one of your notifications read, unread, dismissed...',
  access: MEMBER,
  params: notificationParams,
  body: notificationUpdateSchema,
  response: notificationSchema,
  example: (ref) => ({
    params: { notificationId: ref('notificationId') },
    body: { viewStatus: NotificationViewStatus.READ },
  }),
});

export const deleteNotification = endpoint({
  name: 'deleteNotification',
  method: 'POST',
  path: '/api/v1/notification/:notificationId/delete',
  tag: TAG,
  summary: 'Delete one of your notifications',
  access: MEMBER,
  params: notificationParams,
  response: okSchema,
  example: (ref) => ({ params: { notificationId: ref('notificationId') } }),
});

export const NOTIFICATION_ENDPOINTS = [listNotifications, updateNotification, deleteNotification];
