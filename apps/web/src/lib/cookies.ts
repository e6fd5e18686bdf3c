/** Small cookie helpers. The session cache lives in cookies (`SESSION_COOKIES`), all on path `/`. */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CookieOptions {
  /** Lifetime in days; omitted means a browser-session cookie. */
  days?: number;
  /** Clock used for the expiry date (tests). */
  now?: Date;
}

/** The exact `document.cookie` assignment for a value: encoded, path `/`, `SameSite=Lax`, `Secure` on https. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.days !== undefined) {
    const now = options.now ?? new Date();
    parts.push(`expires=${new Date(now.getTime() + options.days * DAY_MS).toUTCString()}`);
  }
  if (typeof window !== 'undefined' && window.location.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the one writer; the Cookie Store API is missing in Safari and Firefox.
  document.cookie = serializeCookie(name, value, options);
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) {
      try {
        return decodeURIComponent(trimmed.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the one writer; the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
