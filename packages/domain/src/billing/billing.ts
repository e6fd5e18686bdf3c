/**
 * Subscriptions sold by card (issue 15): checkout for a paid plan, the provider's portal for card and plan
 * changes, the billing history, and the webhook the payment provider (Stripe, or the local test-mode
 * provider when no keys are set) reports to. Admins pay; every call an admin needs to pay answers with an
 * expired subscription too (`allowExpired`), so an expired shop can always pay.
 */
import { z } from 'zod';
import { ADMIN, endpoint, PDF, PUBLIC } from '../api/endpoint.ts';
import { isoDateTimeSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import { TIERS } from '../plans.ts';

const TAG = 'Billing';
const PAYING_ADMIN = { ...ADMIN, allowExpired: true } as const;

/** The plans sold by card. */
export const PAID_PLAN_TIERS = ['professional', 'enterprise'] as const;
export type PaidPlanTier = (typeof PAID_PLAN_TIERS)[number];

/**
 * Where the organisation stands: on its trial; paid and active; paid but a renewal failed (`pastDue`, the plan
 * stays until `graceEndsAt`); active until the period ends, then ending (`cancelling`); or expired.
 */
export const BILLING_STATUSES = ['trial', 'active', 'pastDue', 'cancelling', 'expired'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const INVOICE_STATUSES = ['paid', 'open', 'void', 'uncollectible'] as const;

export const billingInvoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  date: isoDateTimeSchema,
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
  tier: z.enum(TIERS),
  /** In the currency's minor unit (cents). */
  amount: z.number().int(),
  /** ISO 4217, upper case. */
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const billingSchema = z.object({
  tier: z.enum(TIERS),
  status: z.enum(BILLING_STATUSES),
  /** When the plan in force ends or renews (the subscription's expiry). */
  expires: isoDateTimeSchema,
  /** Paid plans: the end of the period paid for; null on a trial. */
  currentPeriodEnd: isoDateTimeSchema.nullable(),
  /** The plan ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** After a failed renewal: the plan expires then unless a payment goes through. */
  graceEndsAt: isoDateTimeSchema.nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Payments go to the local test-mode provider (no keys set): every screen says so. */
  testMode: z.boolean(),
  invoices: z.array(billingInvoiceSchema),
});
export type Billing = z.infer<typeof billingSchema>;

export const checkoutInputSchema = z.object({
  tier: z.enum(PAID_PLAN_TIERS, { error: 'Choose the Professional or Enterprise plan' }),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** Where to send the admin: the provider's checkout (or portal) page. */
export const redirectSchema = z.object({ url: z.string() });

export const checkoutResultSchema = z.object({
  /** complete: paid and the plan applied; open: not paid yet; expired: the checkout ran out. */
  status: z.enum(['complete', 'open', 'expired']),
  tier: z.enum(TIERS),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const getBilling = endpoint({
  name: 'getBilling',
  method: 'GET',
  path: '/api/v1/organization/billing',
  tag: TAG,
  summary: 'The plan, its renewal, the card on file and the invoices (admins)',
  access: PAYING_ADMIN,
  response: billingSchema,
  example: {},
});

/**
 * Starts (or, while one is open, resumes) a checkout for a paid plan and answers the page to pay on. A shop
 * already on a paid plan changes plan in the portal (Conflict). The provider sends the admin back to
 * `/stripe/callback?session_id={CHECKOUT_SESSION_ID}` when paid and to `/payment/cancel` when abandoned; the
 * callback page calls `getCheckout` and goes on to `/payment/success` or `/payment/cancel`.
 */
export const startCheckout = endpoint({
  name: 'startCheckout',
  method: 'POST',
  path: '/api/v1/billing/checkout',
  tag: TAG,
  summary: 'Start paying for a plan by card; answers the checkout page (admins)',
  access: PAYING_ADMIN,
  body: checkoutInputSchema,
  response: redirectSchema,
  errors: [AppErrorCode.Conflict],
  example: { body: { tier: 'professional' } },
});

/**
 * What came of a checkout, read from the provider and applied at once (the webhook may come later): the
 * success page calls it with the session id the provider returned.
 */
export const getCheckout = endpoint({
  name: 'getCheckout',
  method: 'GET',
  path: '/api/v1/billing/checkout/:sessionId',
  tag: TAG,
  summary: 'The outcome of a checkout, applied to the plan (admins)',
  access: PAYING_ADMIN,
  params: z.object({
    sessionId: z.string({ error: 'This checkout was not found' }).min(1, 'This checkout was not found'),
  }),
  response: checkoutResultSchema,
  example: (ref) => ({ params: { sessionId: ref('checkoutSessionId') } }),
});

/** The provider's page for the card on file, plan changes and cancellation. */
export const openBillingPortal = endpoint({
  name: 'openBillingPortal',
  method: 'POST',
  path: '/api/v1/billing/portal',
  tag: TAG,
  summary: 'Open the page to change the card or the plan, or cancel (admins)',
  access: PAYING_ADMIN,
  response: redirectSchema,
  errors: [AppErrorCode.Conflict],
  example: {},
});

export const downloadInvoice = endpoint({
  name: 'downloadInvoice',
  method: 'GET',
  path: '/api/v1/billing/invoice/:invoiceId/pdf',
  tag: TAG,
  summary: 'One invoice as a PDF (admins)',
  access: PAYING_ADMIN,
  params: z.object({
    invoiceId: z.string({ error: 'This invoice was not found' }).min(1, 'This invoice was not found'),
  }),
  response: PDF,
  /** Conflict: with Stripe, the provider has no PDF of the invoice yet. */
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { invoiceId: ref('invoiceId') } }),
});

/**
 * Where the payment provider reports events. Signed (`Stripe-Signature` over the raw body, 300 s tolerance):
 * a bad signature answers 400 and changes nothing; an event already handled answers 200 and changes nothing.
 */
export const receiveBillingWebhook = endpoint({
  name: 'receiveBillingWebhook',
  method: 'POST',
  path: '/api/v1/billing/webhook',
  tag: TAG,
  summary: 'Payment provider events (checkout, subscription and invoice changes)',
  access: PUBLIC,
  body: z.looseObject({ id: z.string(), type: z.string() }),
  response: z.object({ received: z.boolean() }),
  example: {
    body: {
      id: 'evt_test_example',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_test_example', object: 'invoice', parent: null } },
    },
  },
});

export const BILLING_ENDPOINTS = [
  getBilling,
  startCheckout,
  getCheckout,
  openBillingPortal,
  downloadInvoice,
  receiveBillingWebhook,
];
