/** Cross-tenant fixtures of the assemblies module (see fixtures.ts), and the builder's demo input. */
import { and, eq, inArray } from 'drizzle-orm';
import { components } from '../src/db/schema.ts';
import { exampleInput } from '../src/modules/demo/factories.ts';
import type { Fixture } from './fixtures.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';

/** Loads the GEN sample catalogue into the tenant and answers the ids of its parts by part number. */
export async function sampleParts(t: TestApp, owner: TestTenant): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/sampledata/load',
    headers: bearer(owner.adminToken),
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`sample data: ${res.statusCode} ${res.body}`);
  const rows = await t.database.withTenant(owner.organizationId, (tx) =>
    tx
      .select({ id: components.id, partNumber: components.partNumber })
      .from(components)
      .where(
        and(
          eq(components.organizationId, owner.organizationId),
          inArray(components.kind, ['hose', 'crimpFitting', 'ferrule', 'adaptor', 'wrap']),
        ),
      ),
  );
  return Object.fromEntries(rows.map((r) => [r.partNumber, r.id]));
}

// The worked example's input is shared with the demo shop.
export { exampleInput } from '../src/modules/demo/factories.ts';

async function post(t: TestApp, owner: TestTenant, url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: bearer(owner.adminToken),
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const hoseAssemblyFixture: Fixture = async (t, owner) => {
  const ids = await sampleParts(t, owner);
  return (await post(t, owner, 'hoseassembly/new/update', exampleInput(ids)))._id as string;
};

/** A part of the sample catalogue by part number (its parts fit each other; see `exampleInput`). */
const samplePart =
  (partNumber: string): Fixture =>
  async (t, owner) => {
    const id = (await sampleParts(t, owner))[partNumber];
    if (!id) throw new Error(`fixture: no ${partNumber} in the sample catalogue`);
    return id;
  };

export const ASSEMBLY_FIXTURES: Record<string, Fixture> = {
  hoseAssemblyId: hoseAssemblyFixture,
  // The contracts' examples build assemblies from these: the generic component fixtures (hoseId, ...) are
  // of a series the organisation does not have, which the builder refuses.
  sampleHoseId: samplePart('GEN-2SN-08'),
  sampleFittingId: samplePart('F-SN-08-FJX90'),
  sampleFerruleId: samplePart('FER-SN-08'),
  /** An assembly with a built unit: it has a tag to print. */
  builtHoseAssemblyId: async (t, owner) => {
    const id = await hoseAssemblyFixture(t, owner);
    await post(t, owner, `hoseassembly/${id}/serials`, { quantity: 1 });
    return id;
  },
  // `/qs/:serialId` is public (the cross-tenant suite skips public routes); kept for completeness.
  serialId: async (t, owner) => {
    const id = await hoseAssemblyFixture(t, owner);
    const made = await post(t, owner, `hoseassembly/${id}/serials`, { quantity: 1 });
    return made.items[0].serialId as string;
  },
};
