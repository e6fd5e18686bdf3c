/**
 * The one way the server makes a Stripe client: the official SDK, either against Stripe (a secret key) or
 * against the local test-mode provider (`test-provider.ts`), which it reaches through the SDK's own
 * `host` / `port` / `protocol` settings so the same billing code runs in both.
 */
import Stripe from 'stripe';

/** The key the app presents to the test-mode provider; the provider takes any `sk_test_` key. */
export const TEST_PROVIDER_SECRET_KEY = 'sk_test_hosewright_local_provider';

export type StripeClientOptions =
  | { secretKey: string }
  /** The test-mode provider's API origin, such as `http://127.0.0.1:4242`. */
  | { testProviderUrl: string };

export function createStripeClient(options: StripeClientOptions): Stripe {
  if ('secretKey' in options) {
    return new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Hosewright' },
    });
  }
  const url = new URL(options.testProviderUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(TEST_PROVIDER_SECRET_KEY, {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? '443' : '80'),
    protocol,
    // No latency telemetry to Stripe about calls that never went to Stripe.
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: 'Hosewright (test mode)' },
  });
}
