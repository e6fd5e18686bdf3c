import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TopBar } from '@/app/shell/top-bar';
import { storeSessionProfile } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { renderWithProviders } from '@/test/render-app';
import { useNotificationsStore } from '../lib/notifications-store';
import { installFakeSockets } from '../test-socket';
import { NotificationBell } from './notification-bell';

let fake: ReturnType<typeof installFakeSockets>;
beforeEach(() => {
  fake = installFakeSockets();
  useNotificationsStore.getState().reset();
});
afterEach(() => fake.restore());

const badgeOf = (link: HTMLElement) => link.querySelector('.MuiBadge-badge');

describe('notification bell (a badge only when count > 0, and the name says what it shows)', () => {
  it('links to /notifications with no badge and no text at 0', () => {
    renderWithProviders(<NotificationBell />);
    const link = screen.getByRole('link', { name: 'Notifications' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(badgeOf(link)).toBeNull();
    expect(link.textContent).toBe('');
  });

  it('shows the unread count in the badge and in the name, and drops both at 0', () => {
    useNotificationsStore.getState().setCount(3);
    renderWithProviders(<NotificationBell />);
    const link = screen.getByRole('link', { name: 'Notifications: 3 unread' });
    expect(badgeOf(link)?.textContent).toBe('3');
    act(() => useNotificationsStore.getState().setCount(0));
    const quiet = screen.getByRole('link', { name: 'Notifications' });
    expect(badgeOf(quiet)).toBeNull();
    expect(quiet.textContent).toBe('');
  });

  it('says 99+ in the name when the badge does', () => {
    useNotificationsStore.getState().setCount(150);
    renderWithProviders(<NotificationBell />);
    const link = screen.getByRole('link', { name: 'Notifications: 99+ unread' });
    expect(badgeOf(link)?.textContent).toBe('99+');
  });
});

describe('top bar with a signed-in user', () => {
  it('opens the socket once the session is ready, feeds the bell, and closes it on the way out', async () => {
    storeSessionProfile(createSessionProfile({ userId: 'user-42' }));
    const { unmount } = renderWithProviders(<TopBar isXs={false} />, { auth: signedInDouble() });
    // socket.io loads once the session is ready, after the page has drawn.
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.sockets[0]!;
    expect(await socket.auth()).toEqual({ userId: 'user-42', token: 'token-123' });
    act(() => socket.receive('notifications:count', { count: 2 }));
    expect(badgeOf(screen.getByRole('link', { name: 'Notifications: 2 unread' }))?.textContent).toBe('2');
    unmount();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(useNotificationsStore.getState().count).toBe(0);
  });

  it('opens nothing for a visitor', async () => {
    renderWithProviders(<TopBar isXs={false} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.sockets).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
  });
});
