/**
 * The embedded identity provider, mounted at /idp. `registerIdentity` is called once on the root Fastify
 * instance when no external OIDC issuer is configured.
 */
import type { IncomingMessage } from 'node:http';
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

  mountProvider(app, provider, config.TRUST_PROXY);

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

/**
 * The provider answers every /idp address except the pages Fastify serves itself (`identityPages`, whose
 * routes are more specific and win). It is a route of its own, so no other request passes through it, and it
 * takes the request before Fastify reads the body: the provider reads its forms itself.
 */
function mountProvider(app: FastifyInstance, provider: Provider, trust: TrustProxy | false): void {
  const handle = provider.callback();
  app.route({
    method: ['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'],
    url: `${IDP_PREFIX}/*`,
    config: { access: { public: true } },
    exposeHeadRoute: false,
    onRequest: (request, reply) => {
      const req: MountedRequest = request.raw;
      const path = (req.url ?? '/').slice(IDP_PREFIX.length) || '/';
      // A page's address that no page route answers (a wrong method, say) is Fastify's 404, not the provider's.
      if (PAGE_PATHS.some((page) => path.startsWith(page))) return reply.callNotFound();
      reply.hijack();
      // Mounted as Express and middie mount: `url` below the prefix, `originalUrl` whole (the provider
      // derives its mount path from the two).
      req.originalUrl = req.url;
      req.url = path;
      mapAuth0Logout(req);
      forwardedAsDecided(req, trust);
      void handle(req, reply.raw);
    },
    handler: async () => undefined,
  });
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
