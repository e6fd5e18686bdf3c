import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie, removeCookie } from '@/lib/cookies';
import { i18n } from '@/lib/i18n';
import { accessOrganizationSetting, readOrganizationSetting } from '@/lib/organization-settings';
import { storeAccessToken, storeSessionProfile, useSessionStore } from '@/lib/session';
import { readCookies } from '@/test/cookies';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { runLogout } from './logout';

const steps: string[] = [];

beforeEach(() => {
  steps.length = 0;
  storeSessionProfile(createSessionProfile({ locale: 'en_us', userRoles: ['admin'] }));
  storeAccessToken('stored-token');
});

function deleteReply(status: number) {
  return {
    'POST /api/v1/sessions/delete': () => {
      // What the world looked like when the delete call went out.
      steps.push(
        `delete(profile cleared=${getCookie('email') === undefined && getCookie('userRoles') === undefined}, token cookie=${getCookie('accessToken')})`,
      );
      return status === 200
        ? { body: { ok: true } }
        : {
            status,
            body: { statusCode: status, code: status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL', message: 'x' },
          };
    },
  };
}

function deps() {
  return {
    logout: vi.fn(async () => {
      steps.push(`provider logout(token cookie=${getCookie('accessToken') ?? 'gone'})`);
    }),
    navigate: vi.fn((to: string) => {
      steps.push(`navigate ${to}`);
    }),
    clearServerCache: vi.fn(() => {
      steps.push('clear server cache');
    }),
    origin: 'https://app.example.com',
  };
}

describe('logout sequence', () => {
  it('clears the profile, deletes the session with the stored token, removes the token, then signs out', async () => {
    const { calls } = stubFetch(deleteReply(200));
    const input = deps();
    await expect(runLogout(input)).resolves.toBe('signedOut');

    expect(steps).toEqual([
      'clear server cache',
      'delete(profile cleared=true, token cookie=stored-token)',
      'provider logout(token cookie=gone)',
    ]);
    expect(calls[0]?.headers.authorization).toBe('Bearer stored-token');
    expect(calls[0]?.headers.userid).toBe('user-1');
    expect(input.logout).toHaveBeenCalledWith({
      logoutParams: { returnTo: 'https://app.example.com/logoutcallback' },
    });
    expect(readCookies()).toEqual({ locale: 'en_ca' });
    expect(i18n.language).toBe('en-CA');
    expect(localStorage.getItem('subscription')).toBeNull();
    expect(useSessionStore.getState().access).toBeNull();
  });

  it('goes to /login when the delete answers 401, without signing out at the provider', async () => {
    stubFetch(deleteReply(401));
    const input = deps();
    await expect(runLogout(input)).resolves.toBe('failedUnauthenticated');
    expect(steps.at(-1)).toBe('navigate /login');
    expect(input.logout).not.toHaveBeenCalled();
  });

  it('goes to / when the delete fails otherwise', async () => {
    stubFetch(deleteReply(500));
    const input = deps();
    await expect(runLogout(input)).resolves.toBe('failed');
    expect(steps.at(-1)).toBe('navigate /');
    expect(input.logout).not.toHaveBeenCalled();
    // The user is still signed in: the session may start again.
    expect(useSessionStore.getState().status).toBe('idle');
  });

  it('still signs out at the provider when no token is stored', async () => {
    removeCookie('accessToken');
    const { fetchMock } = stubFetch({});
    const input = deps();
    await expect(runLogout(input)).resolves.toBe('signedOut');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input.logout).toHaveBeenCalledOnce();
  });

  it('forgets the organisation’s settings, so the next person loads their own', async () => {
    const { calls } = stubFetch({
      ...deleteReply(200),
      'GET /api/v1/organization/hideinventory': { body: true },
    });
    await accessOrganizationSetting('hideInventory');
    expect(readOrganizationSetting('hideInventory')).toBe(true);
    await expect(runLogout(deps())).resolves.toBe('signedOut');
    expect(readOrganizationSetting('hideInventory')).toBe(false);
    storeAccessToken('next-token');
    await accessOrganizationSetting('hideInventory');
    expect(calls.filter((c) => c.path === '/api/v1/organization/hideinventory')).toHaveLength(2);
  });
});
