/**
 * The test-mode payment provider's state, behind a small interface so it can live in memory (tests, a dev
 * server) or in the database (a durable dev install). Records are the provider's own; the HTTP layer renders
 * them in Stripe's API shapes (`test-provider-objects.ts`).
 */

export type CardBehaviour =
  /** Charges succeed. */
  | 'succeeds'
  /** Every charge is declined. */
  | 'declines'
  /** Declined for insufficient funds. */
  | 'insufficient_funds'
  /** The first, on-session payment asks for an extra confirmation step; saved-card renewals then succeed. */
  | 'requires_action'
  /** Attaching works, every charge fails: the card to make a renewal fail. */
  | 'attach_then_fail';

export interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  /** Invoice numbers are `${invoicePrefix}-${sequence}` as Stripe numbers them. */
  invoicePrefix: string;
  nextInvoiceSequence: number;
  defaultPaymentMethod: string | null;
}

export interface PaymentMethodRecord {
  id: string;
  created: number;
  customer: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

export interface CheckoutSessionRecord {
  id: string;
  created: number;
  expiresAt: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  priceId: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  subscription: string | null;
  invoice: string | null;
  /** A card waiting for its extra confirmation step. */
  pendingPaymentMethod: string | null;
  /** The last payment error shown on the checkout page. */
  lastError: string | null;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete';

export interface SubscriptionRecord {
  id: string;
  created: number;
  customer: string;
  itemId: string;
  priceId: string;
  quantity: number;
  status: SubscriptionStatus;
  billingCycleAnchor: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string | null;
  defaultPaymentMethod: string | null;
  /** A downgrade chosen in the portal: the price the next period renews at (Stripe's subscription schedule). */
  scheduledPriceId?: string | null;
}

export interface InvoiceRecord {
  id: string;
  created: number;
  number: string;
  customer: string;
  subscription: string;
  subscriptionMetadata: Record<string, string>;
  priceId: string;
  quantity: number;
  currency: string;
  amountDue: number;
  amountPaid: number;
  periodStart: number;
  periodEnd: number;
  status: 'open' | 'paid';
  billingReason: 'subscription_create' | 'subscription_cycle';
  attemptCount: number;
  nextPaymentAttempt: number | null;
  paidAt: number | null;
  paymentMethod: string | null;
  /** The message of the last failed charge. */
  lastPaymentError: string | null;
}

export interface PortalSessionRecord {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
}

export interface EventRecord {
  id: string;
  created: number;
  type: string;
  /** The JSON body exactly as it is (and was) delivered and signed. */
  payload: string;
  deliveredAt: number | null;
  attempts: number;
  lastError: string | null;
}

/** A replayable API answer for one idempotency key. */
export interface IdempotentAnswer {
  requestFingerprint: string;
  statusCode: number;
  body: string;
}

export interface RecordKinds {
  customer: CustomerRecord;
  paymentMethod: PaymentMethodRecord;
  checkoutSession: CheckoutSessionRecord;
  subscription: SubscriptionRecord;
  invoice: InvoiceRecord;
  portalSession: PortalSessionRecord;
  event: EventRecord;
}
export type RecordKind = keyof RecordKinds;

export interface TestProviderStore {
  get<K extends RecordKind>(kind: K, id: string): Promise<RecordKinds[K] | undefined>;
  /** Inserts or replaces by id. */
  put<K extends RecordKind>(kind: K, record: RecordKinds[K]): Promise<void>;
  /** Every record of a kind in the order first put. */
  list<K extends RecordKind>(kind: K): Promise<RecordKinds[K][]>;
  /** The provider clock (Unix seconds), or undefined before it was first set. */
  getClock(): Promise<number | undefined>;
  setClock(seconds: number): Promise<void>;
  getIdempotentAnswer(key: string): Promise<IdempotentAnswer | undefined>;
  putIdempotentAnswer(key: string, answer: IdempotentAnswer): Promise<void>;
  /**
   * Runs `fn` with no other `exclusive` call of the same store running: every state change of the provider
   * happens inside one, so two payments of one checkout session cannot both charge.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** The in-memory store: one process, lost on restart. */
export function createMemoryTestProviderStore(): TestProviderStore {
  const tables = new Map<RecordKind, Map<string, unknown>>();
  const idempotent = new Map<string, IdempotentAnswer>();
  let clock: number | undefined;
  let tail: Promise<unknown> = Promise.resolve();

  const table = (kind: RecordKind) => {
    let rows = tables.get(kind);
    if (!rows) {
      rows = new Map();
      tables.set(kind, rows);
    }
    return rows;
  };
  // Records are copied in and out so a caller's later mutation never changes stored state behind the
  // store's back (a database-backed store behaves the same way).
  const copy = <T>(value: T): T => structuredClone(value);

  return {
    async get(kind, id) {
      const row = table(kind).get(id);
      return row === undefined ? undefined : copy(row as RecordKinds[typeof kind]);
    },
    async put(kind, record) {
      table(kind).set(record.id, copy(record));
    },
    async list(kind) {
      return [...table(kind).values()].map((row) => copy(row as RecordKinds[typeof kind]));
    },
    async getClock() {
      return clock;
    },
    async setClock(seconds) {
      clock = seconds;
    },
    async getIdempotentAnswer(key) {
      const answer = idempotent.get(key);
      return answer && { ...answer };
    },
    async putIdempotentAnswer(key, answer) {
      idempotent.set(key, { ...answer });
    },
    exclusive<T>(fn: () => Promise<T>): Promise<T> {
      const run = tail.then(fn, fn);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
