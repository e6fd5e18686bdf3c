/**
 * The core of the Stripe webhook endpoint, shared by Stripe and the local test-mode provider:
 * 1. verify the signature over the raw body with the SDK's own `constructEvent` (300 s tolerance); a bad
 *    signature is a 400 that changes nothing;
 * 2. skip an event id already handled (an injected seen-set);
 * 3. read the subscription the event is about in its CURRENT state (through the SDK, or the event's own
 *    copy when that one is provably newer) and turn it into the organisation's desired plan state, so a
 *    replayed, duplicated or reordered stream ends in the same state;
 * 4. hand that state to an injected `apply`, which writes tier, expiry and limits in one transaction,
 *    merging with `mergeSubscriptionStates` so an older observation never overwrites a newer one.
 */
import { AppErrorCode, PLANS, type PlanLimits, type Tier } from '@hosewright/domain';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { type PaidTier, type PlanPrices, tierForPrice } from './plan-prices.ts';

/** How old a signature's timestamp may be, in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Days a shop keeps its plan after a failed renewal before the plan expires. */
export const PAYMENT_GRACE_DAYS = 7;

/** The events the endpoint acts on; enable exactly these on the Stripe webhook. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

/** A webhook whose signature does not verify: answered 400, nothing changes. */
export class WebhookSignatureError extends AppError {
  constructor(reason: string) {
    super(AppErrorCode.BadRequest, 'The webhook signature is not valid', { reason });
  }
}

/**
 * Verifies `Stripe-Signature` over the exact bytes received and parses the event. Throws
 * `WebhookSignatureError` for a missing, malformed, wrong or too old signature.
 */
export function verifyWebhookEvent(options: {
  stripe: Stripe;
  rawBody: string | Buffer;
  signature: string | string[] | undefined;
  secret: string;
  /** Seconds; defaults to now (tests use it to check the tolerance). */
  receivedAt?: number;
}): Stripe.Event {
  const { stripe, rawBody, signature, secret } = options;
  if (typeof signature !== 'string' || signature === '') {
    throw new WebhookSignatureError('The Stripe-Signature header is missing');
  }
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      options.receivedAt,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(error.message);
    }
    // constructEvent also throws for a body that is not JSON after a good signature: still a bad request.
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
}

/** What the organisation's plan should be, derived from one subscription's state. */
export interface DesiredSubscriptionState {
  organizationId: string;
  customerId: string;
  subscriptionId: string;
  /** When the subscription was created (Unix seconds): between two live subscriptions the newer wins. */
  subscriptionCreated: number;
  status: Stripe.Subscription.Status;
  /** True while the plan is paid up or in its grace period. */
  isLive: boolean;
  tier: PaidTier;
  limits: PlanLimits;
  priceId: string;
  /** When the plan stops applying: the end of the paid period, the grace end, or when it ended. */
  expiresAt: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Set while a renewal is unpaid: the banner's date, after which the plan expires. */
  graceEndsAt: Date | null;
  /** When this state was read from the provider (ms); `apply` keeps the newest per subscription. */
  observedAt: number;
}

/** Something the organisation's admins should be told about an event (sent once per event id). */
export interface BillingNotice {
  kind:
    | 'upgraded'
    | 'renewed'
    | 'payment_failed'
    | 'cancellation_scheduled'
    | 'cancellation_withdrawn'
    | 'ended';
  message: string;
}

export type WebhookOutcome =
  | { kind: 'duplicate'; eventId: string }
  | { kind: 'ignored'; eventId: string; reason: string }
  | { kind: 'applied'; eventId: string; state: DesiredSubscriptionState; notice: BillingNotice | null };

/** The event ids already handled. A database one inserts into a table keyed by event id. */
export interface SeenEvents {
  has(eventId: string): Promise<boolean>;
  add(eventId: string): Promise<void>;
}

export interface WebhookDeps {
  stripe: Stripe;
  prices: PlanPrices;
  seen: SeenEvents;
  /**
   * Writes the state (tier, expiry, limits) in one transaction, after merging it with the stored one by
   * `mergeSubscriptionStates`; it runs before the event id is marked seen, so a failure is retried.
   */
  apply(state: DesiredSubscriptionState, event: Stripe.Event, notice: BillingNotice | null): Promise<void>;
  /** The organisation of a subscription without our metadata (one made outside our checkout). */
  findOrganizationByCustomer?(customerId: string): Promise<string | null>;
  /** Wall-clock ms; injectable for tests. */
  now?: () => number;
}

/** Verifies and handles one webhook request: the whole endpoint but the HTTP reply. */
export async function handleWebhookRequest(
  deps: WebhookDeps,
  request: { rawBody: string | Buffer; signature: string | string[] | undefined; secret: string },
): Promise<WebhookOutcome> {
  const event = verifyWebhookEvent({ stripe: deps.stripe, ...request });
  return handleWebhookEvent(deps, event);
}

/** Handles a verified event: dedupe, read the current subscription, apply, then mark the event seen. */
export async function handleWebhookEvent(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  if (await deps.seen.has(event.id)) return { kind: 'duplicate', eventId: event.id };
  const outcome = await resolveEvent(deps, event);
  if (outcome.kind === 'applied') await deps.apply(outcome.state, event, outcome.notice);
  await deps.seen.add(event.id);
  return outcome;
}

async function resolveEvent(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const eventId = event.id;
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) {
    return { kind: 'ignored', eventId, reason: `${event.type} is not handled` };
  }
  const reference = subscriptionReference(event);
  if (!reference) return { kind: 'ignored', eventId, reason: 'the event is not about a subscription' };
  const now = deps.now ?? Date.now;
  const subscription = await currentSubscription(deps.stripe, reference.id, reference.embedded);
  const organizationId =
    subscription.metadata?.organizationId ??
    (await deps.findOrganizationByCustomer?.(idOf(subscription.customer))) ??
    null;
  if (!organizationId) return { kind: 'ignored', eventId, reason: 'the subscription names no organisation' };
  const state = subscriptionState(subscription, organizationId, deps.prices, now());
  if (!state) {
    return {
      kind: 'ignored',
      eventId,
      reason: `subscription ${subscription.id} is ${subscription.status} or bills another price`,
    };
  }
  return { kind: 'applied', eventId, state, notice: noticeFor(event, state) };
}

/** The subscription an event is about, and the event's own copy of it when it carries one. */
function subscriptionReference(
  event: Stripe.Event,
): { id: string; embedded: Stripe.Subscription | null } | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { id: event.data.object.id, embedded: event.data.object };
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      return typeof session.subscription === 'string'
        ? { id: session.subscription, embedded: null }
        : { id: session.subscription.id, embedded: session.subscription };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      if (!subscription) return null;
      return typeof subscription === 'string'
        ? { id: subscription, embedded: null }
        : { id: subscription.id, embedded: subscription };
    }
    default:
      return null;
  }
}

/**
 * The subscription as it is now. The provider's answer is current by definition; the event's copy is used
 * instead only when it is provably newer (the answer came from a lagging replica): an ended subscription
 * never comes back, and a period never moves backwards. A subscription the provider no longer knows falls
 * back to the event's copy.
 */
async function currentSubscription(
  stripe: Stripe,
  id: string,
  embedded: Stripe.Subscription | null,
): Promise<Stripe.Subscription> {
  let retrieved: Stripe.Subscription;
  try {
    retrieved = await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (
      embedded &&
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'resource_missing'
    ) {
      return embedded;
    }
    throw error;
  }
  return embedded && isNewer(embedded, retrieved) ? embedded : retrieved;
}

function isNewer(candidate: Stripe.Subscription, than: Stripe.Subscription): boolean {
  const ended = (s: Stripe.Subscription) => s.status === 'canceled' || s.status === 'incomplete_expired';
  if (ended(candidate) !== ended(than)) return ended(candidate);
  return periodEnd(candidate) > periodEnd(than);
}

function periodEnd(subscription: Stripe.Subscription): number {
  return Math.max(0, ...subscription.items.data.map((item) => item.current_period_end));
}

function periodStart(subscription: Stripe.Subscription): number {
  return Math.max(0, ...subscription.items.data.map((item) => item.current_period_start));
}

function idOf(value: string | { id: string } | null | undefined): string {
  return typeof value === 'string' ? value : (value?.id ?? '');
}

/**
 * The desired plan state for one subscription, or null when it grants nothing (not paid yet, paused, or a
 * price that is not one of ours). Pure: the same subscription always gives the same state.
 */
export function subscriptionState(
  subscription: Stripe.Subscription,
  organizationId: string,
  prices: PlanPrices,
  observedAt: number,
): DesiredSubscriptionState | null {
  const item = subscription.items.data[0];
  const tier = tierForPrice(prices, item?.price.id);
  if (!item || !tier) return null;
  const end = periodEnd(subscription);
  const base = {
    organizationId,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    subscriptionCreated: subscription.created,
    status: subscription.status,
    tier,
    limits: limitsOf(tier),
    priceId: item.price.id,
    currentPeriodEnd: new Date(end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    observedAt,
  };
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return { ...base, isLive: true, expiresAt: new Date(end * 1000), graceEndsAt: null };
    case 'past_due':
    case 'unpaid': {
      // The renewal at the start of the current period failed: the plan holds for the grace period.
      const graceEndsAt = new Date((periodStart(subscription) + PAYMENT_GRACE_DAYS * 86_400) * 1000);
      return { ...base, isLive: subscription.status === 'past_due', expiresAt: graceEndsAt, graceEndsAt };
    }
    case 'canceled':
    case 'incomplete_expired': {
      const endedAt = subscription.ended_at ?? subscription.canceled_at ?? end;
      return { ...base, isLive: false, expiresAt: new Date(endedAt * 1000), graceEndsAt: null };
    }
    default:
      // incomplete (first payment not made) and paused grant nothing.
      return null;
  }
}

function limitsOf(tier: Tier): PlanLimits {
  const plan = PLANS[tier];
  return {
    maxCustomers: plan.maxCustomers,
    maxHoseAssemblies: plan.maxHoseAssemblies,
    maxHoseKits: plan.maxHoseKits,
  };
}

/**
 * Which of two states for one organisation stands. Same subscription: the later observation. Different
 * subscriptions (a shop that cancelled and subscribed again): a live one over an ended one, then the
 * newer subscription. The order the two arrive in never matters.
 */
export function mergeSubscriptionStates(
  stored: DesiredSubscriptionState | null,
  incoming: DesiredSubscriptionState,
): DesiredSubscriptionState {
  if (!stored) return incoming;
  if (stored.subscriptionId === incoming.subscriptionId) {
    return incoming.observedAt >= stored.observedAt ? incoming : stored;
  }
  if (stored.isLive !== incoming.isLive) return incoming.isLive ? incoming : stored;
  if (stored.subscriptionCreated !== incoming.subscriptionCreated) {
    return incoming.subscriptionCreated > stored.subscriptionCreated ? incoming : stored;
  }
  return incoming.subscriptionId > stored.subscriptionId ? incoming : stored;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** What to tell the admins about this event, read from the event and the current state. */
function noticeFor(event: Stripe.Event, state: DesiredSubscriptionState): BillingNotice | null {
  const plan = PLANS[state.tier].label;
  switch (event.type) {
    case 'checkout.session.completed':
      return { kind: 'upgraded', message: `Your shop is now on the ${plan} plan.` };
    case 'invoice.paid':
      return event.data.object.billing_reason === 'subscription_cycle'
        ? {
            kind: 'renewed',
            message: `Your ${plan} plan renewed; it runs until ${dayOf(state.currentPeriodEnd)}.`,
          }
        : null;
    case 'invoice.payment_failed':
      return {
        kind: 'payment_failed',
        message: `The payment for your ${plan} plan failed. Update your card by ${dayOf(
          state.graceEndsAt ?? state.expiresAt,
        )} to keep the plan.`,
      };
    case 'customer.subscription.updated': {
      const previous = event.data.previous_attributes;
      if (
        previous &&
        'cancel_at_period_end' in previous &&
        previous.cancel_at_period_end !== state.cancelAtPeriodEnd
      ) {
        return state.cancelAtPeriodEnd
          ? {
              kind: 'cancellation_scheduled',
              message: `Your ${plan} plan will end on ${dayOf(state.currentPeriodEnd)}.`,
            }
          : { kind: 'cancellation_withdrawn', message: `Your ${plan} plan will renew as usual.` };
      }
      return null;
    }
    case 'customer.subscription.deleted':
      return { kind: 'ended', message: `Your ${plan} plan has ended.` };
    default:
      return null;
  }
}
