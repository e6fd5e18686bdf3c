/**
 * Contract example fixtures of sales estimates (see fixtures.ts), made through the HTTP API as a shop would:
 * a draft for the example's customer with a priced assembly line and a labour line, the organisation having
 * a default warehouse so accepting it makes its work order. Sending is the documents' (it emails a PDF): a
 * sent estimate is marked sent in the database.
 */
import type { Estimate } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { salesEstimates, warehouses } from '../src/db/schema.ts';
import type { Fixture } from './fixtures.ts';
import { hoseAssemblyFixture } from './fixtures-assemblies.ts';
import { customerFixture } from './fixtures-customers.ts';
import { api } from './fixtures-workorders.ts';
import type { TestApp, TestTenant } from './helpers.ts';

let counter = 0;

/** A default warehouse for `owner`, made when it has none (its first warehouse becomes the default). */
export async function ensureDefaultWarehouse(t: TestApp, owner: TestTenant): Promise<void> {
  const [found] = await t.database.withTenant(owner.organizationId, (tx) =>
    tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.organizationId, owner.organizationId), eq(warehouses.isDefault, true))),
  );
  if (found) return;
  counter += 1;
  await api(t, owner, 'warehouse/new/update', {
    code: `SE-${(Date.now() % 1_000_000).toString(36)}-${counter}`.toUpperCase(),
    name: `Estimate stock ${counter}`,
    isDefault: true,
  });
}

/** A draft estimate: 2 of the example assembly and 2 units of labour, for `customerId` or a new customer. */
export async function draftEstimate(t: TestApp, owner: TestTenant, customerId?: string): Promise<Estimate> {
  const customer = customerId ?? (await customerFixture(t, owner));
  const hoseAssemblyId = await hoseAssemblyFixture(t, owner);
  await ensureDefaultWarehouse(t, owner);
  return api<Estimate>(
    t,
    owner,
    'salesestimates/create',
    {
      customerId: customer,
      description: 'Fixture estimate',
      lines: [
        { type: 'assembly', itemId: hoseAssemblyId, quantity: 2 },
        { type: 'labour', description: 'Crimping', quantity: 2 },
      ],
    },
    201,
  );
}

/** Marks an estimate sent, as sending it would (sending is another module's). */
export async function markSent(
  t: TestApp,
  owner: TestTenant,
  id: string,
  validUntil?: string,
): Promise<void> {
  await t.database.withTenant(owner.organizationId, (tx) =>
    tx
      .update(salesEstimates)
      .set({
        status: 'sent',
        sentAt: new Date(),
        sentTo: 'buyer@example.com',
        ...(validUntil ? { validUntil } : {}),
      })
      .where(and(eq(salesEstimates.organizationId, owner.organizationId), eq(salesEstimates.id, id))),
  );
}

export const ESTIMATE_FIXTURES: Record<string, Fixture> = {
  salesEstimateId: async (t, owner, ids) => (await draftEstimate(t, owner, ids?.customerId))._id,
  sentSalesEstimateId: async (t, owner, ids) => {
    const draft = await draftEstimate(t, owner, ids?.customerId);
    await markSent(t, owner, draft._id);
    return draft._id;
  },
};
