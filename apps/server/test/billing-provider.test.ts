/**
 * The local test-mode provider driven through the official `stripe` SDK and its own checkout and portal
 * pages, with its signed events verified and applied by the real webhook core: test cards, renewals and
 * failed renewals by moving the clock, cancellation at period end, and no double charge.
 */
import { PLANS } from '@hosewright/domain';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getBillingHistory, startCheckout } from '../src/modules/billing/checkout.ts';
import { type LocalTestProvider, startLocalTestProvider } from '../src/modules/billing/local-provider.ts';
import { createMemoryBillingLedger, type MemoryBillingLedger } from '../src/modules/billing/memory-ledger.ts';
import { TEST_PLAN_PRICES } from '../src/modules/billing/plan-prices.ts';
import { createStripeClient } from '../src/modules/billing/stripe-client.ts';
import {
  DAY_SECONDS,
  type EventDelivery,
  TestPaymentProvider,
} from '../src/modules/billing/test-provider.ts';
import { testProviderPlugin } from '../src/modules/billing/test-provider-http.ts';
import { createMemoryTestProviderStore } from '../src/modules/billing/test-provider-store.ts';
import { handleWebhookRequest, type WebhookOutcome } from '../src/modules/billing/webhook.ts';

const SECRET = 'whsec_test_billing_provider';
const SUCCESS = 'http://app.test/payment/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://app.test/payment/cancel';

let local: LocalTestProvider;
let ledger: MemoryBillingLedger;
let delivered: { delivery: EventDelivery; outcome: WebhookOutcome }[];
let orgCounter = 0;

beforeAll(async () => {
  local = await startLocalTestProvider({ webhookSecret: SECRET });
  local.provider.setDeliver(async (delivery) => {
    const outcome = await handleWebhookRequest(
      { stripe: local.stripe, prices: TEST_PLAN_PRICES, seen: ledger.seen, apply: ledger.apply },
      { rawBody: delivery.payload, signature: delivery.signatureHeader, secret: SECRET },
    );
    delivered.push({ delivery, outcome });
  });
});
afterAll(async () => {
  await local?.close();
});
beforeEach(() => {
  ledger = createMemoryBillingLedger();
  delivered = [];
});

function newOrg(): string {
  orgCounter += 1;
  return `00000000-0000-4000-8000-${String(orgCounter).padStart(12, '0')}`;
}

async function checkout(
  organizationId: string,
  tier: 'professional' | 'enterprise' = 'professional',
  customerId: string | null = null,
) {
  return startCheckout({
    stripe: local.stripe,
    prices: TEST_PLAN_PRICES,
    organizationId,
    tier,
    customerId,
    customerEmail: 'admin@shop.test',
    organizationName: 'Shop',
    successUrl: SUCCESS,
    cancelUrl: CANCEL,
  });
}

/** What the shopper's browser does on the checkout page. */
async function pay(url: string, cardNumber: string) {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

async function post(url: string, form: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

const types = () => delivered.map((d) => d.delivery.type);

describe('checkout with the test cards', () => {
  it('4242 4242 4242 4242 pays: the shop is on the plan until the end of the paid month', async () => {
    const org = newOrg();
    const start = await checkout(org);
    expect(start.url).toBe(`${local.url}/test-stripe/checkout/${start.sessionId}`);

    const page = await fetch(start.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('TEST MODE');
    expect(html).toContain('$79.00');

    const paid = await pay(start.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/payment/success?session_id=${start.sessionId}`);

    const session = await local.stripe.checkout.sessions.retrieve(start.sessionId, {
      expand: ['subscription'],
    });
    expect(session.status).toBe('complete');
    expect(session.payment_status).toBe('paid');
    const subscription = session.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('active');
    expect(subscription.items.data[0]?.price.id).toBe(TEST_PLAN_PRICES.professional);

    const invoices = await local.stripe.invoices.list({ customer: start.customerId });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      amount_paid: PLANS.professional.priceCentsPerMonth,
      currency: 'usd',
    });

    expect(types()).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    const state = ledger.states.get(org);
    expect(state).toMatchObject({
      tier: 'professional',
      status: 'active',
      isLive: true,
      limits: { maxCustomers: 1000 },
    });
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    expect(state?.expiresAt.getTime()).toBe(periodEnd * 1000);
    expect(ledger.notices.map((n) => n.notice.kind)).toEqual(['upgraded']);
  });

  it("4000 0000 0000 0002 is declined with Stripe's message and changes nothing", async () => {
    const org = newOrg();
    const start = await checkout(org);
    const declined = await pay(start.url, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');

    const session = await local.stripe.checkout.sessions.retrieve(start.sessionId);
    expect(session.status).toBe('open');
    expect(session.subscription).toBeNull();
    expect((await local.stripe.invoices.list({ customer: start.customerId })).data).toHaveLength(0);
    expect((await local.stripe.subscriptions.list({ customer: start.customerId })).data).toHaveLength(0);
    expect(ledger.states.has(org)).toBe(false);
    expect(types()).not.toContain('invoice.paid');

    // The same session can still be paid with a good card.
    expect((await pay(start.url, '4242424242424242')).status).toBe(303);
    expect(ledger.states.get(org)?.tier).toBe('professional');
  });

  it('4000 0025 0000 3155 asks for a confirmation step first, then pays', async () => {
    const org = newOrg();
    const start = await checkout(org, 'enterprise');
    const asked = await pay(start.url, '4000 0025 0000 3155');
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Confirm this payment');
    expect(asked.html).toContain('TEST MODE');
    expect((await local.stripe.checkout.sessions.retrieve(start.sessionId)).status).toBe('open');
    expect(ledger.states.has(org)).toBe(false);

    const failed = await post(`${start.url}/authenticate`, { result: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.html).toContain('We are unable to authenticate your payment method.');
    expect(ledger.states.has(org)).toBe(false);

    await pay(start.url, '4000002500003155');
    const confirmed = await post(`${start.url}/authenticate`, { result: 'complete' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toContain(start.sessionId);
    expect(ledger.states.get(org)).toMatchObject({ tier: 'enterprise', status: 'active' });
    expect((await local.stripe.invoices.list({ customer: start.customerId })).data).toHaveLength(1);
  });

  it('refuses a card number that is not a test card', async () => {
    const start = await checkout(newOrg());
    expect((await pay(start.url, '1234 5678')).html).toContain('Your card number is incorrect.');
    expect((await pay(start.url, '4012888888881881')).html).toContain('used a non test card');
  });
});

describe('no double charge', () => {
  it('a second checkout while one is open hands back the same session, and paying twice charges once', async () => {
    const org = newOrg();
    const first = await checkout(org);
    const again = await checkout(org, 'professional', first.customerId);
    expect(again).toMatchObject({ sessionId: first.sessionId, isReused: true });

    const [a, b] = await Promise.all([
      pay(first.url, '4242424242424242'),
      pay(first.url, '4242424242424242'),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    const invoices = await local.stripe.invoices.list({ customer: first.customerId });
    expect(invoices.data).toHaveLength(1);
    expect((await local.stripe.subscriptions.list({ customer: first.customerId })).data).toHaveLength(1);

    // With a paid plan, checkout is refused: changes go through the portal.
    await expect(checkout(org, 'enterprise', first.customerId)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('two checkouts started at once get one session; another plan expires the open one', async () => {
    const org = newOrg();
    const customer = await local.stripe.customers.create({ metadata: { organizationId: org } });
    const [one, two] = await Promise.all([
      checkout(org, 'professional', customer.id),
      checkout(org, 'professional', customer.id),
    ]);
    expect(one.sessionId).toBe(two.sessionId);

    const other = await checkout(org, 'enterprise', customer.id);
    expect(other.sessionId).not.toBe(one.sessionId);
    expect((await local.stripe.checkout.sessions.retrieve(one.sessionId)).status).toBe('expired');
    const stale = await pay(one.url, '4242424242424242');
    expect(stale.status).toBe(402);
    expect(stale.html).toContain('This checkout session has expired.');

    expect((await pay(other.url, '4242424242424242')).status).toBe(303);
    expect((await local.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    expect(ledger.states.get(org)?.tier).toBe('enterprise');
  });

  it('an SDK retry with the same idempotency key makes one session', async () => {
    const customer = await local.stripe.customers.create({});
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: TEST_PLAN_PRICES.professional, quantity: 1 }],
      success_url: SUCCESS,
    };
    const one = await local.stripe.checkout.sessions.create(params, { idempotencyKey: 'same-click' });
    const two = await local.stripe.checkout.sessions.create(params, { idempotencyKey: 'same-click' });
    expect(two.id).toBe(one.id);
    expect((await local.stripe.checkout.sessions.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe('the clock', () => {
  async function subscribed(card = '4242424242424242') {
    const org = newOrg();
    const start = await checkout(org);
    expect((await pay(start.url, card)).status).toBe(303);
    const [subscription] = (await local.stripe.subscriptions.list({ customer: start.customerId })).data;
    if (!subscription) throw new Error('no subscription');
    return { org, start, subscription };
  }
  const periodEndOf = (s: Stripe.Subscription) => s.items.data[0]?.current_period_end ?? 0;

  it('renews an active subscription at the end of the month: a new paid invoice and a later expiry', async () => {
    const { org, start, subscription } = await subscribed();
    const firstEnd = periodEndOf(subscription);
    delivered = [];
    await local.provider.advanceClockTo(firstEnd + 60);

    const renewed = await local.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(firstEnd);
    const invoices = await local.stripe.invoices.list({ customer: start.customerId });
    expect(invoices.data.map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(invoices.data[0]?.billing_reason).toBe('subscription_cycle');
    expect(types()).toContain('invoice.paid');
    expect(ledger.states.get(org)?.expiresAt.getTime()).toBe(periodEndOf(renewed) * 1000);
    expect(periodEndOf(renewed) - firstEnd).toBeGreaterThanOrEqual(28 * DAY_SECONDS);
    expect(ledger.notices.at(-1)?.notice.kind).toBe('renewed');
  });

  it('a failed renewal gives 7 days of grace, a new card pays it, and unpaid retries end the plan', async () => {
    const { org, start, subscription } = await subscribed();
    const portal = await local.stripe.billingPortal.sessions.create({
      customer: start.customerId,
      return_url: 'http://app.test/organization/billing',
    });
    expect(portal.url).toContain('/test-stripe/portal/');
    // A card that attaches but fails every charge (Stripe's 4000 0000 0000 0341).
    expect((await post(`${portal.url}/card`, { cardNumber: '4000000000000341' })).status).toBe(303);

    const firstEnd = periodEndOf(subscription);
    delivered = [];
    await local.provider.advanceClockTo(firstEnd + 60);
    expect(types()).toContain('invoice.payment_failed');
    const state = ledger.states.get(org);
    expect(state).toMatchObject({ status: 'past_due', isLive: true, tier: 'professional' });
    expect(state?.graceEndsAt?.getTime()).toBe((firstEnd + 7 * DAY_SECONDS) * 1000);
    expect(ledger.notices.map((n) => n.notice.kind)).toContain('payment_failed');

    // A good card in the portal pays the open renewal at once.
    expect((await post(`${portal.url}/card`, { cardNumber: '4242424242424242' })).status).toBe(303);
    expect(ledger.states.get(org)).toMatchObject({ status: 'active', graceEndsAt: null });
    const invoices = await local.stripe.invoices.list({ customer: start.customerId });
    expect(invoices.data.map((i) => i.status)).toEqual(['paid', 'paid']);

    // Next month the card fails again and nobody fixes it: after the retries the plan ends.
    await post(`${portal.url}/card`, { cardNumber: '4000000000000341' });
    const current = await local.stripe.subscriptions.retrieve(subscription.id);
    await local.provider.advanceClockTo(periodEndOf(current) + 20 * DAY_SECONDS);
    const ended = await local.stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(types()).toContain('customer.subscription.deleted');
    expect(ledger.states.get(org)).toMatchObject({ status: 'canceled', isLive: false });
    expect(ledger.states.get(org)?.expiresAt.getTime()).toBe((ended.ended_at ?? 0) * 1000);
  });

  it('a cancellation at period end keeps the plan until then and ends it there', async () => {
    const { org, start, subscription } = await subscribed();
    const portal = await local.stripe.billingPortal.sessions.create({ customer: start.customerId });
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain('TEST MODE');
    expect(portalPage).toContain('visa ending in 4242');
    expect((await post(`${portal.url}/cancel`, { subscription: subscription.id })).status).toBe(303);

    const periodEnd = periodEndOf(subscription);
    expect(ledger.states.get(org)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, isLive: true });
    expect(ledger.states.get(org)?.expiresAt.getTime()).toBe(periodEnd * 1000);
    expect(ledger.notices.at(-1)?.notice.kind).toBe('cancellation_scheduled');

    await local.provider.advanceClockTo(periodEnd - 60);
    expect((await local.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await local.provider.advanceClockTo(periodEnd + 1);
    const ended = await local.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect(ledger.states.get(org)).toMatchObject({ status: 'canceled', isLive: false });
    expect(ledger.states.get(org)?.expiresAt.getTime()).toBe(periodEnd * 1000);
    // No renewal was charged.
    expect((await local.stripe.invoices.list({ customer: start.customerId })).data).toHaveLength(1);
  });

  it('moves by the HTTP clock endpoint too (for end-to-end tests)', async () => {
    const before = await local.provider.now();
    const response = await fetch(`${local.url}/test-stripe/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 3600 }),
    });
    expect(await response.json()).toEqual({ now: before + 3600 });
  });
});

describe('the API as the SDK sees it', () => {
  it("answers unknown objects, bad keys and missing parameters with Stripe's errors", async () => {
    await expect(local.stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const wrongKey = new Stripe('sk_live_nope', {
      host: '127.0.0.1',
      port: new URL(local.url).port,
      protocol: 'http',
    });
    await expect(wrongKey.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(
      local.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: SUCCESS,
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('lists invoices newest first with numbers, periods and a PDF', async () => {
    const start = await checkout(newOrg());
    await pay(start.url, '4242424242424242');
    const [invoice] = (await local.stripe.invoices.list({ customer: start.customerId })).data;
    expect(invoice?.number).toMatch(/^[0-9A-F]{8}-0001$/);
    expect(invoice?.lines.data[0]?.period.end).toBeGreaterThan(invoice?.lines.data[0]?.period.start ?? 0);
    const pdf = await fetch(invoice?.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const history = await getBillingHistory({
      stripe: local.stripe,
      prices: TEST_PLAN_PRICES,
      customerId: start.customerId,
    });
    expect(history.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(history.invoices).toEqual([
      expect.objectContaining({
        number: invoice?.number,
        planLabel: 'Professional',
        amountCents: 7900,
        status: 'paid',
      }),
    ]);
    expect(history.nextRenewal?.getTime()).toBe((invoice?.lines.data[0]?.period.end ?? 0) * 1000);
  });

  it('the client factory points the SDK at the provider', async () => {
    const stripe = createStripeClient({ testProviderUrl: local.url });
    const customer = await stripe.customers.create({
      email: 'x@shop.test',
      metadata: { organizationId: 'o' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'x@shop.test',
      metadata: { organizationId: 'o' },
    });
  });

  it('mounts inside another Fastify app without taking its not-found handler or routes', async () => {
    const app = Fastify({ logger: false });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send('the app'));
    app.get('/api/v1/ping', async () => ({ pong: true }));
    const provider = new TestPaymentProvider({
      store: createMemoryTestProviderStore(),
      webhookSecret: SECRET,
      deliver: async () => undefined,
    });
    await app.register(testProviderPlugin, { provider });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const stripe = createStripeClient({ testProviderUrl: origin });
      expect((await stripe.customers.create({})).object).toBe('customer');
      expect(await (await fetch(`${origin}/somewhere`)).text()).toBe('the app');
      expect(await (await fetch(`${origin}/api/v1/ping`)).json()).toEqual({ pong: true });
      await expect(stripe.prices.list()).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      await app.close();
    }
  });
});
