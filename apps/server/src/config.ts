/** Configuration from the environment, validated once at start-up. Every variable is listed in the README. */
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.ts';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** The address people use to reach the app; links in emails and the embedded issuer derive from it. */
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    /**
     * How requests log in to PostgreSQL: as `hosewright_app` (ADR 13). Unset: DATABASE_URL's address with that
     * user and a password derived from DATABASE_URL's, which migrations give the role.
     */
    DATABASE_APP_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** External OpenID provider (Auth0-style). Unset: the embedded provider at /idp. */
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().default('hosewright-spa'),
    OIDC_AUDIENCE: z.url().default('https://api.hosewright.app'),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Hosewright <no-reply@hosewright.local>'),
    /** Where contact-form messages and feedback are sent: the company's own address. */
    CONTACT_EMAIL: z.email().default('hello@hosewright.local'),
    REDIS_URL: optionalUrl,
    /**
     * Card payments through Stripe (ADR 20). Unset: the local test-mode provider, served by the app itself at
     * `/test-stripe` with a generated webhook secret. Set: the webhook secret and both price ids are required.
     */
    STRIPE_SECRET_KEY: optionalText,
    /** The signing secret of the Stripe webhook endpoint `/api/v1/billing/webhook` (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** The Stripe price ids (monthly) that bill the Professional and Enterprise plans. */
    STRIPE_PRICE_PROFESSIONAL: optionalText,
    STRIPE_PRICE_ENTERPRISE: optionalText,
    HOSEWRIGHT_DEMO_PASSWORD: z.string().optional(),
    /** Set to 'false' to start without creating the demo organisation on an empty database. */
    HOSEWRIGHT_DEMO: z.enum(['true', 'false']).default('true'),
    /**
     * Origins (space or comma separated, e.g. `https://erp.example.com`) allowed to embed the configurator
     * (`/configurator`, `/iframe/hoseassembly`) in a frame. Unset: only this app's own pages may.
     */
    EMBED_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const origins = value.split(/[\s,]+/).filter(Boolean);
        for (const origin of origins) {
          try {
            if (new URL(origin).origin !== origin) throw new Error('not an origin');
          } catch {
            ctx.addIssue({
              code: 'custom',
              message: `${origin} is not an origin like https://erp.example.com`,
            });
          }
        }
        return origins;
      }),
    /**
     * Proxies allowed to report the client's address, host and protocol (`X-Forwarded-*`): unset for none, a
     * hop count, or addresses and CIDRs (ADR 10, `lib/trust-proxy.ts`).
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (typeof trust === 'object') {
          ctx.addIssue({ code: 'custom', message: trust.error });
          return z.NEVER;
        }
        return trust;
      }),
    /**
     * The API's rate limits, requests per minute (ADR 11, `lib/api-rate-limit.ts`). Per signed-in user: the
     * web app's busiest moments stay far below 600 (an import's log is polled twice a second,
     * `apps/web/src/api/imports.ts`, 120 a minute; a search field asks at most every 250-300 ms while typing,
     * about 240), so only a runaway script or loop reaches it. Per address (signed in or not), three users at
     * their full limit, or a dozen ordinary ones sharing an office's address; a site with more people behind
     * one address raises it.
     */
    API_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(600),
    API_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(1800),
    /** Where the built SPA lives; served with history fallback when present. */
    WEB_DIST: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (!env.STRIPE_SECRET_KEY) return;
    for (const name of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_PROFESSIONAL',
      'STRIPE_PRICE_ENTERPRISE',
    ] as const) {
      if (!env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STRIPE_SECRET_KEY is set' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  dataDir: string;
  /** The issuer tokens are verified against; for the embedded provider `${PUBLIC_URL}/idp/`. */
  issuer: string;
  /** The domain the web SDK is given: the issuer without its trailing slash. */
  oidcDomain: string;
  embeddedIdentity: boolean;
  webDist: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const issuer = e.OIDC_ISSUER ? e.OIDC_ISSUER.replace(/\/?$/, '/') : `${publicUrl}/idp/`;
  return {
    ...e,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    issuer,
    oidcDomain: issuer.replace(/\/$/, ''),
    embeddedIdentity: !e.OIDC_ISSUER,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
