import { type AppState, Auth0Provider } from '@auth0/auth0-react';
import type { PublicConfig } from '@hosewright/domain';
import { type ReactNode, useCallback } from 'react';
import { isCallbackPath, landingAfterSignIn } from '@/lib/auth';
import { beginFreshLogin } from '@/lib/session';

type Navigate = (to: string, options: { replace: boolean }) => void;

/**
 * What happens when the provider sends the user back: a fresh sign-in forgets the previous session cache,
 * then goes to the saved target or the dashboard (`landingAfterSignIn`), replacing the `?code&state` URL.
 */
export function createRedirectCallback(navigate: Navigate) {
  return (appState?: AppState) => {
    beginFreshLogin();
    navigate(landingAfterSignIn(appState?.returnTo), { replace: true });
  };
}

/**
 * Whether this page may use local storage. A configurator framed by another site is refused it when the
 * browser blocks third-party storage: reading `window.localStorage` then throws.
 */
export function canUseLocalStorage(): boolean {
  try {
    return typeof window.localStorage !== 'undefined';
  } catch {
    return false;
  }
}

/**
 * The identity SDK against the configured provider (the embedded `/idp` by default). Its tokens stay in local
 * storage across reloads; where storage is refused (a framed configurator) they live in memory only.
 */
export function AuthProvider({
  config,
  navigate,
  children,
}: {
  config: PublicConfig;
  navigate: Navigate;
  children: ReactNode;
}) {
  const onRedirectCallback = useCallback(
    (appState?: AppState) => createRedirectCallback(navigate)(appState),
    [navigate],
  );
  const origin = window.location.origin;
  const cache = canUseLocalStorage() ? 'localstorage' : 'memory';
  return (
    <Auth0Provider
      domain={config.oidc.domain}
      clientId={config.oidc.clientId}
      authorizationParams={{
        redirect_uri: `${origin}/callback`,
        ...(config.oidc.audience ? { audience: config.oidc.audience } : {}),
        scope: 'openid profile email',
      }}
      useRefreshTokens
      cacheLocation={cache}
      anonymousSessionsCacheMode={cache === 'memory' ? 'memory' : 'localStorage'}
      // Only /callback carries our provider's answer; a `?code=` on another page belongs to someone else.
      skipRedirectCallback={!isCallbackPath(window.location.pathname)}
      onRedirectCallback={onRedirectCallback}
    >
      {children}
    </Auth0Provider>
  );
}
