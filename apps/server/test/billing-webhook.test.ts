/**
 * The webhook core against events the test-mode provider really produced and signed: a bad signature is a
 * 400 that changes nothing, and a corpus of 50+ events from several shops ends in the same plan state in
 * order, shuffled several ways, duplicated and replayed.
 */
import Fastify from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '../src/modules/billing/checkout.ts';
import { type LocalTestProvider, startLocalTestProvider } from '../src/modules/billing/local-provider.ts';
import { createMemoryBillingLedger, type MemoryBillingLedger } from '../src/modules/billing/memory-ledger.ts';
import { TEST_PLAN_PRICES } from '../src/modules/billing/plan-prices.ts';
import {
  DAY_SECONDS,
  type EventDelivery,
  httpDelivery,
  signWebhookPayload,
} from '../src/modules/billing/test-provider.ts';
import {
  type DesiredSubscriptionState,
  HANDLED_EVENT_TYPES,
  handleWebhookRequest,
  WebhookSignatureError,
} from '../src/modules/billing/webhook.ts';
import { seededShuffle } from './factories.ts';

const SECRET = 'whsec_test_billing_webhook';
const ORGS = {
  renewsThenResubscribes: '10000000-0000-4000-8000-000000000001',
  failsThenRecovers: '10000000-0000-4000-8000-000000000002',
  cancelledNow: '10000000-0000-4000-8000-000000000003',
  endsUnpaid: '10000000-0000-4000-8000-000000000004',
};

let local: LocalTestProvider;
const corpus: EventDelivery[] = [];

async function subscribe(
  org: string,
  card: string,
  tier: 'professional' | 'enterprise' = 'professional',
  customerId: string | null = null,
) {
  const start = await startCheckout({
    stripe: local.stripe,
    prices: TEST_PLAN_PRICES,
    organizationId: org,
    tier,
    customerId,
    successUrl: 'http://app.test/payment/success',
    cancelUrl: 'http://app.test/payment/cancel',
  });
  const paid = await local.provider.payCheckoutSession(start.sessionId, card);
  if (paid.kind === 'requires_action')
    await local.provider.authenticateCheckoutSession(start.sessionId, true);
  const [subscription] = (await local.stripe.subscriptions.list({ customer: start.customerId })).data;
  if (!subscription) throw new Error('checkout did not subscribe');
  return { customerId: start.customerId, subscription };
}

/** Several shops' lives on the provider clock; every event is kept, signed, for the tests to replay. */
beforeAll(async () => {
  local = await startLocalTestProvider({ webhookSecret: SECRET, deliver: async (d) => void corpus.push(d) });
  const provider = local.provider;

  const a = await subscribe(ORGS.renewsThenResubscribes, '4242424242424242');
  const b = await subscribe(ORGS.failsThenRecovers, '4000002500003155');
  const c = await subscribe(ORGS.cancelledNow, '5555555555554444', 'enterprise');
  const d = await subscribe(ORGS.endsUnpaid, '4242424242424242');
  await provider.updateCustomerCard(b.customerId, '4000000000000341');
  await provider.updateCustomerCard(d.customerId, '4000000000000341');
  await local.stripe.subscriptions.cancel(c.subscription.id);
  await provider.advanceClock(32 * DAY_SECONDS); // renewals: A paid, B and D failing
  await provider.advanceClock(4 * DAY_SECONDS); // retries
  await provider.updateCustomerCard(b.customerId, '4242424242424242'); // B pays its renewal
  await local.stripe.subscriptions.update(a.subscription.id, { cancel_at_period_end: true });
  await provider.advanceClock(31 * DAY_SECONDS); // A ends at period end; D's retries run out; B renews
  // A comes back on enterprise with the same customer: the old subscription's events must not win.
  await subscribe(ORGS.renewsThenResubscribes, '4242424242424242', 'enterprise', a.customerId);
  await provider.advanceClock(62 * DAY_SECONDS);
}, 60_000);

afterAll(async () => {
  await local?.close();
});

/** Feeds deliveries to the real handler with a fresh ledger; answers each organisation's final state. */
async function run(deliveries: EventDelivery[], ledger = createMemoryBillingLedger()) {
  const outcomes = [];
  for (const d of deliveries) {
    outcomes.push(
      await handleWebhookRequest(
        { stripe: local.stripe, prices: TEST_PLAN_PRICES, seen: ledger.seen, apply: ledger.apply },
        { rawBody: d.payload, signature: d.signatureHeader, secret: SECRET },
      ),
    );
  }
  return { ledger, outcomes, states: comparable(ledger) };
}

/** The states as the organisation sees them (without when each was read). */
function comparable(ledger: MemoryBillingLedger) {
  return Object.fromEntries(
    [...ledger.states.entries()]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([org, state]) => {
        const { observedAt: _observedAt, ...rest } = state as DesiredSubscriptionState;
        return [org, rest];
      }),
  );
}

describe('the event corpus', () => {
  it('holds at least 50 signed events of every handled type', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    const types = new Set(corpus.map((d) => d.type));
    for (const type of HANDLED_EVENT_TYPES) {
      expect(types).toContain(type);
    }
  });

  it('in order gives each shop the state its story ends in', async () => {
    const { states } = await run(corpus);
    expect(states[ORGS.renewsThenResubscribes]).toMatchObject({
      tier: 'enterprise',
      status: 'active',
      isLive: true,
    });
    expect(states[ORGS.failsThenRecovers]).toMatchObject({
      tier: 'professional',
      status: 'active',
      graceEndsAt: null,
    });
    expect(states[ORGS.cancelledNow]).toMatchObject({
      tier: 'enterprise',
      status: 'canceled',
      isLive: false,
    });
    expect(states[ORGS.endsUnpaid]).toMatchObject({ status: 'canceled', isLive: false });
  });

  it('ends in the same state reversed, shuffled five ways, duplicated and replayed', async () => {
    const expected = (await run(corpus)).states;
    const orders: [string, EventDelivery[]][] = [
      ['reversed', [...corpus].reverse()],
      ...[1, 2, 3, 4, 5].map((seed): [string, EventDelivery[]] => [
        `shuffle ${seed}`,
        seededShuffle(corpus, seed),
      ]),
      ['every event twice, shuffled', seededShuffle([...corpus, ...corpus], 7)],
      ['replayed after the stream', [...corpus, ...seededShuffle(corpus, 11)]],
    ];
    for (const [name, deliveries] of orders) {
      const { states } = await run(deliveries);
      expect(states, name).toEqual(expected);
    }
  });

  it('handles each event id once: the replay is all duplicates and tells nobody twice', async () => {
    const ledger = createMemoryBillingLedger();
    await run(corpus, ledger);
    const noticesAfterFirst = ledger.notices.length;
    const { outcomes } = await run(seededShuffle(corpus, 3), ledger);
    expect(outcomes.every((o) => o.kind === 'duplicate')).toBe(true);
    expect(ledger.notices).toHaveLength(noticesAfterFirst);
  });

  it('an old subscription ending late does not take the shop off its new plan', async () => {
    const ended = corpus.filter(
      (d) =>
        d.type === 'customer.subscription.deleted' &&
        (JSON.parse(d.payload) as { data: { object: Stripe.Subscription } }).data.object.metadata
          .organizationId === ORGS.renewsThenResubscribes,
    );
    expect(ended).toHaveLength(1);
    const newest = corpus.filter((d) => d.type === 'checkout.session.completed').at(-1);
    if (!newest || !ended[0]) throw new Error('corpus is missing the resubscription');
    const { states } = await run([newest, ended[0]]);
    expect(states[ORGS.renewsThenResubscribes]).toMatchObject({ tier: 'enterprise', isLive: true });
  });
});

describe('signatures', () => {
  const sample = () => {
    const delivery = corpus.find((d) => d.type === 'checkout.session.completed');
    if (!delivery) throw new Error('no checkout event');
    return delivery;
  };

  async function rejects(rawBody: string, signature: string | undefined) {
    const ledger = createMemoryBillingLedger();
    const attempt = handleWebhookRequest(
      { stripe: local.stripe, prices: TEST_PLAN_PRICES, seen: ledger.seen, apply: ledger.apply },
      { rawBody, signature, secret: SECRET },
    );
    await expect(attempt).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 400 });
    expect(ledger.states.size).toBe(0);
    expect(ledger.seen.ids.size).toBe(0);
  }

  it('refuses a wrong secret, a changed body, an old timestamp and a missing header', async () => {
    const { payload, signatureHeader } = sample();
    const now = Math.floor(Date.now() / 1000);
    await rejects(payload, signWebhookPayload(payload, 'whsec_someone_else', now));
    await rejects(payload.replace('"livemode": false', '"livemode": true'), signatureHeader);
    await rejects(payload, signWebhookPayload(payload, SECRET, now - 301));
    await rejects(payload, undefined);
    await rejects(payload, 't=1,v1=nothex');
  });

  it('accepts a signature 299 seconds old', async () => {
    const { payload } = sample();
    const ledger = createMemoryBillingLedger();
    const outcome = await handleWebhookRequest(
      { stripe: local.stripe, prices: TEST_PLAN_PRICES, seen: ledger.seen, apply: ledger.apply },
      {
        rawBody: payload,
        signature: signWebhookPayload(payload, SECRET, Math.floor(Date.now() / 1000) - 299),
        secret: SECRET,
      },
    );
    expect(outcome.kind).toBe('applied');
  });

  it('over HTTP: events POSTed by the provider verify over the raw body; a forged one is a 400', async () => {
    const ledger = createMemoryBillingLedger();
    const app = Fastify({ logger: false });
    await app.register(async (scope) => {
      // The raw bytes, as the real route must keep them: a re-serialised body would not verify.
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
        done(null, body),
      );
      scope.post('/stripe/webhook', async (request, reply) => {
        try {
          const outcome = await handleWebhookRequest(
            { stripe: local.stripe, prices: TEST_PLAN_PRICES, seen: ledger.seen, apply: ledger.apply },
            {
              rawBody: request.body as string,
              signature: request.headers['stripe-signature'],
              secret: SECRET,
            },
          );
          return { received: true, outcome: outcome.kind };
        } catch (error) {
          if (error instanceof WebhookSignatureError) return reply.code(400).send({ message: error.message });
          throw error;
        }
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/stripe/webhook`;
      const deliver = httpDelivery(url);
      const { payload } = sample();
      await deliver({
        id: 'x',
        type: 'checkout.session.completed',
        payload,
        signatureHeader: signWebhookPayload(payload, SECRET, Math.floor(Date.now() / 1000)),
      });
      expect(ledger.states.size).toBe(1);

      const forged = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhookPayload(payload, 'whsec_forged', Math.floor(Date.now() / 1000)),
        },
        body: payload,
      });
      expect(forged.status).toBe(400);
      await expect(deliver({ id: 'y', type: 't', payload, signatureHeader: 't=1,v1=00' })).rejects.toThrow(
        /webhook answered 400/,
      );
    } finally {
      await app.close();
    }
  });
});
