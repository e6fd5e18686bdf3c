/** A whole sign-in through the embedded provider's pages, as the web app does it, and a refresh after. */
import { expect } from 'vitest';
import {
  authorizeUrl,
  Browser,
  interactionPath,
  location,
  PUBLIC_URL,
  pkcePair,
  type TokenResponse,
  tokenRequest,
} from '../src/modules/identity/test-support.ts';
import type { TestApp } from './helpers.ts';

/** Signs `email` in with `password` through the provider's form and exchanges the code: the tokens. */
export async function signInThroughProvider(
  t: TestApp,
  email: string,
  password: string,
): Promise<TokenResponse> {
  const browser = new Browser(t.app);
  const { verifier, challenge } = pkcePair();
  const page = interactionPath(await browser.get(authorizeUrl(t.config, challenge)));
  const callback = await browser.follow(await browser.post(`${page}/login`, { email, password }));
  const code = new URL(location(callback)).searchParams.get('code') ?? '';
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    client_id: t.config.OIDC_CLIENT_ID,
    code,
    code_verifier: verifier,
    redirect_uri: `${PUBLIC_URL}/callback`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TokenResponse>();
}

/** Asks for new tokens with a refresh token: 200 with them, or the provider's refusal. */
export function refreshTokens(t: TestApp, refreshToken: string) {
  return tokenRequest(t.app, {
    grant_type: 'refresh_token',
    client_id: t.config.OIDC_CLIENT_ID,
    refresh_token: refreshToken,
  });
}
