/** Cross-tenant fixtures of the kits module (see fixtures.ts). */
import type { Fixture } from './fixtures.ts';
import { bearer } from './helpers.ts';

let counter = 0;

/** A kit of `owner` with one other item (a fresh part number each time). */
export const hoseKitFixture: Fixture = async (t, owner) => {
  counter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/hosekit/new/update',
    headers: bearer(owner.adminToken),
    payload: {
      partNumber: `FX-KIT-${Date.now() % 100000}-${counter}`,
      description: 'Fixture kit',
      lines: [{ lineType: 'other', description: 'Hose clamps', quantity: 4, unitCost: 1.25 }],
    },
  });
  if (res.statusCode !== 200) throw new Error(`fixture hosekit: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
};

export const KIT_FIXTURES: Record<string, Fixture> = {
  hoseKitId: hoseKitFixture,
};
