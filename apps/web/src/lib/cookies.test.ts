import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, readCookies, removeCookie, setCookie } from './cookies';

afterEach(() => {
  for (const name of readCookies().keys()) removeCookie(name);
});

describe('cookies', () => {
  it('reads every cookie at once, decoded, and one by name', () => {
    setCookie('email', 'ann+shop@example.com', { days: 1 });
    setCookie('userRoles', '["admin"]');
    const cookies = readCookies();
    expect(cookies.get('email')).toBe('ann+shop@example.com');
    expect(cookies.get('userRoles')).toBe('["admin"]');
    expect(getCookie('userRoles')).toBe('["admin"]');
    expect(getCookie('missing')).toBeUndefined();
  });

  it('leaves out a cookie that cannot be decoded and forgets a removed one', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie this app did not write.
    document.cookie = 'broken=%E0%A4%A; path=/';
    setCookie('locale', 'fr');
    expect(readCookies().has('broken')).toBe(false);
    expect(getCookie('locale')).toBe('fr');
    removeCookie('locale');
    expect(getCookie('locale')).toBeUndefined();
  });
});
