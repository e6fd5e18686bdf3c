/**
 * The organisation side of the webhook in memory: the seen-set and each organisation's standing plan
 * state, merged with `mergeSubscriptionStates`. Tests use it as the webhook's `apply`; the database
 * version does the same per organisation under a row lock in one transaction.
 */
import type Stripe from 'stripe';
import {
  type BillingNotice,
  type DesiredSubscriptionState,
  mergeSubscriptionStates,
  type SeenEvents,
  type WebhookDeps,
} from './webhook.ts';

export interface MemoryBillingLedger {
  seen: SeenEvents & { ids: Set<string> };
  apply: WebhookDeps['apply'];
  states: Map<string, DesiredSubscriptionState>;
  notices: { organizationId: string; eventId: string; notice: BillingNotice }[];
}

export function createMemoryBillingLedger(): MemoryBillingLedger {
  const ids = new Set<string>();
  const states = new Map<string, DesiredSubscriptionState>();
  const notices: MemoryBillingLedger['notices'] = [];
  return {
    seen: {
      ids,
      async has(id) {
        return ids.has(id);
      },
      async add(id) {
        ids.add(id);
      },
    },
    states,
    notices,
    async apply(state: DesiredSubscriptionState, event: Stripe.Event, notice: BillingNotice | null) {
      const merged = mergeSubscriptionStates(states.get(state.organizationId) ?? null, state);
      states.set(state.organizationId, merged);
      // Only news about the subscription that stands reaches the admins (not an old one's late events).
      if (notice && merged.subscriptionId === state.subscriptionId) {
        notices.push({ organizationId: state.organizationId, eventId: event.id, notice });
      }
    },
  };
}
