/**
 * Two transactions racing for the last metre of hose (PostgreSQL only: PGlite has one connection, so its
 * transactions never overlap). Exactly one takes it; the other is refused with what is on hand (409), the
 * stock ends at zero and the ledger has one consumption. Both through the ledger function in two tenant
 * transactions held open at once, and through two concurrent requests.
 */
import { AppErrorCode } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements } from '../src/db/schema.ts';
import { AppError } from '../src/lib/errors.ts';
import { recordMovements } from '../src/modules/inventory/ledger.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(
  'racing for the last metre of hose (needs PostgreSQL: set DATABASE_URL; PGlite runs one transaction at a time)',
  () => {
    let t: TestApp;
    let shop: TestTenant;
    let warehouseId: string;

    async function post(url: string, payload: unknown, token = shop.adminToken) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      });
      return { status: res.statusCode, body: res.json() };
    }

    /** A hose with exactly one metre in the warehouse. */
    async function lastMetre(): Promise<{ hoseId: string; partNumber: string }> {
      const input = componentInput('hose', { costUnit: 'm', cost: 5 });
      const hose = await post('/api/v1/organization/hose/new/update', input);
      expect(hose.status).toBe(200);
      const receipt = await post('/api/v1/inventory/movements/create', {
        type: 'receipt',
        componentId: hose.body._id,
        warehouseId,
        quantity: 1,
        unit: 'm',
      });
      expect(receipt.status).toBe(201);
      return { hoseId: hose.body._id, partNumber: input.partNumber };
    }

    async function outcome(hoseId: string) {
      return t.database.withTenant(shop.organizationId, async (tx) => {
        const [level] = await tx.select().from(stockLevels).where(eq(stockLevels.componentId, hoseId));
        const rows = await tx.select().from(stockMovements).where(eq(stockMovements.componentId, hoseId));
        return { level, rows };
      });
    }

    beforeAll(async () => {
      t = await createTestApp();
      shop = await createTenant(t, { tier: 'professional', name: 'Race Hydraulics' });
      const created = await post('/api/v1/warehouse/new/update', {
        code: 'MAIN',
        name: 'Main',
        locations: [],
      });
      expect(created.status).toBe(200);
      warehouseId = created.body._id;
    });
    afterAll(() => t?.close());

    it('two transactions open at once: one takes it, the other is told what is left', async () => {
      const { hoseId, partNumber } = await lastMetre();
      // Both transactions start, then both try to consume once each has begun; the first to lock the line
      // holds it a moment before committing, so the second really waits on it.
      let arrived = 0;
      let release: () => void = () => {};
      const bothStarted = new Promise<void>((resolve) => {
        release = resolve;
      });
      const take = () =>
        t.database.withTenant(shop.organizationId, async (tx) => {
          await tx.select().from(stockLevels).where(eq(stockLevels.componentId, hoseId));
          arrived += 1;
          if (arrived === 2) release();
          await bothStarted;
          const rows = await recordMovements(tx, shop.organizationId, shop.adminId, [
            { type: 'consumption', componentId: hoseId, warehouseId, locationId: null, quantity: -1000 },
          ]);
          await new Promise((resolve) => setTimeout(resolve, 150));
          return rows;
        });
      const results = await Promise.allSettled([take(), take()]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const error = lost[0]?.reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(AppErrorCode.Conflict);
      expect(error.message).toBe(`None of ${partNumber} is in MAIN; 1.00 m was asked for`);

      const { level, rows } = await outcome(hoseId);
      expect(level?.onHand).toBe(0);
      expect(level?.value).toBe(0);
      expect(rows.filter((r) => r.type === 'consumption')).toHaveLength(1);
    });

    it('opposite transfers at once both go through (places are locked in one order, so no deadlock)', async () => {
      const van = await post('/api/v1/warehouse/new/update', {
        code: `VAN-${Date.now() % 10000}`,
        name: 'Van',
      });
      expect(van.status).toBe(200);
      const { hoseId } = await lastMetre();
      const stock = await post('/api/v1/inventory/movements/create', {
        type: 'receipt',
        componentId: hoseId,
        warehouseId: van.body._id,
        quantity: 1,
        unit: 'm',
      });
      expect(stock.status).toBe(201);
      const move = (from: string, to: string) =>
        t.database.withTenant(shop.organizationId, async (tx) => {
          const rows = await recordMovements(tx, shop.organizationId, shop.adminId, [
            {
              type: 'transfer',
              componentId: hoseId,
              from: { warehouseId: from, locationId: null },
              to: { warehouseId: to, locationId: null },
              quantity: 100,
            },
          ]);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return rows;
        });
      for (let round = 0; round < 5; round += 1) {
        const results = await Promise.allSettled([
          move(warehouseId, van.body._id),
          move(van.body._id, warehouseId),
        ]);
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      }
      const { rows } = await outcome(hoseId);
      expect(rows.filter((r) => r.type === 'transfer')).toHaveLength(20);
      const levels = await t.database.withTenant(shop.organizationId, (tx) =>
        tx.select().from(stockLevels).where(eq(stockLevels.componentId, hoseId)),
      );
      expect(levels.map((l) => l.onHand).sort()).toEqual([1000, 1000]);
    });

    it('two requests at once: one 201, one 409 with the message; one scrap in the ledger', async () => {
      const { hoseId, partNumber } = await lastMetre();
      const scrap = (token: string) =>
        post(
          '/api/v1/inventory/movements/create',
          { type: 'scrap', componentId: hoseId, warehouseId, quantity: 1, unit: 'm', reason: 'Last metre' },
          token,
        );
      const answers = await Promise.all([scrap(shop.adminToken), scrap(shop.regularToken)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.status === 409);
      expect(refused?.body.message).toMatch(
        new RegExp(
          `^(None of ${partNumber} is in MAIN|Only .* of ${partNumber} is in MAIN); 1\\.00 m was asked for$`,
        ),
      );
      const { level, rows } = await outcome(hoseId);
      expect(level?.onHand).toBe(0);
      expect(rows.filter((r) => r.type === 'scrap')).toHaveLength(1);
      const [leftInLedger] = await t.database.withTenant(shop.organizationId, (tx) =>
        tx
          .select({ after: stockMovements.onHandAfter })
          .from(stockMovements)
          .where(and(eq(stockMovements.componentId, hoseId), eq(stockMovements.type, 'scrap'))),
      );
      expect(leftInLedger?.after).toBe(0);
    });
  },
);
