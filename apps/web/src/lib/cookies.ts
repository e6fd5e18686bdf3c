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

/**
 * Every cookie of the page by name, decoded (one that cannot be decoded is left out). Reading
 * `document.cookie` asks the browser each time: read them once for several.
 */
export function readCookies(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    const equals = trimmed.indexOf('=');
    if (equals <= 0) continue;
    try {
      const name = decodeURIComponent(trimmed.slice(0, equals));
      if (!cookies.has(name)) cookies.set(name, decodeURIComponent(trimmed.slice(equals + 1)));
    } catch {
      // Not written by this app: left out.
    }
  }
  return cookies;
}

export function getCookie(name: string): string | undefined {
  return readCookies().get(name);
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the one writer; the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
