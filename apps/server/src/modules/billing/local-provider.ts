/**
 * Starts the test-mode provider on its own port with an SDK client pointed at it: what a server without
 * Stripe keys runs, and what the billing tests run.
 */
import type Stripe from 'stripe';
import { createStripeClient } from './stripe-client.ts';
import { type DeliverEvent, TestPaymentProvider, type TestProviderOptions } from './test-provider.ts';
import { startTestProviderServer } from './test-provider-http.ts';
import { createMemoryTestProviderStore } from './test-provider-store.ts';

export interface LocalTestProvider {
  provider: TestPaymentProvider;
  /** The official SDK, talking to the provider. */
  stripe: Stripe;
  /** The provider's origin: its API (`/v1`) and its pages (`/test-stripe`). */
  url: string;
  close(): Promise<void>;
}

export async function startLocalTestProvider(options: {
  webhookSecret: string;
  /** Where signed events go; nowhere until set (`provider.setDeliver`). */
  deliver?: DeliverEvent;
  host?: string;
  port?: number;
  store?: TestProviderOptions['store'];
  startAt?: number;
}): Promise<LocalTestProvider> {
  const provider = new TestPaymentProvider({
    store: options.store ?? createMemoryTestProviderStore(),
    webhookSecret: options.webhookSecret,
    deliver: options.deliver ?? (async () => undefined),
    startAt: options.startAt,
  });
  const server = await startTestProviderServer(provider, { host: options.host, port: options.port });
  return {
    provider,
    stripe: createStripeClient({ testProviderUrl: server.url }),
    url: server.url,
    close: server.close,
  };
}
