import { SESSION_COOKIES } from '@hosewright/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { readCookies } from '@/test/cookies';
import { createSessionProfile } from '@/test/factories';
import { removeCookie, serializeCookie } from './cookies';
import { i18n } from './i18n';
import {
  applySubscriptionStatus,
  clearCachedProfile,
  isSubscriptionExpired,
  readCachedSession,
  storeAccessToken,
  storeSessionProfile,
  useSessionStore,
} from './session';

const DAY = 24 * 60 * 60 * 1000;

function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!descriptor?.set || !descriptor.get) throw new Error('document.cookie is not an accessor');
  const { get, set } = descriptor;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      return get.call(document);
    },
    set(value: string) {
      writes.push(value);
      set.call(document, value);
    },
  });
  return writes;
}

afterEach(() => {
  // Back to the prototype's accessor.
  Reflect.deleteProperty(document, 'cookie');
});

function expiryOf(write: string): number {
  const match = /expires=([^;]+)/.exec(write);
  if (!match?.[1]) throw new Error(`no expiry in ${write}`);
  return new Date(match[1]).getTime();
}

describe('session cookies', () => {
  it('serialises a cookie on path / with an expiry the given number of days ahead', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const text = serializeCookie('userRoles', '["admin"]', { days: 30, now });
    expect(text).toBe(
      'userRoles=%5B%22admin%22%5D; path=/; SameSite=Lax; expires=Mon, 09 Feb 2026 12:00:00 GMT',
    );
  });

  it('writes every session cookie (SESSION_COOKIES) with a 30-day expiry', () => {
    const writes = spyCookieWrites();
    const before = Date.now();
    storeSessionProfile(
      createSessionProfile({ userRoles: ['admin', 'regular'], subscription: 'professional' }),
    );

    const names = writes.map((w) => decodeURIComponent(w.slice(0, w.indexOf('='))));
    expect(names.sort()).toEqual([...SESSION_COOKIES].sort());
    for (const write of writes) {
      const days = (expiryOf(write) - before) / DAY;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThan(30.01);
      expect(write).toContain('path=/');
    }
    expect(readCookies()).toMatchObject({ userRoles: '["admin","regular"]', subscription: 'professional' });
  });

  it('keeps the access token cookie for 30 days', () => {
    const writes = spyCookieWrites();
    const before = Date.now();
    storeAccessToken('abc');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^accessToken=abc; /);
    expect((expiryOf(writes[0]!) - before) / DAY).toBeCloseTo(30, 2);
  });

  it('keeps subscription, expiry and roles in local storage too', () => {
    storeSessionProfile(
      createSessionProfile({ subscription: 'enterprise', subscriptionExpires: '2030-01-01T00:00:00.000Z' }),
    );
    expect(localStorage.getItem('subscription')).toBe('enterprise');
    expect(localStorage.getItem('subscriptionExpires')).toBe('2030-01-01T00:00:00.000Z');
    expect(localStorage.getItem('userRoles')).toBe('["regular"]');
  });

  it('treats the cache as complete only when all nine values are present', () => {
    storeSessionProfile(createSessionProfile());
    expect(readCachedSession()).toMatchObject({ userId: 'user-1', maxHoseKits: 10 });
    removeCookie('maxHoseKits');
    expect(readCachedSession()).toBeNull();
  });

  it('switches the interface language to the session locale', () => {
    storeSessionProfile(createSessionProfile({ locale: 'en_us' }));
    expect(i18n.language).toBe('en-US');
    clearCachedProfile();
    expect(i18n.language).toBe('en-CA');
  });

  it('clears the cached role, email, subscription and limit values on logout, keeping token and user id', () => {
    storeSessionProfile(createSessionProfile());
    storeAccessToken('tok');
    clearCachedProfile();
    expect(readCookies()).toEqual({ userId: 'user-1', accessToken: 'tok', locale: 'en_ca' });
    expect(localStorage.getItem('subscription')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ profile: null, access: null, status: 'signingOut' });
  });
});

describe('403 with subscription status', () => {
  it('keeps a lapsed trial a trial and takes the server expiry', () => {
    storeSessionProfile(createSessionProfile({ subscription: 'trial' }));
    applySubscriptionStatus({ subscriptionType: 'professional', expires: '2020-01-01T00:00:00.000Z' });
    expect(useSessionStore.getState().access?.subscription).toEqual({
      tier: 'trial',
      expires: '2020-01-01T00:00:00.000Z',
    });
    expect(localStorage.getItem('subscription')).toBe('trial');
    expect(readCookies().subscriptionExpires).toBe('2020-01-01T00:00:00.000Z');
  });

  it('takes the server tier when the last one was not a trial', () => {
    storeSessionProfile(createSessionProfile({ subscription: 'enterprise' }));
    applySubscriptionStatus({ subscriptionType: 'professional', expires: '2020-01-01T00:00:00.000Z' });
    expect(useSessionStore.getState().access?.subscription?.tier).toBe('professional');
  });
});

describe('subscription expired rule (banner)', () => {
  it('is expired only when a subscription exists and its expiry is earlier than now', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(isSubscriptionExpired(null, now)).toBe(false);
    expect(isSubscriptionExpired({ roles: [], subscription: null }, now)).toBe(false);
    expect(
      isSubscriptionExpired(
        { roles: [], subscription: { tier: 'trial', expires: '2026-04-30T23:59:59Z' } },
        now,
      ),
    ).toBe(true);
    expect(
      isSubscriptionExpired(
        { roles: [], subscription: { tier: 'trial', expires: '2026-05-01T00:00:00Z' } },
        now,
      ),
    ).toBe(false);
  });
});
