/** The sign-in and sign-up redirects, the same from every button (the top bar, the login page). */
import type { RedirectLoginOptions } from '@auth0/auth0-react';
import { safeReturnTo } from './navigation';

/** Where a sign-in lands when no other page was asked for: the app, not the marketing home page. */
export const SIGNED_IN_HOME = '/dashboard';

/**
 * The page to open after sign-in: the target when it is a page of this site, else the dashboard. The home
 * page is where the sign-in buttons are, not a page anyone signs in to see, so it lands on the dashboard too.
 */
export function landingAfterSignIn(target: unknown): string {
  const landing = safeReturnTo(target, SIGNED_IN_HOME);
  return landing === '/' ? SIGNED_IN_HOME : landing;
}

export function loginOptions(returnTo = SIGNED_IN_HOME): RedirectLoginOptions {
  return { appState: { returnTo: landingAfterSignIn(returnTo) } };
}

/** The provider's sign-up screen, then the dashboard. */
export function signUpOptions(): RedirectLoginOptions {
  return { authorizationParams: { screen_hint: 'signup' }, appState: { returnTo: SIGNED_IN_HOME } };
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
