import { SOCKET_OPTIONS } from '@hosewright/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useJobProgressStore } from '@/lib/job-progress-store';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { createNotification, installFakeSockets, tokenFor } from '../test-socket';
import { connectNotifications, organizationOf } from './notifications-socket';
import { useNotificationsStore } from './notifications-store';

let fake: ReturnType<typeof installFakeSockets>;

beforeEach(() => {
  fake = installFakeSockets();
  useNotificationsStore.getState().reset();
  for (const kind of ['success', 'warning', 'note'] as const) {
    useSnackbarStore.setState({ [kind]: { show: false, message: '' } });
  }
});
afterEach(() => fake.restore());

function connect(onChange = vi.fn()) {
  const stop = connectNotifications({ userId: 'user-1', getToken: async () => tokenFor('org-9'), onChange });
  const socket = fake.sockets[0]!;
  return { stop, socket, onChange };
}

describe('notifications socket', () => {
  it('connects to the same origin with the SOCKET_OPTIONS and auth of the user id and the access token', async () => {
    const { socket } = connect();
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(fake.factory.mock.calls[0]).toHaveLength(1); // no URL: the page's own origin, default path
    expect(socket.options).toMatchObject({
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      reconnectionAttempts: 99999,
      timeout: 20000,
    });
    expect(SOCKET_OPTIONS.timeout).toBe(20_000);
    expect(await socket.auth()).toEqual({ userId: 'user-1', token: tokenFor('org-9') });
  });

  it('registers the user and organisation and asks for the notifications after every connect', async () => {
    const { socket } = connect();
    await socket.auth();
    socket.receive('connect');
    expect(socket.emitted).toEqual([['register', 'user-1', 'org-9'], ['initiate:notification']]);
    socket.receive('connect');
    expect(socket.emitted).toHaveLength(4);
  });

  it('shows a failure as a warning snackbar with the server’s description, linking to the notification', () => {
    const { socket } = connect();
    socket.receive('notification', {
      status: 1,
      description: 'Row 4: the dash size is missing',
      url: 'components/import?log=7',
    });
    expect(useSnackbarStore.getState().warning).toEqual({
      show: true,
      message: 'Row 4: the dash size is missing',
      url: '/components/import?log=7',
    });
    expect(useSnackbarStore.getState().success.show).toBe(false);
  });

  it('shows a success as a success snackbar', () => {
    const { socket } = connect();
    socket.receive('notification', {
      status: 2,
      description: 'Imported 3 hoses',
      url: 'components/import?log=8',
    });
    expect(useSnackbarStore.getState().success).toEqual({
      show: true,
      message: 'Imported 3 hoses',
      url: '/components/import?log=8',
    });
    expect(useSnackbarStore.getState().warning.show).toBe(false);
  });

  it('keeps the count and puts each new notification on top of the store, once', () => {
    const { socket, onChange } = connect();
    socket.receive('notifications:count', { count: 4 });
    expect(useNotificationsStore.getState().count).toBe(4);
    socket.receive('notification:new', createNotification({ id: 'a', description: 'older' }));
    socket.receive('notification:new', createNotification({ id: 'b', description: 'newer' }));
    socket.receive('notification:new', createNotification({ id: 'a', description: 'older', viewStatus: 2 }));
    expect(useNotificationsStore.getState().notifications.map((n) => [n.id, n.viewStatus])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    socket.receive('notification:new', { id: 'broken' });
    expect(useNotificationsStore.getState().notifications).toHaveLength(2);
    expect(onChange).toHaveBeenCalledTimes(4);
    // A notification event alone does not touch the store: notification:new carries the row.
    socket.receive('notification', { status: 2, description: 'x', url: '' });
    expect(useNotificationsStore.getState().notifications).toHaveLength(2);
  });

  it('keeps the furthest progress pushed for each job', () => {
    useJobProgressStore.getState().reset();
    const { socket } = connect();
    socket.receive('job:progress', { jobId: 'job-1', progress: 40 });
    socket.receive('job:progress', { jobId: 'job-2', progress: 10 });
    socket.receive('job:progress', { jobId: 'job-1', progress: 25 }); // late: never goes back
    socket.receive('job:progress', { jobId: 'job-3' });
    expect(useJobProgressStore.getState().progress).toEqual({ 'job-1': 40, 'job-2': 10 });
  });

  it('passes on that the organisation’s settings changed, and nothing else does', () => {
    const onSettingsChanged = vi.fn();
    connectNotifications({ userId: 'user-1', getToken: async () => tokenFor('org-9'), onSettingsChanged });
    const socket = fake.sockets[0]!;
    socket.receive('notifications:count', { count: 2 });
    expect(onSettingsChanged).not.toHaveBeenCalled();
    socket.receive('organization:settings');
    expect(onSettingsChanged).toHaveBeenCalledTimes(1);
  });

  it('ignores socket errors silently and tries again with a fresh token after a refusal', () => {
    vi.useFakeTimers();
    const { socket } = connect();
    socket.active = false;
    socket.receive('connect_error', new Error('The access token has expired'));
    expect(useSnackbarStore.getState().warning.show).toBe(false);
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.receive('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(2000);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    // A dropped connection is socket.io's own to retry.
    socket.active = true;
    socket.receive('connect_error', new Error('xhr poll error'));
    socket.receive('disconnect', 'transport close');
    vi.advanceTimersByTime(10_000);
    expect(socket.connect).toHaveBeenCalledTimes(2);
  });

  it('closes for good when stopped', () => {
    vi.useFakeTimers();
    const { socket, stop } = connect();
    socket.active = false;
    socket.receive('connect_error', new Error('refused'));
    stop();
    vi.advanceTimersByTime(10_000);
    expect(socket.connect).not.toHaveBeenCalled();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('reads the organisation from the token, or sends nothing it cannot read', () => {
    expect(organizationOf(tokenFor('org-1'))).toBe('org-1');
    expect(organizationOf('opaque')).toBe('');
    expect(organizationOf('')).toBe('');
  });
});
