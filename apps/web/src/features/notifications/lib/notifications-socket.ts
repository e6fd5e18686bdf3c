/**
 * The notifications socket (events in `SocketEvent`): socket.io on the same
 * origin at the default path, with `SOCKET_OPTIONS` for reconnection and `auth` of the user id and the access
 * token. After each connect it registers the user and organisation and asks for the notifications; what
 * arrives goes into the notifications store, and a `notification` shows a snackbar (failure: warning with
 * the server's description; success: success), linking to the notification's page.
 */
import {
  type ClientToServerEvents,
  type NotificationMessage,
  NotificationStatus,
  notificationSchema,
  type ServerToClientEvents,
  SOCKET_OPTIONS,
} from '@hosewright/domain';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { useJobProgressStore } from '@/lib/job-progress-store';
import { snackbar } from '@/lib/snackbar-store';
import { useNotificationsStore } from './notifications-store';

export type NotificationSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => NotificationSocket;

const defaultFactory: SocketFactory = (options) => io(options);
let makeSocket: SocketFactory = defaultFactory;

/** Tests put a fake socket in place of the real one; `null` restores socket.io. */
export function setSocketFactory(factory: SocketFactory | null): void {
  makeSocket = factory ?? defaultFactory;
}

/** The app path a notification links to: `/{url}` (its url has no leading slash). */
export function notificationHref(url: string): string {
  return `/${url.replace(/^\/+/, '')}`;
}

/** A failure shows a warning snackbar with the server's description, a success a success one. */
export function showNotificationSnackbar({ status, description, url }: NotificationMessage): void {
  const link = url ? notificationHref(url) : undefined;
  if (status === NotificationStatus.FAILURE) snackbar.warning(description, link);
  else if (status === NotificationStatus.SUCCESS) snackbar.success(description, link);
}

/** The organisation an access token is for (its `org_id` claim), or '' when it cannot be read. */
export function organizationOf(token: string): string {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    const orgId = (claims as { org_id?: unknown } | null)?.org_id;
    return typeof orgId === 'string' ? orgId : '';
  } catch {
    return '';
  }
}

export interface NotificationsConnection {
  userId: string;
  /** The access token to connect with, asked for again on every connection attempt. */
  getToken: () => Promise<string | undefined>;
  /** A notification arrived or the count changed (lists on screen refresh). */
  onChange?: () => void;
  /** An admin changed the organisation's settings (they load again). */
  onSettingsChanged?: () => void;
}

/** Opens the socket; the returned function closes it for good. */
export function connectNotifications({
  userId,
  getToken,
  onChange,
  onSettingsChanged,
}: NotificationsConnection): () => void {
  const store = useNotificationsStore.getState;
  let lastToken = '';
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;

  const socket = makeSocket({
    ...SOCKET_OPTIONS,
    auth: (send: (data: object) => void) => {
      getToken()
        .then(
          (token) => token ?? '',
          () => '',
        )
        .then((token) => {
          lastToken = token;
          send({ userId, token });
        });
    },
  });

  // The client reconnects by itself after a dropped connection. After a refusal (say the token expired in
  // between) or a disconnect by the server (the token's expiry) it does not, so try again, paced like the
  // reconnection (`SOCKET_OPTIONS`), with a fresh token.
  const retryLater = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(
      SOCKET_OPTIONS.reconnectionDelay * 2 ** retries,
      SOCKET_OPTIONS.reconnectionDelayMax,
    );
    retries += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!stopped) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    retries = 0;
    socket.emit('register', userId, organizationOf(lastToken));
    socket.emit('initiate:notification');
  });
  socket.on('notification', (message) => {
    if (message && typeof message.description === 'string') showNotificationSnackbar(message);
  });
  socket.on('notifications:count', (message) => {
    if (typeof message?.count !== 'number') return;
    store().setCount(message.count);
    onChange?.();
  });
  socket.on('notification:new', (notification) => {
    const parsed = notificationSchema.safeParse(notification);
    if (!parsed.success) return;
    store().insert(parsed.data);
    onChange?.();
  });
  socket.on('organization:settings', () => onSettingsChanged?.());
  socket.on('job:progress', (message) => {
    if (typeof message?.jobId !== 'string' || typeof message.progress !== 'number') return;
    useJobProgressStore.getState().report(message.jobId, message.progress);
  });
  // Socket errors are ignored: the socket reconnects by itself, and a message would only alarm.
  socket.on('connect_error', () => {
    if (!socket.active) retryLater();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retryLater();
  });

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
