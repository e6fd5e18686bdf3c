/**
 * Lets plain modules (the API client, the session helpers) navigate inside the SPA. The root layout
 * registers the router's navigate function; before that, a full page load is the honest fallback.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let current: Navigate | null = null;

export function registerNavigator(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    if (current === navigate) current = null;
  };
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (current) current(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * A target to come back to after sign-in: only a path on this site (never `//host` or a full URL,
 * which would make the sign-in an open redirect), and never back into the auth pages themselves.
 */
export function safeReturnTo(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return fallback;
  if (target.includes('\\')) return fallback;
  const path = target.split(/[?#]/)[0] ?? '';
  if (['/login', '/logout', '/callback', '/logoutcallback', '/signup'].includes(path)) return fallback;
  return target;
}

let leave: (url: string) => void = (url) => window.location.assign(url);

/** Leaves the app for another page by a full load (the payment provider's checkout or portal). */
export function leaveApp(url: string): void {
  leave(url);
}

/** Replaces how `leaveApp` leaves (tests record the address instead); answers the undo. */
export function replaceLeaveApp(next: (url: string) => void): () => void {
  const previous = leave;
  leave = next;
  return () => {
    leave = previous;
  };
}
