/**
 * Cross-tenant fixtures of the billing module (see fixtures.ts): an open checkout, and a paid invoice of
 * `owner`'s stored as the webhook stores the provider's (paying through the provider would change the
 * owner's plan, which the suites set themselves).
 */
import { PLANS } from '@hosewright/domain';
import { billingInvoices } from '../src/db/schema.ts';
import type { Fixture } from './fixtures.ts';
import { bearer } from './helpers.ts';

let counter = 0;

export const BILLING_FIXTURES: Record<string, Fixture> = {
  /** An open checkout of `owner`'s at the test-mode provider (starting one changes no plan). */
  checkoutSessionId: async (t, owner) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout',
      headers: bearer(owner.adminToken),
      payload: { tier: 'professional' },
    });
    if (res.statusCode !== 200) throw new Error(`fixture billing/checkout: ${res.statusCode} ${res.body}`);
    return new URL(res.json<{ url: string }>().url).pathname.split('/').pop() ?? '';
  },
  invoiceId: async (t, owner) => {
    counter += 1;
    const start = new Date();
    const end = new Date(start.getTime() + 30 * 86_400_000);
    const [row] = await t.database.withTenant(owner.organizationId, (tx) =>
      tx
        .insert(billingInvoices)
        .values({
          organizationId: owner.organizationId,
          providerInvoiceId: `in_fixture_${Date.now().toString(36)}_${counter}`,
          number: `FIX-${counter}`,
          issuedAt: start,
          periodStart: start,
          periodEnd: end,
          tier: 'professional',
          amountCents: PLANS.professional.priceCentsPerMonth,
          currency: 'USD',
          status: 'paid',
        })
        .returning({ id: billingInvoices.id }),
    );
    return row!.id;
  },
};
