/**
 * Billing (issue 15, ADR 20): card payments for the paid plans. With `STRIPE_SECRET_KEY` the official SDK
 * talks to Stripe; without it the local test-mode provider is mounted in the app (`in-app-provider.ts`) and
 * the same code runs against it. The webhook route gets its raw body kept for the signature check.
 */
import { Readable } from 'node:stream';
import { receiveBillingWebhook } from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import type Stripe from 'stripe';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import type { Config } from '../../config.ts';
import { mountTestProvider } from './in-app-provider.ts';
import { type PlanPrices, TEST_PLAN_PRICES } from './plan-prices.ts';
import { billingRoutes } from './routes.ts';
import { createStripeClient } from './stripe-client.ts';
import type { TestPaymentProvider } from './test-provider.ts';

/** How the app reaches its payment provider. */
export interface BillingRuntime {
  /** No keys: the local test-mode provider, and every screen says so. */
  testMode: boolean;
  stripe: Stripe;
  prices: PlanPrices;
  webhookSecret: string;
  /** The test-mode provider (test mode only). */
  provider: TestPaymentProvider | null;
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of the body, kept on the billing webhook route only (its signature covers them). */
    rawBody?: Buffer;
  }
}

/** The largest webhook body taken (Stripe's events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const keepRawBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > WEBHOOK_BODY_LIMIT) {
      throw Object.assign(new Error('The webhook body is too large'), { statusCode: 413 });
    }
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  (request as FastifyRequest).rawBody = raw;
  return Readable.from([raw]);
};

export function createBillingRuntime(app: FastifyInstance, config: Config): BillingRuntime {
  if (config.STRIPE_SECRET_KEY) {
    const { STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PROFESSIONAL, STRIPE_PRICE_ENTERPRISE } = config;
    // loadConfig refuses a key without them.
    if (!STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PROFESSIONAL || !STRIPE_PRICE_ENTERPRISE) {
      throw new Error('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET and both STRIPE_PRICE_*');
    }
    return {
      testMode: false,
      stripe: createStripeClient({ secretKey: config.STRIPE_SECRET_KEY }),
      prices: { professional: STRIPE_PRICE_PROFESSIONAL, enterprise: STRIPE_PRICE_ENTERPRISE },
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      provider: null,
      publicUrl: config.publicUrl,
    };
  }
  // A webhook secret set without a key signs the test-mode provider's events (tests sign their own with it).
  const local = mountTestProvider(app, {
    publicUrl: config.publicUrl,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    // Moving the provider's clock renews or ends every test subscription: only test runs may.
    clock: config.NODE_ENV === 'test',
  });
  return {
    testMode: true,
    stripe: local.stripe,
    prices: TEST_PLAN_PRICES,
    webhookSecret: local.webhookSecret,
    provider: local.provider,
    publicUrl: config.publicUrl,
  };
}

/**
 * The billing module. It needs the app itself: to mount the test-mode provider, and to keep the webhook's
 * raw body (a `preParsing` hook added to that one route as it is registered; every other route keeps the
 * app's JSON parser unchanged).
 */
export function billingModule(
  deps: ModuleDeps,
  app: FastifyInstance,
): ModuleManifest & { billing: BillingRuntime } {
  const billing = createBillingRuntime(app, deps.config);
  app.addHook('onRoute', (route) => {
    if (route.url !== receiveBillingWebhook.path || route.method !== receiveBillingWebhook.method) return;
    const existing = route.preParsing ? [route.preParsing].flat() : [];
    route.preParsing = [...existing, keepRawBody];
  });
  return { routes: billingRoutes(deps, billing), billing };
}
