/**
 * Records numbered from the organisation's patterns (estimates, work orders, an assembly's generated part
 * number) made at the same moment each take the next number in turn, and none is refused
 * (`takeTurnsNumbering`, db/numbering.ts). On PostgreSQL the creates run side by side on their own
 * connections; on PGlite they queue on its one connection, and the answers must be the same.
 */
import type { Estimate, HoseAssembly, WorkOrder } from '@hosewright/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { customerFixture } from './fixtures-customers.ts';
import { ensureDefaultWarehouse } from './fixtures-estimates.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const AT_ONCE = 6;

describe('numbers taken at the same moment', () => {
  let t: TestApp;
  let shop: TestTenant;
  let parts: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'enterprise', name: 'Busy Counter Hydraulics' });
    parts = await sampleParts(t, shop);
    await ensureDefaultWarehouse(t, shop);
  });
  afterAll(() => t.close());

  /** `AT_ONCE` calls sent together; every one must answer `status`. */
  async function together<T>(url: string, payload: () => unknown, status: number): Promise<T[]> {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/${url}`,
          headers: bearer(shop.adminToken),
          payload: payload() as Record<string, unknown>,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(status);
    return answers.map((answer) => answer.json<T>());
  }

  it('gives each estimate its own number', async () => {
    const customerId = await customerFixture(t, shop);
    const made = await together<Estimate>('salesestimates/create', () => ({ customerId, lines: [] }), 201);
    expect(new Set(made.map((e) => e.number)).size).toBe(AT_ONCE);
  });

  // Saving an assembly also takes the plan's lock (`assertWithinPlanLimit`), which queues these on its own.
  it('gives each hose assembly its own generated part number', async () => {
    const made = await together<HoseAssembly>('hoseassembly/new/update', () => exampleInput(parts), 200);
    expect(new Set(made.map((a) => a.title)).size).toBe(AT_ONCE);
  });

  it('gives each work order its own number', async () => {
    const assembly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hoseassembly/new/update',
      headers: bearer(shop.adminToken),
      payload: exampleInput(parts),
    });
    expect(assembly.statusCode, assembly.body).toBe(200);
    const hoseAssemblyId = assembly.json<HoseAssembly>()._id;
    const made = await together<WorkOrder>(
      'workorders/create',
      () => ({ from: 'assemblies', lines: [{ hoseAssemblyId, quantity: 1 }] }),
      201,
    );
    expect(new Set(made.map((w) => w.number)).size).toBe(AT_ONCE);
  });
});
