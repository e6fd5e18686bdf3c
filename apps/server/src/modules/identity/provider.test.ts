import Fastify from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWithAdmin } from './accounts.ts';
import { registerIdentity } from './index.ts';
import { loadSigningKeys } from './keys.ts';
import {
  authorizeUrl,
  Browser,
  createTestIdentity,
  interactionPath,
  location,
  mailedLink,
  type OutboxMail,
  PUBLIC_URL,
  pkcePair,
  readOutbox,
  type TestIdentity,
  type TokenResponse,
  tokenRequest,
} from './test-support.ts';

const PASSWORD = 'hose-fitter-2024';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await createTestIdentity();
});

afterAll(async () => {
  await identity.close();
});

async function signUp(email: string) {
  return createOrganizationWithAdmin(identity.database, {
    name: 'Dana Fitter',
    email,
    password: PASSWORD,
    organizationName: 'Fitter Hydraulics',
  });
}

/** Authorize, sign in through the form, follow the redirects and return the code and PKCE verifier. */
async function signInForCode(browser: Browser, email: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const url = authorizeUrl(identity.config, challenge, extra);
  const state = new URL(url, PUBLIC_URL).searchParams.get('state');
  const start = await browser.get(url);
  expect(start.statusCode).toBe(303);
  const page = interactionPath(start);

  const form = await browser.get(page);
  expect(form.statusCode).toBe(200);
  expect(form.body).toContain('Forgot password?');
  expect(form.body).toContain('Create an account');

  const posted = await browser.post(`${page}/login`, { email, password: PASSWORD });
  const callback = await browser.follow(posted);
  const target = new URL(location(callback));
  expect(`${target.origin}${target.pathname}`).toBe(`${PUBLIC_URL}/callback`);
  expect(target.searchParams.get('state')).toBe(state);
  const code = target.searchParams.get('code');
  if (!code) throw new Error(`No code in ${target.href}`);
  return { code, verifier };
}

async function exchangeCode(code: string, verifier: string): Promise<TokenResponse> {
  const response = await tokenRequest(identity.app, {
    grant_type: 'authorization_code',
    client_id: identity.config.OIDC_CLIENT_ID,
    code,
    code_verifier: verifier,
    redirect_uri: `${PUBLIC_URL}/callback`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenResponse>();
}

describe('discovery', () => {
  it('publishes the issuer with a trailing slash and the Auth0-style endpoints', async () => {
    const response = await identity.app.inject({
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    const doc = response.json<Record<string, unknown>>();
    expect(doc.issuer).toBe(`${PUBLIC_URL}/idp/`);
    expect(doc).toMatchObject({
      authorization_endpoint: `${PUBLIC_URL}/idp/authorize`,
      token_endpoint: `${PUBLIC_URL}/idp/oauth/token`,
      end_session_endpoint: `${PUBLIC_URL}/idp/v2/logout`,
      revocation_endpoint: `${PUBLIC_URL}/idp/oauth/revoke`,
      userinfo_endpoint: `${PUBLIC_URL}/idp/userinfo`,
      jwks_uri: `${PUBLIC_URL}/idp/.well-known/jwks.json`,
    });
    expect(doc.response_modes_supported).toContain('web_message');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it("answers the rest of /idp itself, but leaves the pages' addresses to the pages", async () => {
    const get = (url: string) => identity.app.inject({ url, headers: { host: 'localhost:3000' } });
    const unknownToProvider = await get('/idp/nowhere');
    expect(unknownToProvider.statusCode).toBe(404);
    expect(unknownToProvider.body).toBe('Not Found');
    // A page address no page route answers is the app's own 404, never handed to the provider.
    const unknownPage = await get('/idp/interaction/abc/nothing');
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.json()).toMatchObject({ statusCode: 404 });
    expect((await get('/idp/forgot-password')).body).toContain('<!DOCTYPE html>');
  });

  it('serves the public signing key at /.well-known/jwks.json', async () => {
    const response = await identity.app.inject({
      url: '/idp/.well-known/jwks.json',
      headers: { host: 'localhost:3000' },
    });
    const { keys } = response.json<{ keys: Array<Record<string, unknown>> }>();
    const { publicJwks } = await loadSigningKeys(identity.database);
    expect(keys.map((k) => k.kid)).toEqual(publicJwks.keys.map((k) => k.kid));
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('authorization code flow with PKCE', () => {
  it('issues a JWT access token for the API, an ID token and a refresh token', async () => {
    const email = 'flow@example.com';
    const { organizationId, userId } = await signUp(email);
    const browser = new Browser(identity.app);
    const { code, verifier } = await signInForCode(browser, email);
    const tokens = await exchangeCode(code, verifier);

    const { publicJwks } = await loadSigningKeys(identity.database);
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(publicJwks), {
      issuer: identity.config.issuer,
      audience: identity.config.OIDC_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: userId,
      org_id: organizationId,
      aud: identity.config.OIDC_AUDIENCE,
    });
    expect(payload.iss).toBe(`${PUBLIC_URL}/idp/`);

    const idToken = await jwtVerify(tokens.id_token, createLocalJWKSet(publicJwks), {
      issuer: identity.config.issuer,
      audience: identity.config.OIDC_CLIENT_ID,
    });
    expect(idToken.payload).toMatchObject({
      sub: userId,
      email,
      email_verified: false,
      name: 'Dana Fitter',
      org_id: organizationId,
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
  });

  it('refreshes with the refresh_token grant and rotates the refresh token', async () => {
    const email = 'refresh@example.com';
    const { organizationId } = await signUp(email);
    const { code, verifier } = await signInForCode(new Browser(identity.app), email);
    const first = await exchangeCode(code, verifier);

    const response = await tokenRequest(identity.app, {
      grant_type: 'refresh_token',
      client_id: identity.config.OIDC_CLIENT_ID,
      refresh_token: first.refresh_token ?? '',
      redirect_uri: `${PUBLIC_URL}/callback`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const refreshed = response.json<TokenResponse>();
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    const claims = decodeJwt(refreshed.access_token);
    expect(claims).toMatchObject({ aud: identity.config.OIDC_AUDIENCE, org_id: organizationId });
    expect(refreshed.id_token).toBeTruthy();
  });

  it('grants offline_access when the app asks prompt=consent, without showing a consent page', async () => {
    const email = 'consent@example.com';
    await signUp(email);
    const { code, verifier } = await signInForCode(new Browser(identity.app), email, { prompt: 'consent' });
    const tokens = await exchangeCode(code, verifier);
    expect(tokens.scope.split(' ')).toContain('offline_access');
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('uses the API audience when the request names none', async () => {
    const email = 'noaudience@example.com';
    await signUp(email);
    const { code, verifier } = await signInForCode(new Browser(identity.app), email, { audience: '' });
    const tokens = await exchangeCode(code, verifier);
    expect(decodeJwt(tokens.access_token).aud).toBe(identity.config.OIDC_AUDIENCE);
  });

  it('answers a silent (prompt=none, web_message) request from the existing session without a page', async () => {
    const email = 'silent@example.com';
    await signUp(email);
    const browser = new Browser(identity.app);
    await signInForCode(browser, email);
    const { challenge } = pkcePair();
    const response = await browser.get(
      authorizeUrl(identity.config, challenge, { prompt: 'none', response_mode: 'web_message' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('authorization_response');
    expect(response.body).toMatch(/"code":"[^"]+"/);
  });

  it('passes auth0-spa-js organisation check on silent renew (organization = the org_id hint)', async () => {
    const email = 'orghint@example.com';
    const { organizationId } = await signUp(email);
    const browser = new Browser(identity.app);
    await signInForCode(browser, email);
    const { challenge, verifier } = pkcePair();
    const response = await browser.get(
      authorizeUrl(identity.config, challenge, { prompt: 'none', organization: organizationId }),
    );
    const code = new URL(location(response)).searchParams.get('code') ?? '';
    const claims = decodeJwt((await exchangeCode(code, verifier)).id_token);
    // What the SDK checks for a hint without the `org_` prefix.
    expect(claims.org_name).toBe(organizationId.toLowerCase());
    expect(claims.org_id).toBe(organizationId);
  });

  it('refuses an unknown audience', async () => {
    const { challenge } = pkcePair();
    const response = await new Browser(identity.app).get(
      authorizeUrl(identity.config, challenge, { audience: 'https://elsewhere.example' }),
    );
    expect(response.statusCode).toBe(303);
    expect(location(response)).toContain('error=invalid_target');
  });

  it.each([
    ['another port', 'http://localhost:4000/callback'],
    ['the other loopback name', 'http://127.0.0.1:3000/callback'],
    ['the root path', `${PUBLIC_URL}/`],
    ['a longer path', `${PUBLIC_URL}/callback/elsewhere`],
    ['an added query', `${PUBLIC_URL}/callback?next=1`],
  ])('refuses a redirect_uri with %s: an error page, no redirect', async (_case, redirectUri) => {
    const { challenge } = pkcePair();
    const response = await new Browser(identity.app).get(
      authorizeUrl(identity.config, challenge, { redirect_uri: redirectUri }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('Something went wrong');
    expect(response.body).toContain('redirect_uri did not match');
  });

  it('requires PKCE', async () => {
    const { challenge } = pkcePair();
    const url = new URL(authorizeUrl(identity.config, challenge), PUBLIC_URL);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const response = await new Browser(identity.app).get(`${url.pathname}${url.search}`);
    expect(location(response)).toContain('error=invalid_request');
  });

  it('shows "Wrong email or password." for a bad password and keeps the email', async () => {
    const email = 'wrong@example.com';
    await signUp(email);
    const browser = new Browser(identity.app);
    const { challenge } = pkcePair();
    const page = interactionPath(await browser.get(authorizeUrl(identity.config, challenge)));
    const response = await browser.post(`${page}/login`, { email, password: 'not-the-password-1' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Wrong email or password.');
    expect(response.body).toContain(`value="${email}"`);
  });
});

describe('sign-up page', () => {
  it('is shown for screen_hint=signup, shows field errors, then mails the link to confirm the address', async () => {
    const browser = new Browser(identity.app);
    const { challenge } = pkcePair();
    const page = interactionPath(
      await browser.get(authorizeUrl(identity.config, challenge, { screen_hint: 'signup' })),
    );
    const form = await browser.get(page);
    expect(form.body).toContain('Create an account');
    expect(form.body).toContain('name="organizationName"');

    const invalid = await browser.post(`${page}/signup`, {
      name: 'Sam Crimper',
      email: 'sam@example.com',
      password: 'short',
      organizationName: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Use at least 10 characters');
    expect(invalid.body).toContain('Enter your shop or company name');
    expect(invalid.body).toContain('value="Sam Crimper"');

    const created = await browser.post(`${page}/signup`, {
      name: 'Sam Crimper',
      email: 'sam@example.com',
      password: PASSWORD,
      organizationName: 'Crimp Co',
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Check your inbox');
    const link = await mailedLink(identity.dataDir, 'sam@example.com', 'verify-email');
    expect((await browser.get(link)).body).toContain('Your email address is confirmed');
    // Confirmed, the new person signs in with the password they chose.
    const { code } = await signInForCode(new Browser(identity.app), 'sam@example.com');
    expect(code).toBeTruthy();
  });

  it('answers an address that already has an account exactly like a new one, and emails its owner', async () => {
    await signUp('taken@example.com');
    const post = async (email: string) => {
      const browser = new Browser(identity.app);
      const { challenge } = pkcePair();
      const page = interactionPath(
        await browser.get(authorizeUrl(identity.config, challenge, { screen_hint: 'signup' })),
      );
      return browser.post(`${page}/signup`, {
        name: 'Other Person',
        email,
        password: PASSWORD,
        organizationName: 'Other Shop',
      });
    };
    const taken = await post('taken@example.com');
    const fresh = await post('fresh-address@example.com');
    expect([taken.statusCode, fresh.statusCode]).toEqual([200, 200]);
    expect(taken.body.replace('taken@example.com', 'X')).toBe(
      fresh.body.replace('fresh-address@example.com', 'X'),
    );
    expect(taken.body).not.toContain('already');

    let mails: OutboxMail[] = [];
    for (let i = 0; i < 100 && !mails.some((m) => m.content.includes('You already have one')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = await readOutbox(identity.dataDir, 'taken@example.com');
    }
    const notice = mails.find((m) => m.content.includes('You already have one'));
    expect(notice?.content).toContain(`${PUBLIC_URL}/idp/forgot-password`);
    // Nothing changed for the owner: still one account, still their password.
    const { code } = await signInForCode(new Browser(identity.app), 'taken@example.com');
    expect(code).toBeTruthy();
  });
});

describe('logout', () => {
  it('maps Auth0 returnTo, skips the confirmation and lands on returnTo', async () => {
    const email = 'logout@example.com';
    await signUp(email);
    const browser = new Browser(identity.app);
    await signInForCode(browser, email);

    const returnTo = `${PUBLIC_URL}/logoutcallback`;
    const params = new URLSearchParams({ client_id: identity.config.OIDC_CLIENT_ID, returnTo });
    const page = await browser.get(`/idp/v2/logout?${params}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('f.submit()');
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(page.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(action && xsrf).toBeTruthy();

    const confirmed = await browser.post(new URL(action ?? '', PUBLIC_URL).pathname, {
      xsrf: xsrf ?? '',
      logout: 'yes',
    });
    expect(confirmed.statusCode).toBe(303);
    expect(location(confirmed)).toBe(returnTo);

    // The session is gone: a silent request now needs a login.
    const { challenge } = pkcePair();
    const silent = await browser.get(authorizeUrl(identity.config, challenge, { prompt: 'none' }));
    expect(location(silent)).toContain('error=login_required');
  });

  it.each([
    ['another port', 'http://localhost:4000/logoutcallback'],
    ['the other loopback name', 'http://127.0.0.1:3000/logoutcallback'],
    ['the root path', `${PUBLIC_URL}/`],
  ])('refuses to return to an address with %s', async (_case, returnTo) => {
    const params = new URLSearchParams({ client_id: identity.config.OIDC_CLIENT_ID, returnTo });
    const page = await new Browser(identity.app).get(`/idp/v2/logout?${params}`);
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('post_logout_redirect_uri not registered');
  });
});

describe('interaction pages', () => {
  it('explain that a sign-in page without its cookie has expired', async () => {
    const response = await new Browser(identity.app).get('/idp/interaction/unknown-uid');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in expired');
    expect(response.body).toContain(`${PUBLIC_URL}/login`);
  });

  it('declare every Fastify route public (the app refuses undeclared routes)', async () => {
    const database = identity.database;
    const app = Fastify();
    const seen: string[] = [];
    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: { public?: boolean } } | undefined)?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
      seen.push(`${route.method} ${route.url}`);
    });
    await registerIdentity(app, { config: identity.config, database, mailer: identity.mailer });
    await app.ready();
    expect(seen).toEqual(expect.arrayContaining(['GET /idp/interaction/:uid', 'POST /idp/reset-password']));
    await app.close();
  });
});
