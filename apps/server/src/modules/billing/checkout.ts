/**
 * Billing operations the app starts through the SDK (against Stripe or the test-mode provider alike):
 * checkout for a paid tier, the customer portal, cancellation at period end, and the billing history.
 */

import { AppErrorCode, PLANS } from '@hosewright/domain';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { type PaidTier, type PlanPrices, tierForPrice } from './plan-prices.ts';

/** Statuses in which a subscription still bills or may bill: a new checkout would charge twice. */
const BILLING_STATUSES: readonly Stripe.Subscription.Status[] = ['active', 'trialing', 'past_due', 'unpaid'];

export interface StartCheckoutOptions {
  stripe: Stripe;
  prices: PlanPrices;
  organizationId: string;
  tier: PaidTier;
  /** The organisation's provider customer, when it has one already. */
  customerId: string | null;
  customerEmail?: string;
  organizationName?: string;
  /** Where the provider returns after paying; `{CHECKOUT_SESSION_ID}` is replaced with the session id. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStart {
  /** Store it on the organisation when it is new. */
  customerId: string;
  sessionId: string;
  url: string;
  /** True when an open checkout for the same plan was handed back instead of a new one. */
  isReused: boolean;
}

/**
 * Starts (or resumes) checkout for a paid tier. Never charges twice: a shop with a subscription that bills
 * is sent to the portal instead (409), an open checkout for the same plan is handed back, open checkouts
 * for other plans are expired before a new one opens, and two concurrent starts that saw the same open
 * sessions send the same idempotency key, so they get one session.
 */
export async function startCheckout(options: StartCheckoutOptions): Promise<CheckoutStart> {
  const { stripe, prices, organizationId, tier } = options;
  const customerId =
    options.customerId ??
    (
      await stripe.customers.create(
        {
          email: options.customerEmail,
          name: options.organizationName,
          metadata: { organizationId },
        },
        { idempotencyKey: `hosewright-customer-${organizationId}` },
      )
    ).id;

  const subscriptions = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
  if (subscriptions.data.some((s) => BILLING_STATUSES.includes(s.status))) {
    throw new AppError(
      AppErrorCode.Conflict,
      'This shop already has a paid plan. Change or cancel it from the billing portal.',
    );
  }

  const price = prices[tier];
  const recent = await stripe.checkout.sessions.list({ customer: customerId, limit: 20 });
  const open = recent.data.filter((s) => s.status === 'open');
  const same = open.find(
    (s) => s.metadata?.organizationId === organizationId && s.metadata?.priceId === price && s.url,
  );
  if (same?.url) return { customerId, sessionId: same.id, url: same.url, isReused: true };
  for (const other of open) await stripe.checkout.sessions.expire(other.id);

  // The key names every session seen, open or not, so it repeats only for starts that saw the same ones
  // (concurrent clicks) and never hands back a session that has since expired or completed.
  const seen = recent.data
    .map((s) => s.id)
    .sort()
    .join(',');
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer: customerId,
      client_reference_id: organizationId,
      line_items: [{ price, quantity: 1 }],
      success_url: options.successUrl,
      cancel_url: options.cancelUrl,
      metadata: { organizationId, tier, priceId: price },
      subscription_data: { metadata: { organizationId, tier } },
    },
    { idempotencyKey: `hosewright-checkout-${organizationId}-${price}-${seen || 'none'}` },
  );
  if (!session.url) throw new Error(`checkout session ${session.id} came back without a URL`);
  return { customerId, sessionId: session.id, url: session.url, isReused: false };
}

/** A customer-portal link (card changes, plan changes, cancellation) that returns to `returnUrl`. */
export async function createPortalLink(options: {
  stripe: Stripe;
  customerId: string;
  returnUrl: string;
}): Promise<string> {
  const session = await options.stripe.billingPortal.sessions.create({
    customer: options.customerId,
    return_url: options.returnUrl,
  });
  return session.url;
}

/** Cancels at the end of the paid period (`cancel = false` withdraws a scheduled cancellation). */
export async function setCancelAtPeriodEnd(options: {
  stripe: Stripe;
  subscriptionId: string;
  cancel: boolean;
}): Promise<Stripe.Subscription> {
  return options.stripe.subscriptions.update(options.subscriptionId, {
    cancel_at_period_end: options.cancel,
  });
}

export interface BillingHistoryInvoice {
  id: string;
  number: string | null;
  date: Date;
  periodStart: Date;
  periodEnd: Date;
  tier: PaidTier | null;
  planLabel: string | null;
  amountCents: number;
  currency: string;
  status: string;
  pdfUrl: string | null;
}

export interface BillingHistory {
  invoices: BillingHistoryInvoice[];
  card: { brand: string; last4: string } | null;
  /** When the plan next renews; null when it will not (cancelled, ended, none). */
  nextRenewal: Date | null;
}

/** The billing history page's data: invoices newest first, the card on file and the next renewal. */
export async function getBillingHistory(options: {
  stripe: Stripe;
  prices: PlanPrices;
  customerId: string;
  limit?: number;
}): Promise<BillingHistory> {
  const { stripe, prices, customerId } = options;
  const invoices = await stripe.invoices.list({ customer: customerId, limit: options.limit ?? 24 });
  const subscriptions = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 10,
    expand: ['data.default_payment_method'],
  });
  const current = subscriptions.data.find((s) => BILLING_STATUSES.includes(s.status)) ?? null;
  const method = current?.default_payment_method;
  const card = method && typeof method !== 'string' && method.card ? method.card : null;
  const periodEnd = current ? Math.max(...current.items.data.map((i) => i.current_period_end)) : null;
  return {
    invoices: invoices.data.map((invoice) => {
      const line = invoice.lines.data[0];
      const priceId = line?.pricing?.price_details?.price;
      const tier = tierForPrice(prices, typeof priceId === 'string' ? priceId : priceId?.id);
      return {
        id: invoice.id ?? '',
        number: invoice.number,
        date: new Date(invoice.created * 1000),
        periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
        periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
        tier,
        planLabel: tier ? PLANS[tier].label : null,
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        status: invoice.status ?? 'draft',
        pdfUrl: invoice.invoice_pdf ?? null,
      };
    }),
    card: card ? { brand: card.brand, last4: card.last4 ?? '' } : null,
    nextRenewal: current && !current.cancel_at_period_end && periodEnd ? new Date(periodEnd * 1000) : null,
  };
}
