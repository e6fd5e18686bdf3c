/**
 * The local test-mode provider served by the app itself (no Stripe keys, ADR 20): its API under `/v1` and
 * its pages under `/test-stripe`, mounted as a plugin. The SDK reaches it at the app's own address through
 * `app.inject` (no socket, no network, so it works behind any proxy and before the app listens), and the
 * provider delivers its signed events to the app's own webhook route, through the same raw-body signature
 * check as Stripe's.
 */
import { randomBytes } from 'node:crypto';
import { receiveBillingWebhook } from '@hosewright/domain';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { TEST_PLAN_PRICES, testPriceCatalogue } from './plan-prices.ts';
import { TestPaymentProvider } from './test-provider.ts';
import { testProviderPlugin } from './test-provider-http.ts';
import { createMemoryTestProviderStore } from './test-provider-store.ts';

export interface InAppProvider {
  provider: TestPaymentProvider;
  stripe: Stripe;
  webhookSecret: string;
}

type InjectMethod = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

/** A `fetch` that answers through `app.inject`: the SDK's requests to the app's own address. */
function injectFetch(app: FastifyInstance) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init?.body;
    const res = await app.inject({
      method: (init?.method ?? 'GET').toUpperCase() as InjectMethod,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof body === 'string' && body !== '' ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined)
        responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.rawPayload, { status: res.statusCode, headers: responseHeaders });
  };
}

/**
 * Mounts the provider in `app` and answers the SDK that talks to it. The provider's API takes only the key
 * generated here, so no one outside the app can drive it; its pages are public, as Stripe's are.
 */
export function mountTestProvider(
  app: FastifyInstance,
  options: { publicUrl: string; webhookSecret?: string; clock?: boolean },
): InAppProvider {
  const webhookSecret = options.webhookSecret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
  const apiKey = `sk_test_local_${randomBytes(24).toString('hex')}`;
  const provider = new TestPaymentProvider({
    store: createMemoryTestProviderStore(),
    webhookSecret,
    publicUrl: options.publicUrl,
    prices: testPriceCatalogue(TEST_PLAN_PRICES),
    deliver: async (delivery) => {
      const res = await app.inject({
        method: 'POST',
        url: receiveBillingWebhook.path,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': delivery.signatureHeader,
          'user-agent': 'hosewright-test-provider',
        },
        payload: delivery.payload,
      });
      if (res.statusCode !== 200) {
        throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
    },
  });
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/v1/')) return;
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return reply
          .code(401)
          .header('content-type', 'application/json')
          .send(
            JSON.stringify({
              error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
            }),
          );
      }
    });
    await scope.register(testProviderPlugin, { provider, clock: options.clock ?? false });
  });
  const url = new URL(options.publicUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const stripe = new Stripe(apiKey, {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? '443' : '80'),
    protocol,
    httpClient: Stripe.createFetchHttpClient(injectFetch(app) as typeof fetch),
    telemetry: false,
    maxNetworkRetries: 0,
    timeout: 20_000,
    appInfo: { name: 'Hosewright (test mode)' },
  });
  return { provider, stripe, webhookSecret };
}
