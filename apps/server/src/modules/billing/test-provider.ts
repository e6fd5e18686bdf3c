/**
 * The local test-mode payment provider: the subset of Stripe's API and behaviour our billing code uses, so
 * that with no Stripe keys every billing path (checkout with the documented test cards, the customer
 * portal, renewals, failed renewals, cancellation at period end, signed webhooks) runs on a fresh clone
 * with no network. The app talks to it through the real `stripe` SDK pointed at it (`stripe-client.ts`);
 * the HTTP face is `test-provider-http.ts`. Nothing here ever moves real money, and every page it serves
 * says so.
 *
 * Time is the provider's own clock (`advanceClock`): moving it renews active subscriptions, charges the
 * saved card, retries failed invoices and ends subscriptions set to cancel at period end, each with the
 * events Stripe sends for it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { type PriceDefinition, testPriceCatalogue } from './plan-prices.ts';
import {
  type RenderContext,
  renderCheckoutSession,
  renderInvoice,
  renderSubscription,
  type StripeJson,
} from './test-provider-objects.ts';
import type {
  CardBehaviour,
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  InvoiceRecord,
  PaymentMethodRecord,
  SubscriptionRecord,
  TestProviderStore,
} from './test-provider-store.ts';

export const DAY_SECONDS = 24 * 60 * 60;
/** Checkout sessions expire 24 hours after creation, as Stripe's do by default. */
export const CHECKOUT_SESSION_LIFETIME_SECONDS = DAY_SECONDS;
/** Failed renewals are retried every 3 days; after the 4th failed attempt the subscription is canceled. */
export const RETRY_INTERVAL_SECONDS = 3 * DAY_SECONDS;
export const MAX_PAYMENT_ATTEMPTS = 4;

/** Stripe's messages, word for word, so the checkout page and our tests show what Stripe shows. */
export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  nonTestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

interface TestCard {
  brand: string;
  behaviour: CardBehaviour;
}

/** Stripe's documented test cards the provider accepts (https://docs.stripe.com/testing). */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds' },
  '4000000000000002': { brand: 'visa', behaviour: 'declines' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient_funds' },
  '4000002500003155': { brand: 'visa', behaviour: 'requires_action' },
  '4000000000000341': { brand: 'visa', behaviour: 'attach_then_fail' },
};

/** A Stripe API error: the HTTP layer answers it as Stripe does, so the SDK raises its own error classes. */
export class ProviderError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  static missing(what: string, id: string, param = 'id'): ProviderError {
    return new ProviderError(
      404,
      'invalid_request_error',
      `No such ${what}: '${id}'`,
      'resource_missing',
      param,
    );
  }

  static invalid(message: string, param?: string): ProviderError {
    return new ProviderError(400, 'invalid_request_error', message, 'parameter_invalid', param);
  }

  toJson(): StripeJson {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

/** One signed event on its way to the webhook endpoint. */
export interface EventDelivery {
  id: string;
  type: string;
  /** The raw JSON body: sign and verify exactly these bytes. */
  payload: string;
  /** The `Stripe-Signature` header value. */
  signatureHeader: string;
}

/** Hands a signed event to the app; throwing (or rejecting) marks the delivery failed for `redeliver`. */
export type DeliverEvent = (delivery: EventDelivery) => Promise<void>;

/** Delivers events the way Stripe does: a JSON POST with the `Stripe-Signature` header. */
export function httpDelivery(url: string): DeliverEvent {
  return async (delivery) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': delivery.signatureHeader,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) hosewright-test-provider',
      },
      body: delivery.payload,
    });
    if (!response.ok) {
      throw new Error(`webhook answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
  };
}

/** Stripe's webhook signature: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed by the secret>`. */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export type PaymentOutcome =
  | { kind: 'succeeded'; redirectUrl: string; session: CheckoutSessionRecord }
  /** The session was already paid: nothing is charged again. */
  | { kind: 'already_paid'; redirectUrl: string; session: CheckoutSessionRecord }
  | { kind: 'requires_action'; session: CheckoutSessionRecord }
  | { kind: 'failed'; message: string; session: CheckoutSessionRecord };

export interface TestProviderOptions {
  store: TestProviderStore;
  /** The secret the app verifies signatures with (`STRIPE_WEBHOOK_SECRET` for the test provider). */
  webhookSecret: string;
  deliver: DeliverEvent;
  /** Where the provider's pages are served; may be set later (`setPublicUrl`) once a port is known. */
  publicUrl?: string;
  prices?: PriceDefinition[];
  /**
   * Wall-clock seconds used for signature timestamps. The SDK checks them against the receiver's real
   * clock, so they never follow the provider clock (which tests move days ahead).
   */
  signingClock?: () => number;
  /** The provider clock's start when the store has none yet; defaults to now. */
  startAt?: number;
}

type Pending = { type: string; object: StripeJson; previousAttributes?: StripeJson }[];

const wallClock = () => Math.floor(Date.now() / 1000);

export class TestPaymentProvider {
  readonly store: TestProviderStore;
  readonly webhookSecret: string;
  private deliver: DeliverEvent;
  private publicUrl: string;
  private readonly prices: Map<string, PriceDefinition>;
  private readonly signingClock: () => number;
  private readonly startAt: number | undefined;

  constructor(options: TestProviderOptions) {
    this.store = options.store;
    this.webhookSecret = options.webhookSecret;
    this.deliver = options.deliver;
    this.publicUrl = options.publicUrl ?? 'http://127.0.0.1';
    this.prices = new Map((options.prices ?? testPriceCatalogue()).map((p) => [p.id, p]));
    this.signingClock = options.signingClock ?? wallClock;
    this.startAt = options.startAt;
  }

  setPublicUrl(url: string): void {
    this.publicUrl = url.replace(/\/+$/, '');
  }

  setDeliver(deliver: DeliverEvent): void {
    this.deliver = deliver;
  }

  get renderContext(): RenderContext {
    return { publicUrl: this.publicUrl, price: (id) => this.prices.get(id) };
  }

  price(id: string): PriceDefinition | undefined {
    return this.prices.get(id);
  }

  get priceCatalogue(): PriceDefinition[] {
    return [...this.prices.values()];
  }

  /** The provider clock, Unix seconds. */
  async now(): Promise<number> {
    const clock = await this.store.getClock();
    if (clock !== undefined) return clock;
    const start = this.startAt ?? wallClock();
    await this.store.setClock(start);
    return start;
  }

  /**
   * Runs one state change under the store's lock, then delivers the events it produced. Delivery happens
   * outside the lock: the webhook handler calls back into the provider (through the SDK) to read the
   * subscription's current state.
   */
  private async change<T>(fn: (events: Pending, now: number) => Promise<T>): Promise<T> {
    const { result, records } = await this.store.exclusive(async () => {
      const events: Pending = [];
      const now = await this.now();
      const value = await fn(events, now);
      const stored: EventRecord[] = [];
      for (const e of events) stored.push(await this.recordEvent(e, now));
      return { result: value, records: stored };
    });
    for (const record of records) await this.deliverEvent(record);
    return result;
  }

  private async recordEvent(pending: Pending[number], now: number): Promise<EventRecord> {
    const id = newId('evt');
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now,
        data: {
          object: pending.object,
          ...(pending.previousAttributes ? { previous_attributes: pending.previousAttributes } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: pending.type,
      },
      null,
      2,
    );
    const record: EventRecord = {
      id,
      created: now,
      type: pending.type,
      payload,
      deliveredAt: null,
      attempts: 0,
      lastError: null,
    };
    await this.store.put('event', record);
    return record;
  }

  private async deliverEvent(record: EventRecord): Promise<void> {
    const signatureHeader = signWebhookPayload(record.payload, this.webhookSecret, this.signingClock());
    const attempted = { ...record, attempts: record.attempts + 1 };
    try {
      await this.deliver({ id: record.id, type: record.type, payload: record.payload, signatureHeader });
      attempted.deliveredAt = this.signingClock();
      attempted.lastError = null;
    } catch (error) {
      attempted.lastError = error instanceof Error ? error.message : String(error);
    }
    await this.store.put('event', attempted);
  }

  /** Delivers again every event whose last delivery failed (Stripe retries these for days). */
  async redeliverFailed(): Promise<number> {
    const failed = (await this.store.list('event')).filter((e) => e.deliveredAt === null);
    for (const record of failed) await this.deliverEvent(record);
    return failed.length;
  }

  /** Every event the provider has produced, oldest first. */
  async listEvents(): Promise<EventRecord[]> {
    return this.store.list('event');
  }

  // --- API: customers -------------------------------------------------------------------------------

  async createCustomer(input: {
    email?: string | null;
    name?: string | null;
    metadata?: Record<string, string>;
  }): Promise<CustomerRecord> {
    return this.change(async (events, now) => {
      const customer: CustomerRecord = {
        id: newId('cus'),
        created: now,
        email: input.email ?? null,
        name: input.name ?? null,
        metadata: input.metadata ?? {},
        invoicePrefix: randomBytes(4).toString('hex').toUpperCase(),
        nextInvoiceSequence: 1,
        defaultPaymentMethod: null,
      };
      await this.store.put('customer', customer);
      events.push({ type: 'customer.created', object: { id: customer.id, object: 'customer' } });
      return customer;
    });
  }

  async getCustomer(id: string): Promise<CustomerRecord> {
    const customer = await this.store.get('customer', id);
    if (!customer) throw ProviderError.missing('customer', id);
    return customer;
  }

  async getPaymentMethod(id: string): Promise<PaymentMethodRecord> {
    const method = await this.store.get('paymentMethod', id);
    if (!method) throw ProviderError.missing('PaymentMethod', id);
    return method;
  }

  // --- API: checkout sessions -----------------------------------------------------------------------

  async createCheckoutSession(input: {
    customer?: string | null;
    customerEmail?: string | null;
    clientReferenceId?: string | null;
    priceId: string;
    quantity?: number;
    successUrl: string;
    cancelUrl?: string | null;
    metadata?: Record<string, string>;
    subscriptionMetadata?: Record<string, string>;
  }): Promise<CheckoutSessionRecord> {
    if (!this.prices.has(input.priceId))
      throw ProviderError.missing('price', input.priceId, 'line_items[0][price]');
    if (input.customer) await this.getCustomer(input.customer);
    return this.change(async (_events, now) => {
      const session: CheckoutSessionRecord = {
        id: newId('cs_test'),
        created: now,
        expiresAt: now + CHECKOUT_SESSION_LIFETIME_SECONDS,
        customer: input.customer ?? null,
        customerEmail: input.customerEmail ?? null,
        clientReferenceId: input.clientReferenceId ?? null,
        priceId: input.priceId,
        quantity: input.quantity ?? 1,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl ?? null,
        metadata: input.metadata ?? {},
        subscriptionMetadata: input.subscriptionMetadata ?? {},
        status: 'open',
        paymentStatus: 'unpaid',
        subscription: null,
        invoice: null,
        pendingPaymentMethod: null,
        lastError: null,
      };
      await this.store.put('checkoutSession', session);
      return session;
    });
  }

  async getCheckoutSession(id: string): Promise<CheckoutSessionRecord> {
    const session = await this.store.get('checkoutSession', id);
    if (!session) throw ProviderError.missing('checkout.session', id, 'session');
    return session;
  }

  async listCheckoutSessions(filter: {
    customer?: string;
    status?: string;
    subscription?: string;
  }): Promise<CheckoutSessionRecord[]> {
    return (await this.store.list('checkoutSession'))
      .filter(
        (s) =>
          (!filter.customer || s.customer === filter.customer) &&
          (!filter.status || s.status === filter.status) &&
          (!filter.subscription || s.subscription === filter.subscription),
      )
      .reverse();
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSessionRecord> {
    return this.change(async (events) => {
      const session = await this.getCheckoutSession(id);
      if (session.status !== 'open') {
        throw ProviderError.invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      }
      const expired: CheckoutSessionRecord = { ...session, status: 'expired', pendingPaymentMethod: null };
      await this.store.put('checkoutSession', expired);
      events.push({
        type: 'checkout.session.expired',
        object: renderCheckoutSession(this.renderContext, expired),
      });
      return expired;
    });
  }

  /**
   * Pays a checkout session with a card number as typed on the checkout page. A declined card changes
   * nothing but the error shown; paying a session twice charges once.
   */
  async payCheckoutSession(id: string, cardNumber: string): Promise<PaymentOutcome> {
    return this.change(async (events, now) => {
      const session = await this.getCheckoutSession(id);
      const closed = closedSessionOutcome(session);
      if (closed) return closed;
      const card = TEST_CARDS[cardNumber.replace(/[\s-]/g, '')];
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (!card) {
        const message =
          /^\d{13,19}$/.test(digits) && luhnValid(digits)
            ? PAYMENT_MESSAGES.nonTestCard
            : PAYMENT_MESSAGES.incorrectNumber;
        return this.failSession(session, message);
      }
      if (card.behaviour === 'declines' || card.behaviour === 'attach_then_fail') {
        return this.failSession(session, PAYMENT_MESSAGES.declined);
      }
      if (card.behaviour === 'insufficient_funds') {
        return this.failSession(session, PAYMENT_MESSAGES.insufficientFunds);
      }
      const method = await this.createPaymentMethod(digits, card, session.customer, now);
      if (card.behaviour === 'requires_action') {
        const waiting: CheckoutSessionRecord = {
          ...session,
          pendingPaymentMethod: method.id,
          lastError: null,
        };
        await this.store.put('checkoutSession', waiting);
        return { kind: 'requires_action', session: waiting };
      }
      return this.completeSession(session, method, events, now);
    });
  }

  /** The extra confirmation step of a card that asks for one: `approve` completes the payment. */
  async authenticateCheckoutSession(id: string, approve: boolean): Promise<PaymentOutcome> {
    return this.change(async (events, now) => {
      const session = await this.getCheckoutSession(id);
      const closed = closedSessionOutcome(session);
      if (closed) return closed;
      if (!session.pendingPaymentMethod) {
        throw ProviderError.invalid('This checkout session has no payment waiting for confirmation.');
      }
      if (!approve) {
        return this.failSession(
          { ...session, pendingPaymentMethod: null },
          PAYMENT_MESSAGES.authenticationFailed,
        );
      }
      const method = await this.getPaymentMethod(session.pendingPaymentMethod);
      return this.completeSession({ ...session, pendingPaymentMethod: null }, method, events, now);
    });
  }

  private async failSession(session: CheckoutSessionRecord, message: string): Promise<PaymentOutcome> {
    const failed = { ...session, lastError: message };
    await this.store.put('checkoutSession', failed);
    return { kind: 'failed', message, session: failed };
  }

  private async createPaymentMethod(
    digits: string,
    card: TestCard,
    customer: string | null,
    now: number,
  ): Promise<PaymentMethodRecord> {
    const year = new Date(now * 1000).getUTCFullYear();
    const method: PaymentMethodRecord = {
      id: newId('pm'),
      created: now,
      customer,
      brand: card.brand,
      last4: digits.slice(-4),
      expMonth: 12,
      expYear: year + 3,
      behaviour: card.behaviour,
    };
    await this.store.put('paymentMethod', method);
    return method;
  }

  private async completeSession(
    session: CheckoutSessionRecord,
    method: PaymentMethodRecord,
    events: Pending,
    now: number,
  ): Promise<PaymentOutcome> {
    const price = this.prices.get(session.priceId);
    if (!price) throw ProviderError.missing('price', session.priceId);
    let customer = session.customer ? await this.getCustomer(session.customer) : undefined;
    if (!customer) {
      customer = {
        id: newId('cus'),
        created: now,
        email: session.customerEmail,
        name: null,
        metadata: {},
        invoicePrefix: randomBytes(4).toString('hex').toUpperCase(),
        nextInvoiceSequence: 1,
        defaultPaymentMethod: null,
      };
      events.push({ type: 'customer.created', object: { id: customer.id, object: 'customer' } });
    }
    const attached: PaymentMethodRecord = { ...method, customer: customer.id };
    await this.store.put('paymentMethod', attached);
    const subscription: SubscriptionRecord = {
      id: newId('sub'),
      created: now,
      customer: customer.id,
      itemId: newId('si'),
      priceId: price.id,
      quantity: session.quantity,
      status: 'active',
      billingCycleAnchor: now,
      currentPeriodStart: now,
      currentPeriodEnd: addMonths(now, now, 1),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      metadata: session.subscriptionMetadata,
      latestInvoice: null,
      defaultPaymentMethod: attached.id,
    };
    const invoice = this.newInvoice(customer, subscription, 'subscription_create', now);
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    invoice.attemptCount = 1;
    invoice.paidAt = now;
    invoice.paymentMethod = attached.id;
    subscription.latestInvoice = invoice.id;
    customer.nextInvoiceSequence += 1;
    customer.defaultPaymentMethod = attached.id;
    const completed: CheckoutSessionRecord = {
      ...session,
      customer: customer.id,
      status: 'complete',
      paymentStatus: 'paid',
      subscription: subscription.id,
      invoice: invoice.id,
      lastError: null,
    };
    await this.store.put('customer', customer);
    await this.store.put('subscription', subscription);
    await this.store.put('invoice', invoice);
    await this.store.put('checkoutSession', completed);
    const context = this.renderContext;
    events.push({ type: 'customer.subscription.created', object: renderSubscription(context, subscription) });
    events.push({ type: 'invoice.paid', object: renderInvoice(context, invoice) });
    events.push({ type: 'checkout.session.completed', object: renderCheckoutSession(context, completed) });
    return { kind: 'succeeded', redirectUrl: successRedirect(completed), session: completed };
  }

  private newInvoice(
    customer: CustomerRecord,
    subscription: SubscriptionRecord,
    billingReason: InvoiceRecord['billingReason'],
    now: number,
  ): InvoiceRecord {
    const price = this.prices.get(subscription.priceId);
    const amount = (price?.unitAmount ?? 0) * subscription.quantity;
    return {
      id: newId('in'),
      created: now,
      number: `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`,
      customer: customer.id,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      priceId: subscription.priceId,
      quantity: subscription.quantity,
      currency: price?.currency ?? 'usd',
      amountDue: amount,
      amountPaid: 0,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      status: 'open',
      billingReason,
      attemptCount: 0,
      nextPaymentAttempt: null,
      paidAt: null,
      paymentMethod: subscription.defaultPaymentMethod,
      lastPaymentError: null,
    };
  }

  // --- API: subscriptions ---------------------------------------------------------------------------

  async getSubscription(id: string): Promise<SubscriptionRecord> {
    const subscription = await this.store.get('subscription', id);
    if (!subscription) throw ProviderError.missing('subscription', id);
    return subscription;
  }

  async listSubscriptions(filter: { customer?: string; status?: string; price?: string }) {
    return (await this.store.list('subscription'))
      .filter(
        (s) =>
          (!filter.customer || s.customer === filter.customer) &&
          (!filter.price || s.priceId === filter.price) &&
          (filter.status === 'all' || (filter.status ? s.status === filter.status : s.status !== 'canceled')),
      )
      .reverse();
  }

  /**
   * The portal's plan change: to a dearer plan at once (the next renewal charges it), to a cheaper one at the
   * end of the period paid for, as Stripe's portal does with "downgrades at period end" (a subscription
   * schedule). Choosing the current plan again drops a scheduled downgrade.
   */
  async changePlan(id: string, priceId: string): Promise<SubscriptionRecord> {
    const subscription = await this.getSubscription(id);
    const next = this.prices.get(priceId);
    if (!next) throw ProviderError.missing('price', priceId, 'items[0][price]');
    const current = this.prices.get(subscription.priceId);
    if (priceId === subscription.priceId || !current || next.unitAmount >= current.unitAmount) {
      if (subscription.scheduledPriceId) {
        await this.store.exclusive(async () =>
          this.store.put('subscription', { ...(await this.getSubscription(id)), scheduledPriceId: null }),
        );
      }
      return priceId === subscription.priceId
        ? this.getSubscription(id)
        : this.updateSubscription(id, { priceId });
    }
    return this.store.exclusive(async () => {
      const scheduled = { ...(await this.getSubscription(id)), scheduledPriceId: priceId };
      await this.store.put('subscription', scheduled);
      return scheduled;
    });
  }

  async updateSubscription(
    id: string,
    input: {
      cancelAtPeriodEnd?: boolean;
      priceId?: string;
      defaultPaymentMethod?: string;
      metadata?: Record<string, string>;
    },
  ): Promise<SubscriptionRecord> {
    return this.change(async (events) => {
      const subscription = await this.getSubscription(id);
      if (subscription.status === 'canceled') {
        throw ProviderError.invalid(
          'A canceled subscription can only update its cancellation_details and metadata.',
          input.cancelAtPeriodEnd !== undefined ? 'cancel_at_period_end' : undefined,
        );
      }
      if (input.priceId !== undefined && !this.prices.has(input.priceId)) {
        throw ProviderError.missing('price', input.priceId, 'items[0][price]');
      }
      if (input.defaultPaymentMethod !== undefined) await this.getPaymentMethod(input.defaultPaymentMethod);
      const previous: StripeJson = {};
      const updated = { ...subscription };
      if (
        input.cancelAtPeriodEnd !== undefined &&
        input.cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd
      ) {
        previous.cancel_at_period_end = subscription.cancelAtPeriodEnd;
        previous.cancel_at = subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null;
        previous.canceled_at = subscription.canceledAt;
        updated.cancelAtPeriodEnd = input.cancelAtPeriodEnd;
        updated.canceledAt = input.cancelAtPeriodEnd ? await this.now() : null;
      }
      if (input.priceId !== undefined && input.priceId !== subscription.priceId) {
        // Plan changes apply at once without proration: the next renewal charges the new price.
        previous.items = renderSubscription(this.renderContext, subscription).items;
        updated.priceId = input.priceId;
      }
      if (input.defaultPaymentMethod !== undefined) {
        previous.default_payment_method = subscription.defaultPaymentMethod;
        updated.defaultPaymentMethod = input.defaultPaymentMethod;
      }
      if (input.metadata !== undefined) {
        previous.metadata = subscription.metadata;
        updated.metadata = { ...subscription.metadata, ...input.metadata };
      }
      await this.store.put('subscription', updated);
      if (Object.keys(previous).length > 0) {
        events.push({
          type: 'customer.subscription.updated',
          object: renderSubscription(this.renderContext, updated),
          previousAttributes: previous,
        });
      }
      return updated;
    });
  }

  /** Cancels at once (the API's DELETE); a subscription set to cancel at period end ends by the clock. */
  async cancelSubscription(id: string): Promise<SubscriptionRecord> {
    return this.change(async (events, now) => {
      const subscription = await this.getSubscription(id);
      if (subscription.status === 'canceled') {
        throw ProviderError.invalid(`This subscription has already been canceled: ${id}`);
      }
      const canceled = this.endSubscription(subscription, now);
      await this.store.put('subscription', canceled);
      events.push({
        type: 'customer.subscription.deleted',
        object: renderSubscription(this.renderContext, canceled),
      });
      return canceled;
    });
  }

  private endSubscription(subscription: SubscriptionRecord, at: number): SubscriptionRecord {
    return { ...subscription, status: 'canceled', endedAt: at, canceledAt: subscription.canceledAt ?? at };
  }

  // --- API: invoices and the portal -----------------------------------------------------------------

  async getInvoice(id: string): Promise<InvoiceRecord> {
    const invoice = await this.store.get('invoice', id);
    if (!invoice) throw ProviderError.missing('invoice', id);
    return invoice;
  }

  /** Newest first, as Stripe lists them. */
  async listInvoices(filter: { customer?: string; subscription?: string; status?: string }) {
    return (await this.store.list('invoice'))
      .filter(
        (i) =>
          (!filter.customer || i.customer === filter.customer) &&
          (!filter.subscription || i.subscription === filter.subscription) &&
          (!filter.status || i.status === filter.status),
      )
      .sort((a, b) => b.created - a.created || b.number.localeCompare(a.number));
  }

  async createPortalSession(input: { customer: string; returnUrl?: string | null }) {
    await this.getCustomer(input.customer);
    return this.change(async (_events, now) => {
      const session = {
        id: newId('bps'),
        created: now,
        customer: input.customer,
        returnUrl: input.returnUrl ?? null,
      };
      await this.store.put('portalSession', session);
      return session;
    });
  }

  async getPortalSession(id: string) {
    const session = await this.store.get('portalSession', id);
    if (!session) throw ProviderError.missing('billing_portal.session', id);
    return session;
  }

  /**
   * The portal's "update payment method": the new card becomes the default for the customer and its
   * subscriptions, and an unpaid renewal is retried with it at once.
   */
  async updateCustomerCard(
    customerId: string,
    cardNumber: string,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    return this.change(async (events, now) => {
      const customer = await this.getCustomer(customerId);
      const digits = cardNumber.replace(/[\s-]/g, '');
      const card = TEST_CARDS[digits];
      if (!card) {
        return {
          ok: false,
          message:
            /^\d{13,19}$/.test(digits) && luhnValid(digits)
              ? PAYMENT_MESSAGES.nonTestCard
              : PAYMENT_MESSAGES.incorrectNumber,
        };
      }
      // Saving a card checks it the way Stripe's SetupIntent does: a card that is always declined is refused.
      if (card.behaviour === 'declines') return { ok: false, message: PAYMENT_MESSAGES.declined };
      if (card.behaviour === 'insufficient_funds')
        return { ok: false, message: PAYMENT_MESSAGES.insufficientFunds };
      const method = await this.createPaymentMethod(digits, card, customer.id, now);
      await this.store.put('customer', { ...customer, defaultPaymentMethod: method.id });
      for (const subscription of await this.listSubscriptions({ customer: customer.id })) {
        const updated = { ...subscription, defaultPaymentMethod: method.id };
        await this.store.put('subscription', updated);
        events.push({
          type: 'customer.subscription.updated',
          object: renderSubscription(this.renderContext, updated),
          previousAttributes: { default_payment_method: subscription.defaultPaymentMethod },
        });
        if (updated.status === 'past_due' && updated.latestInvoice) {
          const invoice = await this.getInvoice(updated.latestInvoice);
          if (invoice.status === 'open') await this.attemptInvoice(invoice, updated, events, now);
        }
      }
      return { ok: true };
    });
  }

  // --- The clock ------------------------------------------------------------------------------------

  /** Moves the provider clock forward, running every renewal, retry, cancellation and expiry now due. */
  async advanceClock(seconds: number): Promise<number> {
    if (!(seconds >= 0)) throw ProviderError.invalid('The clock only moves forward.');
    const target = (await this.now()) + Math.floor(seconds);
    return this.advanceClockTo(target);
  }

  async advanceClockTo(target: number): Promise<number> {
    // One due item per step, each with its own events delivered before the next, as time passes in order.
    for (;;) {
      const stepped = await this.change(async (events, now) => {
        const due = await this.nextDue(target);
        if (!due) return false;
        const at = Math.max(now, due.at);
        await this.store.setClock(at);
        await due.run(events, at);
        return true;
      });
      if (!stepped) break;
    }
    await this.store.exclusive(async () => {
      if ((await this.now()) < target) await this.store.setClock(target);
    });
    return target;
  }

  private async nextDue(
    target: number,
  ): Promise<{ at: number; run: (events: Pending, at: number) => Promise<void> } | null> {
    const candidates: { at: number; run: (events: Pending, at: number) => Promise<void> }[] = [];
    for (const session of await this.store.list('checkoutSession')) {
      if (session.status === 'open' && session.expiresAt <= target) {
        candidates.push({
          at: session.expiresAt,
          run: async (events) => {
            const expired: CheckoutSessionRecord = {
              ...session,
              status: 'expired',
              pendingPaymentMethod: null,
            };
            await this.store.put('checkoutSession', expired);
            events.push({
              type: 'checkout.session.expired',
              object: renderCheckoutSession(this.renderContext, expired),
            });
          },
        });
      }
    }
    for (const subscription of await this.store.list('subscription')) {
      if (subscription.status !== 'active' && subscription.status !== 'past_due') continue;
      if (subscription.currentPeriodEnd <= target) {
        candidates.push({
          at: subscription.currentPeriodEnd,
          run: (events, at) => this.endPeriod(subscription, events, at),
        });
      }
    }
    for (const invoice of await this.store.list('invoice')) {
      if (
        invoice.status === 'open' &&
        invoice.nextPaymentAttempt !== null &&
        invoice.nextPaymentAttempt <= target
      ) {
        candidates.push({
          at: invoice.nextPaymentAttempt,
          run: async (events, at) => {
            const subscription = await this.getSubscription(invoice.subscription);
            if (subscription.status === 'canceled') {
              await this.store.put('invoice', { ...invoice, nextPaymentAttempt: null });
              return;
            }
            await this.attemptInvoice(invoice, subscription, events, at);
          },
        });
      }
    }
    candidates.sort((a, b) => a.at - b.at);
    return candidates[0] ?? null;
  }

  /** A subscription's paid period ends: it ends too (cancel at period end) or renews and charges the card. */
  private async endPeriod(subscription: SubscriptionRecord, events: Pending, at: number): Promise<void> {
    const context = this.renderContext;
    if (subscription.cancelAtPeriodEnd) {
      const ended = this.endSubscription(subscription, subscription.currentPeriodEnd);
      await this.store.put('subscription', ended);
      events.push({ type: 'customer.subscription.deleted', object: renderSubscription(context, ended) });
      return;
    }
    const customer = await this.getCustomer(subscription.customer);
    const periodEnd = subscription.currentPeriodEnd;
    const renewed: SubscriptionRecord = {
      ...subscription,
      // A downgrade scheduled in the portal takes effect now, at the end of the period paid for.
      priceId: subscription.scheduledPriceId ?? subscription.priceId,
      scheduledPriceId: null,
      currentPeriodStart: periodEnd,
      currentPeriodEnd: addMonths(subscription.billingCycleAnchor, periodEnd, 1),
    };
    const invoice = this.newInvoice(customer, renewed, 'subscription_cycle', at);
    renewed.latestInvoice = invoice.id;
    await this.store.put('customer', { ...customer, nextInvoiceSequence: customer.nextInvoiceSequence + 1 });
    await this.store.put('subscription', renewed);
    events.push({
      type: 'customer.subscription.updated',
      object: renderSubscription(context, renewed),
      previousAttributes: {
        items: renderSubscription(context, subscription).items,
        latest_invoice: subscription.latestInvoice,
      },
    });
    await this.attemptInvoice(invoice, renewed, events, at);
  }

  /** Charges an open invoice with the subscription's card: paid, or failed with a retry or the end. */
  private async attemptInvoice(
    invoice: InvoiceRecord,
    subscription: SubscriptionRecord,
    events: Pending,
    at: number,
  ): Promise<void> {
    const context = this.renderContext;
    const methodId = subscription.defaultPaymentMethod;
    const method = methodId ? await this.store.get('paymentMethod', methodId) : undefined;
    // A saved card that needed confirmation on-session renews off-session without it (Stripe's 3155 card).
    const succeeds = method?.behaviour === 'succeeds' || method?.behaviour === 'requires_action';
    const attempts = invoice.attemptCount + 1;
    if (succeeds) {
      const paid: InvoiceRecord = {
        ...invoice,
        status: 'paid',
        amountPaid: invoice.amountDue,
        attemptCount: attempts,
        nextPaymentAttempt: null,
        paidAt: at,
        paymentMethod: method.id,
        lastPaymentError: null,
      };
      await this.store.put('invoice', paid);
      events.push({ type: 'invoice.paid', object: renderInvoice(context, paid) });
      if (subscription.status !== 'active') {
        const active = { ...subscription, status: 'active' as const };
        await this.store.put('subscription', active);
        events.push({
          type: 'customer.subscription.updated',
          object: renderSubscription(context, active),
          previousAttributes: { status: subscription.status },
        });
      }
      return;
    }
    const lastAttempt = attempts >= MAX_PAYMENT_ATTEMPTS;
    const failed: InvoiceRecord = {
      ...invoice,
      attemptCount: attempts,
      nextPaymentAttempt: lastAttempt ? null : at + RETRY_INTERVAL_SECONDS,
      paymentMethod: method?.id ?? null,
      lastPaymentError:
        method?.behaviour === 'insufficient_funds'
          ? PAYMENT_MESSAGES.insufficientFunds
          : PAYMENT_MESSAGES.declined,
    };
    await this.store.put('invoice', failed);
    events.push({ type: 'invoice.payment_failed', object: renderInvoice(context, failed) });
    if (lastAttempt) {
      const ended = this.endSubscription(subscription, at);
      await this.store.put('subscription', ended);
      events.push({ type: 'customer.subscription.deleted', object: renderSubscription(context, ended) });
    } else if (subscription.status !== 'past_due') {
      const pastDue = { ...subscription, status: 'past_due' as const };
      await this.store.put('subscription', pastDue);
      events.push({
        type: 'customer.subscription.updated',
        object: renderSubscription(context, pastDue),
        previousAttributes: { status: subscription.status },
      });
    }
  }
}

function closedSessionOutcome(session: CheckoutSessionRecord): PaymentOutcome | null {
  if (session.status === 'complete') {
    return { kind: 'already_paid', redirectUrl: successRedirect(session), session };
  }
  if (session.status === 'expired') {
    return { kind: 'failed', message: 'This checkout session has expired.', session };
  }
  return null;
}

/** Stripe replaces the `{CHECKOUT_SESSION_ID}` template in the success URL with the session's id. */
function successRedirect(session: CheckoutSessionRecord): string {
  return session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

/** `prefix_` and 24 random base-62 characters, like Stripe's ids. */
export function newId(prefix: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % 62];
  return `${prefix}_${id}`;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The end of the period that starts at `from`, `months` calendar months on, keeping the billing anchor's
 * day of month (clamped to short months: an anchor on the 31st renews on 30 April, then 31 May), as
 * Stripe's monthly billing does.
 */
export function addMonths(anchor: number, from: number, months: number): number {
  const a = new Date(anchor * 1000);
  const f = new Date(from * 1000);
  const year = f.getUTCFullYear();
  const month = f.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(a.getUTCDate(), lastDay);
  return Math.floor(Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds()) / 1000);
}
