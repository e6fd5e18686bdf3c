import { removeCookie } from '@/lib/cookies';

/** Test helper: every cookie of the document as a name -> value map, and a way to clear them. */
export function readCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf('=');
    out[decodeURIComponent(trimmed.slice(0, at))] = decodeURIComponent(trimmed.slice(at + 1));
  }
  return out;
}

export function clearAllCookies(): void {
  for (const name of Object.keys(readCookies())) {
    removeCookie(name);
  }
}
