/**
 * The embedded OpenID provider (panva/oidc-provider) configured to look like Auth0 to the SPA's
 * @auth0/auth0-spa-js: same endpoint paths, an `audience` parameter that selects the API, JWT access tokens
 * carrying `org_id`, refresh tokens for the first-party client, and consent skipped for it.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  type Account,
  type ClientMetadata,
  type Configuration,
  errors,
  type Grant,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findAccountProfile } from './accounts.ts';
import { createOidcAdapter } from './adapter.ts';
import type { SigningKeys } from './keys.ts';
import { LOGOUT_SUBMIT_SCRIPT, logoutPage, messagePage } from './views.ts';

export const IDP_PREFIX = '/idp';
/** What the first-party SPA may be granted without a consent screen. */
export const FIRST_PARTY_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

const HOUR = 60 * 60;
/** How long an access token of the API lasts (seconds): what a revoked grant's tokens can outlive it by. */
export const ACCESS_TOKEN_TTL_S = HOUR;
const THIRTY_DAYS = 30 * 24 * HOUR;

export type ProviderConfig = Pick<Config, 'issuer' | 'publicUrl' | 'OIDC_CLIENT_ID' | 'OIDC_AUDIENCE'>;

export interface ProviderOptions {
  config: ProviderConfig;
  database: Database;
  keys: SigningKeys;
  logger?: FastifyBaseLogger;
}

export function createProvider({ config, database, keys, logger }: ProviderOptions): Provider {
  const provider = new Provider(config.issuer, buildConfiguration(config, database, keys));
  // The provider reads the client's address, host and protocol from X-Forwarded-* headers, which the
  // middleware in front of it rewrites to what TRUST_PROXY decided (`forwardedAsDecided`).
  provider.proxy = true;
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => {
    logger?.error({ err }, 'Identity provider error');
  });
  return provider;
}

function buildConfiguration(config: ProviderConfig, database: Database, keys: SigningKeys): Configuration {
  const client = firstPartyClient(config);
  const appOrigin = new URL(config.publicUrl).origin;
  return {
    adapter: createOidcAdapter(database),
    clients: [client],
    jwks: keys.privateJwks,
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    claims: {
      // The organisation rides with `openid`, which every request carries, so the ID token always has it.
      openid: ['sub', 'org_id', 'org_name'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => findAccount(database, sub),
    extraParams: ['audience', 'screen_hint'],
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const profile = await findAccountProfile(database, accountId);
      if (!profile?.organizationId) return undefined;
      // The grant rides along so that sign-out can end it (`POST /api/v1/sessions/delete`).
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return { org_id: profile.organizationId, ...(grantId ? { grant_id: grantId } : {}) };
    },
    issueRefreshToken: async (_ctx, tokenClient) => tokenClient.grantTypeAllowed('refresh_token'),
    loadExistingGrant: (ctx) => loadGrantSkippingConsent(ctx, config.OIDC_CLIENT_ID),
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
    pkce: { required: () => true },
    responseTypes: ['code'],
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      end_session: '/v2/logout',
      revocation: '/oauth/revoke',
      userinfo: '/userinfo',
      jwks: '/.well-known/jwks.json',
    },
    interactions: { url: (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx, _client, oneOf) => defaultResource(ctx, config.OIDC_AUDIENCE, oneOf),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => resourceServerFor(indicator, config.OIDC_AUDIENCE),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, grantInlineScript(ctx, LOGOUT_SUBMIT_SCRIPT));
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(config.publicUrl);
        },
      },
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: THIRTY_DAYS,
      Session: THIRTY_DAYS,
      // A rotated refresh token keeps its predecessor's expiry: sign-in lasts 30 days at most.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? THIRTY_DAYS,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(config.publicUrl, out.error_description ?? out.error);
    },
  };
}

/**
 * The SPA: a public client using the authorization code flow with PKCE and refresh tokens. It returns only to
 * the public URL's `/callback` and, after sign-out, `/logoutcallback` (apps/web auth-provider.tsx and
 * logout.ts); the provider matches these exactly, so no other port, host spelling or path is accepted.
 */
export function firstPartyClient(config: Pick<Config, 'publicUrl' | 'OIDC_CLIENT_ID'>): ClientMetadata {
  return {
    client_id: config.OIDC_CLIENT_ID,
    client_name: 'Hosewright',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${config.publicUrl}/callback`],
    post_logout_redirect_uris: [`${config.publicUrl}/logoutcallback`],
  };
}

async function findAccount(database: Database, sub: string): Promise<Account | undefined> {
  const profile = await findAccountProfile(database, sub);
  if (!profile) return undefined;
  return {
    accountId: profile.id,
    claims: () => ({
      sub: profile.id,
      email: profile.email,
      email_verified: profile.emailVerified,
      name: profile.name,
      ...(profile.organizationId ? organizationClaims(profile.organizationId) : {}),
    }),
  };
}

/**
 * auth0-spa-js remembers `org_id` as an organisation hint, sends it back as `organization` on silent
 * (prompt=none) requests and then checks the new ID token: a value not starting with `org_` is compared with
 * the `org_name` claim. Our organisation ids are UUIDs, so `org_name` carries the same id to pass that check.
 */
function organizationClaims(organizationId: string): { org_id: string; org_name: string } {
  return { org_id: organizationId, org_name: organizationId.toLowerCase() };
}

/** Auth0's `audience` parameter picks the resource server; without one the app's API is meant. */
function defaultResource(
  ctx: KoaContextWithOIDC,
  apiAudience: string,
  oneOf?: readonly string[],
): string | readonly string[] {
  if (oneOf) return oneOf.includes(apiAudience) ? apiAudience : oneOf;
  const audience = ctx.oidc.params?.audience;
  return typeof audience === 'string' && audience ? audience : apiAudience;
}

function resourceServerFor(indicator: string, apiAudience: string): ResourceServer {
  if (indicator !== apiAudience) throw new errors.InvalidTarget();
  return {
    scope: FIRST_PARTY_SCOPES.join(' '),
    audience: apiAudience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: ACCESS_TOKEN_TTL_S,
    jwt: { sign: { alg: 'RS256' } },
  };
}

/**
 * Consent is implied for the first-party client: once the person is known, their grant is created (or
 * widened) with whatever the request asks of the first-party scopes, so the consent prompt never shows.
 */
async function loadGrantSkippingConsent(
  ctx: KoaContextWithOIDC,
  clientId: string,
): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const client = oidc.client;
  const grantId =
    oidc.result?.consent?.grantId ?? (client ? oidc.session?.grantIdFor(client.clientId) : undefined);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const accountId = oidc.session?.accountId;
  if (!client || client.clientId !== clientId || !accountId) return existing;

  const grant = existing ?? new oidc.provider.Grant({ accountId, clientId });
  const allowed = new Set<string>(FIRST_PARTY_SCOPES);
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].filter((scope) => allowed.has(scope)));
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(
      indicator,
      [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope)),
    );
  }
  await grant.save();
  return grant;
}

/** Adds an inline script's hash to a Content-Security-Policy already on the response (as the provider does). */
function grantInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return script;
  const digest = createHash('sha256').update(script).digest('base64');
  const directives = csp.split(';').map((directive) => directive.trim());
  const updated = directives.map((directive) =>
    directive.startsWith('script-src ') ? `${directive} 'sha256-${digest}'` : directive,
  );
  ctx.set('content-security-policy', updated.join('; '));
  return script;
}

function signedOutPage(publicUrl: string): string {
  return messagePage({
    title: 'Signed out',
    message: 'You are signed out of Hosewright.',
    action: { href: `${publicUrl}/`, label: 'Back to Hosewright' },
  });
}

function errorPage(publicUrl: string, description: string): string {
  return messagePage({
    title: 'Something went wrong',
    message: `We could not complete the sign-in request: ${description}`,
    action: { href: `${publicUrl}/login`, label: 'Start again' },
    tone: 'alert',
  });
}
