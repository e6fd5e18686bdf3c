/** The sign-in and sign-up redirects, the same from every button (the top bar, the login page). */
import type { RedirectLoginOptions } from '@auth0/auth0-react';
import { safeReturnTo } from './navigation';

export function loginOptions(returnTo = '/'): RedirectLoginOptions {
  return { appState: { returnTo: safeReturnTo(returnTo) } };
}

/** The provider's sign-up screen, then back to the site root. */
export function signUpOptions(): RedirectLoginOptions {
  return { authorizationParams: { screen_hint: 'signup' }, appState: { returnTo: '/' } };
}

/** Only the callback path handles the provider's `code` + `state` (a `?code=` elsewhere is not ours). */
export function isCallbackPath(pathname: string): boolean {
  return pathname === '/callback';
}

/** Whether a query string is the provider's answer (code or error, plus state), as the SDK tests it. */
export function hasAuthParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}
