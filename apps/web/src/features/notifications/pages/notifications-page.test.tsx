import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '@/lib/session';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp, renderWithProviders } from '@/test/render-app';
import { useNotificationsStore } from '../lib/notifications-store';
import { createNotification, installFakeSockets } from '../test-socket';
import { NotificationsPage } from './notifications-page';

const failed = createNotification({
  id: 'n-2',
  status: 1,
  description: 'Row 4: the dash size is missing',
  url: 'components/import?log=imp-2',
  createdAt: '2026-05-02T09:30:00.000Z',
});
const done = createNotification({ id: 'n-1', viewStatus: 2 });
const page = (items = [failed, done]) => ({ body: { items, total: items.length, page: 1 } });

const render = () =>
  renderWithProviders(<NotificationsPage />, { auth: signedInDouble(), path: '/notifications' });
const rowOf = (description: string) => screen.getByRole('listitem', { name: description });

describe('/notifications', { timeout: 20_000 }, () => {
  beforeEach(() => {
    storeAccessToken('tok');
    useNotificationsStore.getState().reset();
  });

  it('lists the notifications newest first with status, time and a link to their page', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/notifications': page() });
    render();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Row 4: the dash size is missing',
      'Imported 12 hoses: 12 new, 0 updated.',
    ]);
    const first = rowOf('Row 4: the dash size is missing');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/components/import?log=imp-2');
    expect(within(first).getByTitle('Something went wrong')).toBeTruthy();
    expect(within(first).getByText('Unread')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
    expect(
      within(first)
        .getByText((_t, el) => el?.tagName === 'TIME')
        .getAttribute('dateTime'),
    ).toBe('2026-05-02T09:30:00.000Z');
    const second = rowOf('Imported 12 hoses: 12 new, 0 updated.');
    expect(within(second).getByTitle('Done')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Mark as unread' })).toBeTruthy();
    expect(calls[0]!.path).toBe('/api/v1/notifications');
    expect(calls[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('marks read, marks unread and dismisses through the update call, moving the count at once', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/notifications': page(),
      'POST /api/v1/notification/n-2/update': (call) => ({
        body: { ...failed, viewStatus: JSON.parse(call.body ?? '{}').viewStatus },
      }),
      'POST /api/v1/notification/n-1/update': (call) => ({
        body: { ...done, viewStatus: JSON.parse(call.body ?? '{}').viewStatus },
      }),
    });
    useNotificationsStore.getState().setCount(1);
    render();
    await screen.findAllByRole('listitem');

    await userEvent.click(
      within(rowOf('Row 4: the dash size is missing')).getByRole('button', { name: 'Mark as read' }),
    );
    await waitFor(() => expect(useNotificationsStore.getState().count).toBe(0));
    await userEvent.click(
      within(rowOf('Imported 12 hoses: 12 new, 0 updated.')).getByRole('button', { name: 'Mark as unread' }),
    );
    await waitFor(() => expect(useNotificationsStore.getState().count).toBe(1));
    await userEvent.click(
      within(rowOf('Imported 12 hoses: 12 new, 0 updated.')).getByRole('button', { name: 'Dismiss' }),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, JSON.parse(c.body ?? '{}')])).toEqual(
      [
        ['/api/v1/notification/n-2/update', { viewStatus: 2 }],
        ['/api/v1/notification/n-1/update', { viewStatus: 1 }],
        ['/api/v1/notification/n-1/update', { viewStatus: 7 }],
      ],
    );
    // Each change refreshes the list.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(4));
  });

  it('deletes after a confirm', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/notifications': page(),
      'POST /api/v1/notification/n-2/delete': { body: { ok: true } },
    });
    useNotificationsStore.getState().setCount(1);
    render();
    await screen.findAllByRole('listitem');
    await userEvent.click(
      within(rowOf('Row 4: the dash size is missing')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this notification?' });
    expect(within(dialog).getByText('“Row 4: the dash size is missing” will be gone for good.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/notification/n-2/delete')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useNotificationsStore.getState().count).toBe(0);
  });

  it('says why when a change fails, in a warning snackbar', async () => {
    stubFetch({
      'GET /api/v1/notifications': page(),
      'POST /api/v1/notification/n-2/update': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'This notification was not found' },
      },
    });
    render();
    await screen.findAllByRole('listitem');
    await userEvent.click(
      within(rowOf('Row 4: the dash size is missing')).getByRole('button', { name: 'Mark as read' }),
    );
    await waitFor(() =>
      expect(useSnackbarStore.getState().warning).toMatchObject({
        show: true,
        message: 'This notification was not found',
      }),
    );
  });

  it('shows an empty state, and asks for dismissed ones only when told to', async () => {
    const { fetchMock } = stubFetch({ 'GET /api/v1/notifications': page([]) });
    render();
    expect(await screen.findByText('No notifications')).toBeTruthy();
    const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls()).toEqual(['/api/v1/notifications?page=1&itemsPerPage=25']);
    await userEvent.click(screen.getByRole('switch', { name: 'Show dismissed' }));
    await waitFor(() =>
      expect(urls().at(-1)).toBe('/api/v1/notifications?page=1&itemsPerPage=25&includeHidden=true'),
    );
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    let attempts = 0;
    stubFetch({
      'GET /api/v1/notifications': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Server trouble' } }
          : page();
      },
    });
    render();
    expect(await screen.findByText(/Your notifications could not be loaded\. Server trouble/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it('is the page at /notifications, behind the sign-in, with the bell in the top bar', async () => {
    const fake = installFakeSockets();
    try {
      stubFetch({
        'POST /api/v1/sessions/create': { body: createSessionProfile() },
        'GET /api/v1/notifications': page(),
      });
      renderApp('/notifications', signedInDouble());
      expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
      expect(await screen.findAllByRole('listitem', { name: /Row 4|Imported/ })).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
      expect(fake.sockets).toHaveLength(1);
    } finally {
      fake.restore();
    }
  });
});
