/**
 * Card payments end to end through the real app (issue 15, ADR 20): no Stripe keys, so the app serves the
 * local test-mode provider itself; the shopper's browser is `app.inject` on the provider's pages, and the
 * provider's signed events reach the app's own webhook route. Checkout with the test cards, the billing
 * page and the invoice PDF, the webhook's signature and dedupe, cancellation at period end by the
 * provider's clock, and who may do what.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Billing, CheckoutResult } from '@hosewright/domain';
import { PLANS } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { billingEvents, notifications, subscriptions } from '../src/db/schema.ts';
import { DAY_SECONDS, signWebhookPayload } from '../src/modules/billing/test-provider.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const WEBHOOK_SECRET = 'whsec_billing_test_secret';
const t: TestApp = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
expect(t.config.STRIPE_SECRET_KEY).toBeUndefined();
afterAll(() => t.close());

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json(), raw: res };
}

/** A provider page by its absolute address (the app's own public URL). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(t.config.publicUrl);
  return `${parsed.pathname}${parsed.search}`;
};

/** What the shopper's browser does on a provider page form. */
async function submit(url: string, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, html: res.body };
}

const pay = (url: string, cardNumber: string) => submit(url, { cardNumber, expiry: '12 / 34', cvc: '123' });

const billingOf = async (tenant: TestTenant) => {
  const res = await call(tenant.adminToken, 'GET', 'organization/billing');
  expect(res.status, res.raw.body).toBe(200);
  return res.body as Billing;
};

async function startCheckout(tenant: TestTenant, tier = 'professional') {
  const res = await call(tenant.adminToken, 'POST', 'billing/checkout', { tier });
  expect(res.status, res.raw.body).toBe(200);
  return res.body.url as string;
}

const sessionIdOf = (url: string) => url.split('/').pop() ?? '';

async function planRow(tenant: TestTenant) {
  const [row] = await t.database.withTenant(tenant.organizationId, (tx) =>
    tx.select().from(subscriptions).where(eq(subscriptions.organizationId, tenant.organizationId)),
  );
  return row!;
}

async function notificationsOf(tenant: TestTenant) {
  return t.database.withTenant(tenant.organizationId, (tx) =>
    tx
      .select()
      .from(notifications)
      .where(eq(notifications.userId, tenant.adminId))
      .orderBy(notifications.createdAt, notifications.id),
  );
}

/** Signs a body with the webhook secret, as the provider does. */
function signed(body: string, secret = WEBHOOK_SECRET) {
  return signWebhookPayload(body, secret, Math.floor(Date.now() / 1000));
}

async function deliver(body: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });
}

/** A trial shop that paid for Professional with 4242 4242 4242 4242. */
async function paidShop(name?: string) {
  const tenant = await createTenant(t, { tier: 'trial', name });
  const url = await startCheckout(tenant);
  const paid = await pay(url, '4242 4242 4242 4242');
  expect(paid.status, paid.html).toBe(303);
  return { tenant, url, sessionId: sessionIdOf(url), location: paid.location ?? '' };
}

describe('upgrading with a card', () => {
  let shop: Awaited<ReturnType<typeof paidShop>>;
  let billing: Billing;

  beforeAll(async () => {
    shop = await paidShop('Delta Hydraulics');
    billing = await billingOf(shop.tenant);
  });

  it('a trial admin pays for Professional on the test checkout page and lands back on the app', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    expect((await call(trial.adminToken, 'GET', 'workorders')).body.details).toMatchObject({
      guardCode: 996,
    });
    const url = await startCheckout(trial);
    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('$79.00');

    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${t.config.publicUrl}/stripe/callback?session_id=${sessionIdOf(url)}`);

    const outcome = await call(trial.adminToken, 'GET', `billing/checkout/${sessionIdOf(url)}`);
    expect(outcome.status).toBe(200);
    expect(outcome.body as CheckoutResult).toEqual({ status: 'complete', tier: 'professional' });
    expect((await call(trial.adminToken, 'GET', 'workorders')).status).toBe(200);
    expect((await call(trial.regularToken, 'GET', 'workorders')).status).toBe(200);
  });

  it('the plan row holds the paid tier, its limits and the end of the paid month', async () => {
    const row = await planRow(shop.tenant);
    expect(row.tier).toBe('professional');
    expect(row.maxCustomers).toBe(PLANS.professional.maxCustomers);
    expect(row.maxHoseAssemblies).toBe(PLANS.professional.maxHoseAssemblies);
    expect(row.expiresAt.toISOString()).toBe(billing.currentPeriodEnd);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('the billing page shows the plan, the renewal, the card and the invoice, labelled as test payments', () => {
    expect(billing).toMatchObject({
      tier: 'professional',
      status: 'active',
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      card: { brand: 'visa', last4: '4242' },
      testMode: true,
    });
    expect(billing.expires).toBe(billing.currentPeriodEnd);
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({
      tier: 'professional',
      amount: PLANS.professional.priceCentsPerMonth,
      currency: 'USD',
      status: 'paid',
    });
    expect(billing.invoices[0]?.periodEnd).toBe(billing.currentPeriodEnd);
  });

  it("the admins are told once that the shop is on the new plan; the regular member isn't", async () => {
    const mine = await notificationsOf(shop.tenant);
    expect(mine.map((n) => n.description)).toEqual(['Your shop is now on the Professional plan.']);
    expect(mine[0]?.url).toBe('organization/billing');
    const regular = await t.database.withTenant(shop.tenant.organizationId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.userId, shop.tenant.regularId)),
    );
    expect(regular).toEqual([]);
  });

  it('the invoice downloads as a PDF with its number, plan, period and amount', async () => {
    const invoice = billing.invoices[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/invoice/${invoice._id}/pdf`,
      headers: bearer(shop.tenant.adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`invoice-${invoice.number}`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TEST MODE');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Professional plan');
    expect(text).toContain('79.00 USD');
    expect(text).toContain('Delta Hydraulics');
    expect(text).toContain(invoice.periodEnd.slice(0, 10));
  });

  it('a second checkout for a shop already paying is sent to the portal (409), and the portal opens', async () => {
    const again = await call(shop.tenant.adminToken, 'POST', 'billing/checkout', { tier: 'enterprise' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('billing portal');
    const portal = await call(shop.tenant.adminToken, 'POST', 'billing/portal');
    expect(portal.status).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: pathOf(portal.body.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
  });

  it("another organisation's invoice and checkout answer 404", async () => {
    const other = await createTenant(t, { tier: 'professional' });
    const invoice = billing.invoices[0]!;
    const pdf = await call(other.adminToken, 'GET', `billing/invoice/${invoice._id}/pdf`);
    expect(pdf.status).toBe(404);
    expect((await call(other.adminToken, 'GET', 'billing/invoice/not-an-id/pdf')).status).toBe(404);
    expect((await call(other.adminToken, 'GET', `billing/checkout/${shop.sessionId}`)).status).toBe(404);
    expect((await call(other.adminToken, 'GET', 'billing/checkout/cs_test_nothing')).status).toBe(404);
    expect((await billingOf(other)).invoices).toEqual([]);
  });
});

describe('a declined card', () => {
  it("shows the provider's message and changes nothing; a good card then pays", async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    const before = await planRow(tenant);
    const url = await startCheckout(tenant);
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');

    const outcome = await call(tenant.adminToken, 'GET', `billing/checkout/${sessionIdOf(url)}`);
    expect(outcome.body).toEqual({ status: 'open', tier: 'trial' });
    expect(await planRow(tenant)).toEqual(before);
    expect(await billingOf(tenant)).toMatchObject({
      tier: 'trial',
      status: 'trial',
      card: null,
      invoices: [],
    });
    expect(await notificationsOf(tenant)).toEqual([]);

    // Starting again hands back the same open checkout: one page, one charge.
    expect(await startCheckout(tenant)).toBe(url);
    expect((await pay(url, '4242424242424242')).status).toBe(303);
    expect((await planRow(tenant)).tier).toBe('professional');
  });
});

describe('who may pay', () => {
  it('a regular member may not start a checkout, open the portal or see the billing page (403)', async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    for (const res of [
      await call(tenant.regularToken, 'POST', 'billing/checkout', { tier: 'professional' }),
      await call(tenant.regularToken, 'POST', 'billing/portal'),
      await call(tenant.regularToken, 'GET', 'organization/billing'),
    ]) {
      expect(res.status).toBe(403);
    }
  });

  it('an expired shop can still see its billing page and start paying', async () => {
    const tenant = await createTenant(t, { tier: 'trial', expired: true });
    expect((await call(tenant.adminToken, 'GET', 'workorders')).status).toBe(403);
    expect(await billingOf(tenant)).toMatchObject({ tier: 'trial', status: 'expired', invoices: [] });
    const url = await startCheckout(tenant);
    expect((await pay(url, '4242 4242 4242 4242')).status).toBe(303);
    expect(await billingOf(tenant)).toMatchObject({ tier: 'professional', status: 'active' });
    expect((await call(tenant.adminToken, 'GET', 'workorders')).status).toBe(200);
  });

  it('a shop that never paid has no portal to open (409)', async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    const res = await call(tenant.adminToken, 'POST', 'billing/portal');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('upgrade page');
  });

  it('refuses a plan that is not sold by card (400)', async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    const res = await call(tenant.adminToken, 'POST', 'billing/checkout', { tier: 'trial' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose the Professional or Enterprise plan');
  });
});

describe('the webhook', () => {
  /** A checkout-completed event about the shop's subscription, as the provider would send it. */
  async function checkoutEvent(shop: Awaited<ReturnType<typeof paidShop>>, id: string) {
    const portal = await call(shop.tenant.adminToken, 'POST', 'billing/portal');
    const page = await t.app.inject({ method: 'GET', url: pathOf(portal.body.url) });
    const subscriptionId = /name="subscription" value="(sub_[^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(subscriptionId).not.toBe('');
    return JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: shop.sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          subscription: subscriptionId,
        },
      },
    });
  }

  const seen = async (eventId: string) =>
    (
      await t.database.withSystem((tx) =>
        tx.select().from(billingEvents).where(eq(billingEvents.eventId, eventId)),
      )
    ).length;

  it('answers 400 to a bad signature and changes nothing', async () => {
    const shop = await paidShop();
    const { tenant } = shop;
    const before = { plan: await planRow(tenant), notes: await notificationsOf(tenant) };
    const body = await checkoutEvent(shop, 'evt_test_forged');
    for (const signature of [signed(body, 'whsec_someone_else'), 't=1,v1=abc', '']) {
      const res = await deliver(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    // Signed, then changed on the way: the signature covers the exact bytes.
    const tampered = await deliver(body.replace('evt_test_forged', 'evt_test_forged2'), signed(body));
    expect(tampered.statusCode).toBe(400);
    // Signed too long ago (more than 300 s).
    const stale = signWebhookPayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    expect((await deliver(body, stale)).statusCode).toBe(400);
    expect(await planRow(tenant)).toEqual(before.plan);
    expect(await notificationsOf(tenant)).toEqual(before.notes);
    expect(await seen('evt_test_forged')).toBe(0);
  });

  it('handles an event once: the same event again answers 200 and changes nothing', async () => {
    const shop = await paidShop();
    const { tenant } = shop;
    const before = await notificationsOf(tenant);
    const body = await checkoutEvent(shop, 'evt_test_twice');
    const first = await deliver(body, signed(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const afterFirst = { plan: await planRow(tenant), notes: await notificationsOf(tenant) };
    // Handled like any event: one more notice to the admin (the provider sent its own before).
    expect(afterFirst.notes).toHaveLength(before.length + 1);
    expect(afterFirst.notes.at(-1)?.description).toBe('Your shop is now on the Professional plan.');

    const second = await deliver(body, signed(body));
    expect(second.statusCode).toBe(200);
    expect(await planRow(tenant)).toEqual(afterFirst.plan);
    expect(await notificationsOf(tenant)).toEqual(afterFirst.notes);
    expect(await seen('evt_test_twice')).toBe(1);
  });
});

describe('cancelling at the end of the paid period', () => {
  it("keeps the plan until the period ends, then the provider's clock ends it: an expired trial", async () => {
    const { tenant } = await paidShop();
    const portal = await call(tenant.adminToken, 'POST', 'billing/portal');
    const page = await t.app.inject({ method: 'GET', url: pathOf(portal.body.url) });
    const subscriptionId = /name="subscription" value="(sub_[^"]+)"/.exec(page.body)?.[1] ?? '';
    const cancelled = await submit(`${portal.body.url}/cancel`, { subscription: subscriptionId });
    expect(cancelled.status).toBe(303);

    const cancelling = await billingOf(tenant);
    expect(cancelling).toMatchObject({ tier: 'professional', status: 'cancelling', cancelAtPeriodEnd: true });
    expect((await call(tenant.adminToken, 'GET', 'workorders')).status).toBe(200);
    const notes = (await notificationsOf(tenant)).map((n) => n.description);
    expect(notes).toContain(
      `Your Professional plan will end on ${cancelling.currentPeriodEnd?.slice(0, 10)}.`,
    );

    const clock = await t.app.inject({
      method: 'POST',
      url: '/test-stripe/clock',
      payload: { advanceSeconds: 32 * DAY_SECONDS },
    });
    expect(clock.statusCode, clock.body).toBe(200);

    const ended = await billingOf(tenant);
    expect(ended).toMatchObject({
      tier: 'trial',
      status: 'expired',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(ended.invoices).toHaveLength(1);
    const row = await planRow(tenant);
    expect(row.maxCustomers).toBe(PLANS.trial.maxCustomers);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    const denied = await call(tenant.adminToken, 'GET', 'workorders');
    expect(denied.status).toBe(403);
    expect(denied.body.details).toMatchObject({ guardCode: 997 });
    expect((await notificationsOf(tenant)).map((n) => n.description)).toContain(
      'Your Professional plan has ended.',
    );
    // It can pay again.
    const url = await startCheckout(tenant);
    expect((await pay(url, '4242 4242 4242 4242')).status).toBe(303);
    expect(await billingOf(tenant)).toMatchObject({ tier: 'professional', status: 'active' });
  });
});

describe('a downgrade', () => {
  it('keeps Enterprise until the end of the period paid for, then renews on Professional', async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    expect((await pay(await startCheckout(tenant, 'enterprise'), '4242 4242 4242 4242')).status).toBe(303);
    const portal = await call(tenant.adminToken, 'POST', 'billing/portal');
    const page = await t.app.inject({ method: 'GET', url: pathOf(portal.body.url) });
    const subscriptionId = /name="subscription" value="(sub_[^"]+)"/.exec(page.body)?.[1] ?? '';
    const professional =
      /name="price" value="([^"]+)"><button type="submit">Switch to [^<]*Professional/.exec(page.body)?.[1];
    expect(professional).toBeTruthy();
    const switched = await submit(`${portal.body.url}/plan`, {
      subscription: subscriptionId,
      price: professional ?? '',
    });
    expect(switched.status).toBe(303);
    const portalAfter = await t.app.inject({ method: 'GET', url: pathOf(portal.body.url) });
    expect(portalAfter.body).toMatch(/Changes to [^<]*Professional on/);
    // Paid for a month of Enterprise: it stays Enterprise, with its limits.
    expect(await billingOf(tenant)).toMatchObject({ tier: 'enterprise', status: 'active' });
    expect((await planRow(tenant)).maxCustomers).toBe(PLANS.enterprise.maxCustomers);

    const clock = await t.app.inject({
      method: 'POST',
      url: '/test-stripe/clock',
      payload: { advanceSeconds: 31 * DAY_SECONDS },
    });
    expect(clock.statusCode, clock.body).toBe(200);
    const renewed = await billingOf(tenant);
    expect(renewed).toMatchObject({ tier: 'professional', status: 'active' });
    expect(renewed.invoices.map((i) => [i.tier, i.amount]).sort()).toEqual([
      ['enterprise', PLANS.enterprise.priceCentsPerMonth],
      ['professional', PLANS.professional.priceCentsPerMonth],
    ]);
    expect((await planRow(tenant)).maxCustomers).toBe(PLANS.professional.maxCustomers);
  });
});

describe('a failed renewal', () => {
  it('keeps the plan for a 7-day grace period, says so to the admins, and a new card pays', async () => {
    const { tenant } = await paidShop();
    // The card on file becomes Stripe's test card that attaches but is declined on every charge.
    const portal = await call(tenant.adminToken, 'POST', 'billing/portal');
    const failing = await submit(`${portal.body.url}/card`, { cardNumber: '4000 0000 0000 0341' });
    expect(failing.status, failing.html).toBe(303);
    const active = await billingOf(tenant);
    expect(active).toMatchObject({ tier: 'professional', status: 'active', graceEndsAt: null });
    const periodEnd = Date.parse(active.currentPeriodEnd ?? '');

    const clock = await t.app.inject({
      method: 'POST',
      url: '/test-stripe/clock',
      payload: { advanceSeconds: 31 * DAY_SECONDS },
    });
    expect(clock.statusCode, clock.body).toBe(200);

    const failed = await billingOf(tenant);
    expect(failed).toMatchObject({ tier: 'professional', status: 'pastDue' });
    // Seven days from the start of the period the renewal did not pay for.
    expect(Date.parse(failed.graceEndsAt ?? '')).toBe(periodEnd + 7 * DAY_SECONDS * 1000);
    expect((await planRow(tenant)).expiresAt.toISOString()).toBe(failed.graceEndsAt);
    // The plan still works during the grace period.
    expect((await call(tenant.regularToken, 'GET', 'workorders')).status).toBe(200);
    const notes = (await notificationsOf(tenant)).map((n) => n.description);
    expect(notes).toContain(
      `The payment for your Professional plan failed. Update your card by ${failed.graceEndsAt?.slice(0, 10)} to keep the plan.`,
    );
    expect(failed.invoices.map((i) => i.status).sort()).toEqual(['open', 'paid']);

    // A good card in the portal pays what is due: active again, the grace period gone.
    const card = await submit(`${portal.body.url}/card`, { cardNumber: '4242 4242 4242 4242' });
    expect(card.status, card.html).toBe(303);
    const again = await billingOf(tenant);
    expect(again).toMatchObject({ tier: 'professional', status: 'active', graceEndsAt: null });
    expect(again.invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
  });
});

describe('configuration', () => {
  it('refuses a Stripe key without the webhook secret and both prices, naming each', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(ConfigError);
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_PROFESSIONAL: 'price_p' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
      expect(message).toContain('STRIPE_PRICE_ENTERPRISE');
      expect(message).not.toContain('STRIPE_PRICE_PROFESSIONAL');
    }
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PROFESSIONAL: 'price_p',
      STRIPE_PRICE_ENTERPRISE: 'price_e',
    });
    expect(config.STRIPE_PRICE_ENTERPRISE).toBe('price_e');
  });
});
