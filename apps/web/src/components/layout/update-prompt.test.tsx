import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSessionProfile } from '@/lib/session';
import { APP_VERSION_KEY, pageReloader } from '@/lib/update-check';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { UpdatePrompt } from './update-prompt';

const RUNNING = 1_763_700_000;
const TEXT = 'A new version is available. Would you like to update now?';

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** The server's /version.json answers whatever `server.version` holds at the time. */
function stubVersion(initial: number | 'down') {
  const server = { version: initial };
  const { calls } = stubFetch({
    'GET /version.json': () =>
      server.version === 'down'
        ? { status: 503, body: { message: 'down' } }
        : { body: { version: server.version } },
  });
  return { server, checks: () => calls.filter((c) => c.path === '/version.json').length };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem(APP_VERSION_KEY, String(RUNNING));
});
afterEach(() => vi.useRealTimers());

function renderSignedIn() {
  storeSessionProfile(createSessionProfile());
  return renderWithProviders(<UpdatePrompt />, { auth: signedInDouble() });
}

describe('update flow', () => {
  it('checks /version.json after login and then every 60000 ms', async () => {
    const { checks } = stubVersion(RUNNING);
    renderSignedIn();
    await wait(0);
    expect(checks()).toBe(1);
    await wait(59_999);
    expect(checks()).toBe(1);
    await wait(1);
    expect(checks()).toBe(2);
    await wait(60_000);
    expect(checks()).toBe(3);
  });

  it('does not check for a visitor', async () => {
    const { checks } = stubVersion(RUNNING + 3600);
    renderWithProviders(<UpdatePrompt />, { auth: createAuthDouble() });
    await wait(120_000);
    expect(checks()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the update only when the server is more than 5 minutes newer', async () => {
    const { server } = stubVersion(RUNNING + 300);
    renderSignedIn();
    await wait(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    server.version = RUNNING + 301;
    await wait(60_000);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(TEXT)).toBeTruthy();
  });

  it('on accept stores the new version and reloads', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    stubVersion(RUNNING + 3600);
    renderSignedIn();
    await wait(0);
    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'Update now' }).click());
    await wait(0);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe(String(RUNNING + 3600));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('on decline asks again only after an hour', async () => {
    stubVersion(RUNNING + 3600);
    renderSignedIn();
    await wait(0);
    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }).click());
    await wait(500);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe(String(RUNNING));
    await wait(59 * 60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(60_000);
    expect(within(screen.getByRole('dialog')).getByText(TEXT)).toBeTruthy();
  });

  it('ignores a failed check silently', async () => {
    const { server, checks } = stubVersion('down');
    renderSignedIn();
    await wait(60_000);
    expect(checks()).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    server.version = RUNNING + 3600;
    await wait(60_000);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
