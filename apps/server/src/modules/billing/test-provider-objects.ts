/**
 * Renders the test-mode provider's records as the Stripe API objects the official SDK reads (API version
 * of the installed `stripe` package: billing periods sit on the subscription items, an invoice names its
 * subscription under `parent.subscription_details`). Only the fields our billing code and the SDK's
 * response handling touch are filled; the rest of Stripe's objects is left out.
 */
import type { PriceDefinition } from './plan-prices.ts';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  InvoiceRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  SubscriptionRecord,
} from './test-provider-store.ts';

export type StripeJson = { [key: string]: unknown };

export interface RenderContext {
  /** Where the provider's pages (checkout, portal, invoice PDFs) are served. */
  publicUrl: string;
  price(id: string): PriceDefinition | undefined;
}

export function renderList(url: string, data: StripeJson[], hasMore = false): StripeJson {
  return { object: 'list', url, has_more: hasMore, data };
}

export function renderPrice(context: RenderContext, id: string): StripeJson {
  const price = context.price(id);
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    currency: price?.currency ?? 'usd',
    livemode: false,
    lookup_key: price ? `${price.tier}_monthly` : null,
    metadata: price ? { tier: price.tier } : {},
    nickname: price?.productName ?? null,
    product: price ? `prod_test_${price.tier}` : 'prod_test_unknown',
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: price?.unitAmount ?? 0,
  };
}

export function renderCustomer(customer: CustomerRecord): StripeJson {
  return {
    id: customer.id,
    object: 'customer',
    created: customer.created,
    email: customer.email,
    name: customer.name,
    metadata: customer.metadata,
    invoice_prefix: customer.invoicePrefix,
    invoice_settings: { default_payment_method: customer.defaultPaymentMethod },
    livemode: false,
  };
}

export function renderPaymentMethod(method: PaymentMethodRecord): StripeJson {
  return {
    id: method.id,
    object: 'payment_method',
    created: method.created,
    customer: method.customer,
    type: 'card',
    card: {
      brand: method.brand,
      display_brand: method.brand,
      last4: method.last4,
      exp_month: method.expMonth,
      exp_year: method.expYear,
      country: 'US',
      funding: 'credit',
    },
    livemode: false,
    metadata: {},
  };
}

export function renderCheckoutSession(context: RenderContext, session: CheckoutSessionRecord): StripeJson {
  const price = context.price(session.priceId);
  return {
    id: session.id,
    object: 'checkout.session',
    created: session.created,
    expires_at: session.expiresAt,
    mode: 'subscription',
    status: session.status,
    payment_status: session.paymentStatus,
    customer: session.customer,
    customer_email: session.customerEmail,
    client_reference_id: session.clientReferenceId,
    currency: price?.currency ?? 'usd',
    amount_subtotal: (price?.unitAmount ?? 0) * session.quantity,
    amount_total: (price?.unitAmount ?? 0) * session.quantity,
    metadata: session.metadata,
    subscription: session.subscription,
    invoice: session.invoice,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.status === 'open' ? `${context.publicUrl}/test-stripe/checkout/${session.id}` : null,
    livemode: false,
  };
}

export function renderSubscription(context: RenderContext, subscription: SubscriptionRecord): StripeJson {
  const price = context.price(subscription.priceId);
  return {
    id: subscription.id,
    object: 'subscription',
    created: subscription.created,
    start_date: subscription.created,
    customer: subscription.customer,
    status: subscription.status,
    currency: price?.currency ?? 'usd',
    billing_cycle_anchor: subscription.billingCycleAnchor,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null,
    canceled_at: subscription.canceledAt,
    ended_at: subscription.endedAt,
    collection_method: 'charge_automatically',
    default_payment_method: subscription.defaultPaymentMethod,
    latest_invoice: subscription.latestInvoice,
    metadata: subscription.metadata,
    items: renderList(`/v1/subscription_items?subscription=${subscription.id}`, [
      {
        id: subscription.itemId,
        object: 'subscription_item',
        created: subscription.created,
        current_period_start: subscription.currentPeriodStart,
        current_period_end: subscription.currentPeriodEnd,
        metadata: {},
        price: renderPrice(context, subscription.priceId),
        quantity: subscription.quantity,
        subscription: subscription.id,
      },
    ]),
    livemode: false,
  };
}

export function renderInvoice(context: RenderContext, invoice: InvoiceRecord): StripeJson {
  const price = context.price(invoice.priceId);
  return {
    id: invoice.id,
    object: 'invoice',
    created: invoice.created,
    number: invoice.number,
    customer: invoice.customer,
    status: invoice.status,
    currency: invoice.currency,
    amount_due: invoice.amountDue,
    amount_paid: invoice.amountPaid,
    amount_remaining: invoice.amountDue - invoice.amountPaid,
    subtotal: invoice.amountDue,
    total: invoice.amountDue,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    next_payment_attempt: invoice.nextPaymentAttempt,
    status_transitions: {
      finalized_at: invoice.created,
      paid_at: invoice.paidAt,
      marked_uncollectible_at: null,
      voided_at: null,
    },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: invoice.subscription, metadata: invoice.subscriptionMetadata },
    },
    lines: renderList(`/v1/invoices/${invoice.id}/lines`, [
      {
        id: `il_${invoice.id.slice(3)}`,
        object: 'line_item',
        amount: invoice.amountDue,
        currency: invoice.currency,
        description: `${invoice.quantity} × ${price?.productName ?? invoice.priceId} (at $${(
          (price?.unitAmount ?? 0) / 100
        ).toFixed(2)} / month)`,
        invoice: invoice.id,
        period: { start: invoice.periodStart, end: invoice.periodEnd },
        pricing: { type: 'price_details', price_details: { price: invoice.priceId, product: null } },
        quantity: invoice.quantity,
        subscription: invoice.subscription,
        metadata: {},
        livemode: false,
      },
    ]),
    hosted_invoice_url: `${context.publicUrl}/test-stripe/invoices/${invoice.id}`,
    invoice_pdf: `${context.publicUrl}/test-stripe/invoices/${invoice.id}/pdf`,
    livemode: false,
  };
}

export function renderPortalSession(context: RenderContext, session: PortalSessionRecord): StripeJson {
  return {
    id: session.id,
    object: 'billing_portal.session',
    created: session.created,
    customer: session.customer,
    return_url: session.returnUrl,
    url: `${context.publicUrl}/test-stripe/portal/${session.id}`,
    livemode: false,
  };
}
