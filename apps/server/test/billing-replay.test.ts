/**
 * The webhook is safe against any delivery order (issue 15, ADR 20): a shop's life at the test-mode provider
 * (pay, cancel and resume, change plan, renewals, a failed renewal and a new card, cancel and end, pay again)
 * makes a stream of 50 or more signed events. Played again into the real webhook route from a blank billing
 * state, in order, reversed, shuffled several ways, every event twice and replayed after itself, the shop
 * always ends in the state the live run left: its plan, expiry and limits, the billing page and the invoices.
 */
import type { Billing } from '@hosewright/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingSubscriptions,
  subscriptions,
} from '../src/db/schema.ts';
import { TEST_PLAN_PRICES } from '../src/modules/billing/plan-prices.ts';
import { DAY_SECONDS, signWebhookPayload } from '../src/modules/billing/test-provider.ts';
import { HANDLED_EVENT_TYPES } from '../src/modules/billing/webhook.ts';
import { seededShuffle } from './factories.ts';
import {
  bearer,
  createTenant,
  createTestApp,
  TEST_WEBHOOK_SECRET,
  type TestApp,
  type TestTenant,
} from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());
const provider = t.billing.provider;
if (!provider) throw new Error('the test app runs the test-mode provider');

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

/** What the shopper's browser posts on a provider page (an absolute address on the app's own origin). */
async function submit(url: string, form: Record<string, string>) {
  const { pathname, search } = new URL(url);
  const res = await t.app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(303);
}

async function checkout(tenant: TestTenant, tier: 'professional' | 'enterprise') {
  const res = await call(tenant.adminToken, 'POST', 'billing/checkout', { tier });
  expect(res.status, res.raw).toBe(200);
  await submit(res.body.url, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
}

/** Opens the provider's portal and does one thing there. */
async function portal(tenant: TestTenant, action: string, form: Record<string, string> = {}) {
  const res = await call(tenant.adminToken, 'POST', 'billing/portal');
  expect(res.status, res.raw).toBe(200);
  const page = await t.app.inject({ method: 'GET', url: new URL(res.body.url).pathname });
  const subscription = /name="subscription" value="(sub_[^"]+)"/.exec(page.body)?.[1] ?? '';
  await submit(`${res.body.url}/${action}`, { subscription, ...form });
}

async function advance(days: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/test-stripe/clock',
    payload: { advanceSeconds: days * DAY_SECONDS },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Everything the events decide for a shop: its plan row and its billing page (invoices without our ids). */
async function stateOf(tenant: TestTenant) {
  const billing = await call(tenant.adminToken, 'GET', 'organization/billing');
  expect(billing.status, billing.raw).toBe(200);
  const [plan] = await t.database.withTenant(tenant.organizationId, (tx) =>
    tx
      .select({
        tier: subscriptions.tier,
        expiresAt: subscriptions.expiresAt,
        maxCustomers: subscriptions.maxCustomers,
        maxHoseAssemblies: subscriptions.maxHoseAssemblies,
        maxHoseKits: subscriptions.maxHoseKits,
      })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, tenant.organizationId)),
  );
  const { invoices, ...rest } = billing.body as Billing;
  return {
    plan: { ...plan, expiresAt: plan?.expiresAt.toISOString() },
    billing: rest,
    invoices: invoices.map(({ _id: _ignored, ...invoice }) => invoice),
  };
}

/** Forgets what the events wrote: back to a trial that expired, no card, no invoices, no events seen. */
async function blank(tenant: TestTenant, eventIds: string[]) {
  const org = tenant.organizationId;
  await t.database.withTenant(org, async (tx) => {
    await tx.delete(billingInvoices).where(eq(billingInvoices.organizationId, org));
    await tx.delete(billingSubscriptions).where(eq(billingSubscriptions.organizationId, org));
    await tx
      .update(billingCustomers)
      .set({ cardBrand: null, cardLast4: null })
      .where(eq(billingCustomers.organizationId, org));
    await tx
      .update(subscriptions)
      .set({ tier: 'trial', expiresAt: new Date(Date.now() - 86_400_000), maxCustomers: 25 })
      .where(and(eq(subscriptions.organizationId, org)));
  });
  await t.database.withSystem((tx) =>
    tx.delete(billingEvents).where(inArray(billingEvents.eventId, eventIds)),
  );
}

async function deliver(payload: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signWebhookPayload(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

let shop: TestTenant;
let events: { id: string; type: string; payload: string }[];
let live: Awaited<ReturnType<typeof stateOf>>;

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'trial' });
  const before = new Set((await provider.listEvents()).map((e) => e.id));
  await checkout(shop, 'professional');
  await portal(shop, 'cancel');
  await portal(shop, 'resume');
  await portal(shop, 'plan', { price: TEST_PLAN_PRICES.enterprise });
  for (let month = 0; month < 13; month++) await advance(31);
  // A card that is declined on renewal: a failed payment, then a good card pays what is due.
  await portal(shop, 'card', { cardNumber: '4000 0000 0000 0341' });
  await advance(31);
  await portal(shop, 'card', { cardNumber: '4242 4242 4242 4242' });
  await advance(31);
  // Cancelled at the end of the period, ended by the clock, then paid again.
  await portal(shop, 'cancel');
  await advance(31);
  await checkout(shop, 'professional');
  await advance(31);
  const customer = (
    await t.database.withTenant(shop.organizationId, (tx) =>
      tx.select().from(billingCustomers).where(eq(billingCustomers.organizationId, shop.organizationId)),
    )
  )[0]?.customerId;
  events = (await provider.listEvents())
    .filter((e) => !before.has(e.id) && e.payload.includes(`"${customer}"`))
    .map((e) => ({ id: e.id, type: e.type, payload: e.payload }));
  live = await stateOf(shop);
});

describe('the webhook against any order of delivery', () => {
  it('had a long life to replay: 50 or more events of every kind it handles', () => {
    expect(events.length).toBeGreaterThanOrEqual(50);
    const types = new Set(events.map((e) => e.type));
    for (const type of HANDLED_EVENT_TYPES) {
      expect(types, type).toContain(type);
    }
    // The live run ends on Professional again, renewed once, with every invoice on the page.
    expect(live.plan.tier).toBe('professional');
    expect(live.billing).toMatchObject({ tier: 'professional', status: 'active', card: { last4: '4242' } });
    expect(live.invoices.length).toBeGreaterThanOrEqual(12);
  });

  const orders: [string, () => { id: string; payload: string }[]][] = [
    ['in order', () => events],
    ['reversed', () => [...events].reverse()],
    ...[11, 22, 33].map((seed): [string, () => { id: string; payload: string }[]] => [
      `shuffled (seed ${seed})`,
      () => seededShuffle(events, seed),
    ]),
    ['every event twice, shuffled', () => seededShuffle([...events, ...events], 44)],
    ['replayed after itself', () => [...seededShuffle(events, 55), ...events]],
  ];
  for (const [name, order] of orders) {
    it(`ends in the live state: ${name}`, { timeout: 120_000 }, async () => {
      await blank(
        shop,
        events.map((e) => e.id),
      );
      expect((await stateOf(shop)).plan.tier).toBe('trial');
      for (const event of order()) await deliver(event.payload);
      expect(await stateOf(shop)).toEqual(live);
    });
  }
});
