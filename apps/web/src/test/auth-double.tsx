import { Auth0Context, type Auth0ContextInterface, initialContext, type User } from '@auth0/auth0-react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/**
 * A test double of the identity SDK's React context (the SDK is not our server). Functions are spies that
 * succeed; override what a test needs.
 */
export function createAuthDouble(overrides: Partial<Auth0ContextInterface> = {}): Auth0ContextInterface {
  return {
    ...initialContext,
    isLoading: false,
    isAuthenticated: false,
    user: undefined,
    error: undefined,
    loginWithRedirect: vi.fn(async () => {}),
    loginWithPopup: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    getAccessTokenSilently: vi.fn(
      async () => 'token-123',
    ) as unknown as Auth0ContextInterface['getAccessTokenSilently'],
    getIdTokenClaims: vi.fn(async () => undefined),
    ...overrides,
  };
}

export function signedInDouble(user: Partial<User> = {}, overrides: Partial<Auth0ContextInterface> = {}) {
  return createAuthDouble({
    isAuthenticated: true,
    user: { sub: 'user-1', email: 'clerk@example.com', email_verified: true, name: 'Casey Clerk', ...user },
    ...overrides,
  });
}

export function AuthDouble({ value, children }: { value: Auth0ContextInterface; children: ReactNode }) {
  return <Auth0Context.Provider value={value}>{children}</Auth0Context.Provider>;
}
