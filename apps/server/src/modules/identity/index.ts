/**
 * The embedded identity provider, mounted at /idp. `registerIdentity` is called once on the root Fastify
 * instance when no external OIDC issuer is configured.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { SharedCounter } from '../../lib/rate-limit.ts';
import { forwardedAsDecided, type TrustProxy } from '../../lib/trust-proxy.ts';
import type { Mailer } from '../mail/mailer.ts';
import { loginLimiterFor } from './accounts.ts';
import { purgeExpiredOidcPayloads } from './adapter.ts';
import { loadSigningKeys } from './keys.ts';
import { identityPages, PAGE_PATHS } from './pages.ts';
import { createProvider, IDP_PREFIX } from './provider.ts';
import type { SignInThrottle } from './rate-limit.ts';

export interface IdentityOptions {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Sign-in throttle; defaults to one counting in this database. Redis when set; tests pass their clock. */
  loginLimiter?: SignInThrottle;
  /** Counts shared by every instance (Redis): the per-address limits of the sign-up and reset forms. */
  sharedCounter?: SharedCounter;
}

const PURGE_EVERY_MS = 60 * 60_000;

export async function registerIdentity(app: FastifyInstance, options: IdentityOptions): Promise<void> {
  const { config, database, mailer } = options;
  if (!config.embeddedIdentity) {
    app.log.info({ issuer: config.issuer }, 'External identity provider configured: /idp is not mounted');
    return;
  }
  const keys = await loadSigningKeys(database);
  const provider = createProvider({ config, database, keys, logger: app.log });

  if (!app.hasDecorator('use')) await app.register(middie);
  app.use(IDP_PREFIX, providerMiddleware(provider, config.TRUST_PROXY));

  await app.register(identityPages, {
    prefix: IDP_PREFIX,
    config,
    database,
    mailer,
    provider,
    limiter: options.loginLimiter ?? loginLimiterFor(database),
    sharedCounter: options.sharedCounter,
  });

  schedulePurge(app, database);
}

type MountedRequest = IncomingMessage & { originalUrl?: string };

/** Hands /idp requests to the provider, except the pages Fastify serves itself. */
function providerMiddleware(provider: Provider, trust: TrustProxy | false) {
  const handle = provider.callback();
  return (req: MountedRequest, res: ServerResponse, next: (err?: unknown) => void): void => {
    const path = req.url ?? '/';
    if (PAGE_PATHS.some((page) => path.startsWith(page))) {
      next();
      return;
    }
    mapAuth0Logout(req);
    forwardedAsDecided(req, trust);
    void handle(req, res);
  };
}

/**
 * auth0-spa-js signs out at `/v2/logout?client_id=…&returnTo=…`; OpenID RP-initiated logout calls that
 * parameter `post_logout_redirect_uri`.
 */
export function mapAuth0Logout(req: MountedRequest): void {
  const url = new URL(req.url ?? '/', 'http://mounted');
  const returnTo = url.searchParams.get('returnTo');
  if (url.pathname !== '/v2/logout' || returnTo === null) return;
  url.searchParams.delete('returnTo');
  if (!url.searchParams.has('post_logout_redirect_uri'))
    url.searchParams.set('post_logout_redirect_uri', returnTo);
  req.url = `${url.pathname}${url.search}`;
  req.originalUrl = `${IDP_PREFIX}${req.url}`;
}

function schedulePurge(app: FastifyInstance, database: Database): void {
  const purge = () =>
    purgeExpiredOidcPayloads(database).catch((err: unknown) => {
      app.log.warn({ err }, 'Expired identity state could not be purged');
    });
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export { createMailer, type Mailer, type MailMessage } from '../mail/mailer.ts';
export {
  authenticate,
  checkPasswordResetToken,
  createOrganizationWithAdmin,
  findAccountProfile,
  loginLimiterFor,
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from './accounts.ts';
export { createOidcAdapter, purgeExpiredOidcPayloads } from './adapter.ts';
export { loadSigningKeys, type SigningKeys } from './keys.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { FIRST_PARTY_SCOPES, firstPartyClient } from './provider.ts';
export {
  DatabaseThrottleStore,
  MemoryThrottleStore,
  RedisThrottleStore,
  SignInThrottle,
  type ThrottleStore,
} from './rate-limit.ts';
