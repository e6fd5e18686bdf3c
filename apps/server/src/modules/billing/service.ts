/**
 * Billing in the database (ADR 20): the organisation's provider customer and card, the subscription state
 * that stands for it, its invoices, and the webhook's dedupe set. `applySubscriptionState` is the database
 * `apply` of the webhook core (webhook.ts): it merges an observed subscription state with the stored one
 * (`mergeSubscriptionStates`) under a lock on the organisation's `subscriptions` row, and writes the plan
 * (tier, expiry, limits), the billing history and the admins' notification in that one transaction.
 */
import {
  type Billing,
  type BillingInvoice,
  type BillingStatus,
  INVOICE_STATUSES,
  PLANS,
  type Tier,
} from '@hosewright/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingSubscriptions,
  memberships,
  subscriptions,
} from '../../db/schema.ts';
import { NOTIFICATION_FAILURE, NOTIFICATION_SUCCESS, notify } from '../notifications/service.ts';
import type { BillingHistory } from './checkout.ts';
import { isPaidTier } from './plan-prices.ts';
import {
  type BillingNotice,
  type DesiredSubscriptionState,
  mergeSubscriptionStates,
  type SeenEvents,
} from './webhook.ts';

/** Where the admins' billing notifications lead in the web app. */
export const BILLING_PAGE = 'organization/billing';

const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

/** The provider customer of an organisation, when it has one. */
export async function storedCustomer(tx: Tx, organizationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.organizationId, organizationId));
  return row?.customerId ?? null;
}

/** Records the organisation's provider customer (a new one replaces one the provider no longer knows). */
export async function saveCustomer(tx: Tx, organizationId: string, customerId: string): Promise<void> {
  await tx
    .insert(billingCustomers)
    .values({ organizationId, customerId })
    .onConflictDoUpdate({
      target: billingCustomers.organizationId,
      set: { customerId, updatedAt: new Date() },
      where: sql`${billingCustomers.customerId} <> excluded.customer_id`,
    });
}

/**
 * The webhook's dedupe set. It spans organisations (an event may name none), so it runs as the owner
 * (`withSystem`, ADR 1).
 */
export function databaseSeenEvents(database: Database): SeenEvents {
  return {
    async has(eventId) {
      const rows = await database.withSystem((tx) =>
        tx
          .select({ id: billingEvents.eventId })
          .from(billingEvents)
          .where(eq(billingEvents.eventId, eventId)),
      );
      return rows.length > 0;
    },
    async add(eventId) {
      await database.withSystem((tx) =>
        tx.insert(billingEvents).values({ eventId, type: 'handled' }).onConflictDoNothing(),
      );
    },
  };
}

/** The organisation a provider customer belongs to (a subscription made outside our checkout). */
export async function organizationOfCustomer(database: Database, customerId: string): Promise<string | null> {
  // Across organisations by definition: the customer id is all the event says.
  const [row] = await database.withSystem((tx) =>
    tx
      .select({ organizationId: billingCustomers.organizationId })
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, customerId)),
  );
  return row?.organizationId ?? null;
}

type StoredRow = typeof billingSubscriptions.$inferSelect;

function stateOf(row: StoredRow): DesiredSubscriptionState | null {
  if (!isPaidTier(row.tier)) return null;
  const plan = PLANS[row.tier];
  return {
    organizationId: row.organizationId,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    subscriptionCreated: Math.floor(row.subscriptionCreatedAt.getTime() / 1000),
    status: row.status as DesiredSubscriptionState['status'],
    isLive: row.isLive,
    tier: row.tier,
    limits: {
      maxCustomers: plan.maxCustomers,
      maxHoseAssemblies: plan.maxHoseAssemblies,
      maxHoseKits: plan.maxHoseKits,
    },
    priceId: row.priceId,
    expiresAt: row.expiresAt,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceEndsAt: row.graceEndsAt,
    observedAt: row.observedAt.getTime(),
  };
}

/**
 * The organisation's plan for a subscription state. A paid, cancelling or past-due subscription keeps its
 * tier until `expiresAt` (the end of the paid period, or the grace end). An ended one puts the shop back on
 * an expired trial (ADR 20): it ended no later than now, whatever clock the provider keeps.
 */
export function planOf(state: DesiredSubscriptionState, now: number): { tier: Tier; expiresAt: Date } {
  if (ENDED_STATUSES.includes(state.status)) {
    return { tier: 'trial', expiresAt: new Date(Math.min(state.expiresAt.getTime(), now)) };
  }
  return { tier: state.tier, expiresAt: state.expiresAt };
}

export interface ApplyOptions {
  /** The webhook event being handled: a second delivery of it changes nothing. */
  eventId?: string;
  eventType?: string;
  notice: BillingNotice | null;
  /** The provider's billing history (invoices, card) read just before, stored in the same transaction. */
  history: BillingHistory | null;
  now?: number;
}

/**
 * Applies one observed subscription state to its organisation in one transaction: merged with the stored
 * one, so an older observation never overwrites a newer one; then the plan, the history and, for news
 * about the subscription that stands, a notification to every admin. Answers false for an event already
 * handled.
 */
export async function applySubscriptionState(
  database: Database,
  state: DesiredSubscriptionState,
  options: ApplyOptions,
): Promise<boolean> {
  const organizationId = state.organizationId;
  const now = options.now ?? Date.now();
  return database.withTenant(organizationId, async (tx) => {
    if (options.eventId) {
      const claimed = await tx
        .insert(billingEvents)
        .values({ eventId: options.eventId, type: options.eventType ?? 'unknown' })
        .onConflictDoNothing()
        .returning({ id: billingEvents.eventId });
      if (claimed.length === 0) return false;
    }
    // The organisation's plan row is the lock: two states for one organisation merge one after the other.
    const [current] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, organizationId))
      .for('update');
    if (!current) return false;
    const [storedRow] = await tx
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.organizationId, organizationId));
    const stored = storedRow ? stateOf(storedRow) : null;
    const merged = mergeSubscriptionStates(stored, state);
    if (merged === state) {
      const values = {
        subscriptionId: state.subscriptionId,
        customerId: state.customerId,
        status: state.status,
        tier: state.tier,
        priceId: state.priceId,
        subscriptionCreatedAt: new Date(state.subscriptionCreated * 1000),
        isLive: state.isLive,
        expiresAt: state.expiresAt,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        graceEndsAt: state.graceEndsAt,
        observedAt: new Date(state.observedAt),
        updatedAt: new Date(now),
      };
      await tx
        .insert(billingSubscriptions)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: billingSubscriptions.organizationId, set: values });
      const plan = planOf(state, now);
      const limits = PLANS[plan.tier];
      await tx
        .update(subscriptions)
        .set({
          tier: plan.tier,
          expiresAt: plan.expiresAt,
          maxCustomers: limits.maxCustomers,
          maxHoseAssemblies: limits.maxHoseAssemblies,
          maxHoseKits: limits.maxHoseKits,
          updatedAt: new Date(now),
        })
        .where(eq(subscriptions.id, current.id));
    }
    if (options.history) await saveHistory(tx, organizationId, state.customerId, options.history);
    if (options.notice && merged.subscriptionId === state.subscriptionId) {
      await notifyAdmins(tx, organizationId, options.notice);
    }
    return true;
  });
}

async function saveHistory(
  tx: Tx,
  organizationId: string,
  customerId: string,
  history: BillingHistory,
): Promise<void> {
  await saveCustomer(tx, organizationId, customerId);
  if (history.card) {
    await tx
      .update(billingCustomers)
      .set({ cardBrand: history.card.brand, cardLast4: history.card.last4, updatedAt: new Date() })
      .where(eq(billingCustomers.organizationId, organizationId));
  }
  for (const invoice of history.invoices) {
    const status = (INVOICE_STATUSES as readonly string[]).includes(invoice.status) ? invoice.status : null;
    // A draft is not a bill yet, and an invoice for a price that is not ours is not a plan's.
    if (!invoice.id || !invoice.tier || !status) continue;
    const values = {
      number: invoice.number ?? invoice.id,
      issuedAt: invoice.date,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      tier: invoice.tier,
      amountCents: invoice.amountCents,
      currency: invoice.currency.toUpperCase(),
      status,
      providerPdfUrl: invoice.pdfUrl,
      updatedAt: new Date(),
    };
    await tx
      .insert(billingInvoices)
      .values({ organizationId, providerInvoiceId: invoice.id, ...values })
      .onConflictDoUpdate({ target: billingInvoices.providerInvoiceId, set: values });
  }
}

async function notifyAdmins(tx: Tx, organizationId: string, notice: BillingNotice): Promise<void> {
  const admins = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')));
  const failed = notice.kind === 'payment_failed' || notice.kind === 'ended';
  for (const { userId } of admins) {
    await notify(tx, {
      organizationId,
      userId,
      status: failed ? NOTIFICATION_FAILURE : NOTIFICATION_SUCCESS,
      description: notice.message,
      url: BILLING_PAGE,
    });
  }
}

type InvoiceRow = typeof billingInvoices.$inferSelect;

export function toInvoice(row: InvoiceRow): BillingInvoice {
  return {
    _id: row.id,
    number: row.number,
    date: row.issuedAt.toISOString(),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    tier: row.tier as Tier,
    amount: row.amountCents,
    currency: row.currency,
    status: row.status as BillingInvoice['status'],
  };
}

/** What the billing page shows, from the stored plan, subscription state, card and invoices. */
export async function readBilling(
  tx: Tx,
  organizationId: string,
  options: { testMode: boolean; now?: number },
): Promise<Billing> {
  const now = options.now ?? Date.now();
  const [plan] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId));
  const [state] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.organizationId, organizationId));
  const [customer] = await tx
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.organizationId, organizationId));
  const invoices = await tx
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.organizationId, organizationId))
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.number));
  const tier = (plan?.tier ?? 'trial') as Tier;
  const expires = plan?.expiresAt ?? new Date(now);
  const ended = !state || ENDED_STATUSES.includes(state.status);
  const paid = state && !ended ? state : null;
  return {
    tier,
    status: statusOf(tier, expires, paid, now),
    expires: expires.toISOString(),
    currentPeriodEnd: paid ? paid.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: paid?.cancelAtPeriodEnd ?? false,
    graceEndsAt: paid?.graceEndsAt ? paid.graceEndsAt.toISOString() : null,
    card:
      customer?.cardBrand && customer.cardLast4
        ? { brand: customer.cardBrand, last4: customer.cardLast4 }
        : null,
    testMode: options.testMode,
    invoices: invoices.map(toInvoice),
  };
}

function statusOf(tier: Tier, expires: Date, paid: StoredRow | null, now: number): BillingStatus {
  if (expires.getTime() <= now) return 'expired';
  if (!paid) return tier === 'trial' ? 'trial' : 'active';
  if (paid.status === 'past_due' || paid.status === 'unpaid') return 'pastDue';
  if (paid.cancelAtPeriodEnd) return 'cancelling';
  return 'active';
}

/** One of the organisation's invoices (row-level security hides the others), or null. */
export async function findInvoice(
  tx: Tx,
  organizationId: string,
  invoiceId: string,
): Promise<InvoiceRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(invoiceId)) return null;
  const [row] = await tx
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.id, invoiceId), eq(billingInvoices.organizationId, organizationId)));
  return row ?? null;
}
