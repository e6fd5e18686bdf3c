/**
 * The ledger's invariant, as a property: after a seeded random run of 10,000 movements (receipts, returns,
 * adjustments, scrap, consumption, counts and transfers over a few items, warehouses and locations, some of
 * them refused for taking more than is there), every place's on-hand figure and value in `stock_levels` is
 * exactly the sum of its ledger rows, every row's `on_hand_after` is the running sum, stock never went
 * below zero, and each refusal happened exactly when a simple model of the stock says it should. The
 * movements go through the ledger function in a few transactions, not through HTTP.
 */
import { AppErrorCode } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  type LedgerEntry,
  ledgerTotals,
  openLedger,
  rebuildStockLevels,
} from '../src/modules/inventory/ledger.ts';
import { componentInput, seededRandom } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const MOVEMENTS = 10_000;
const PER_TRANSACTION = 2_000;
const SEED = 20_240_616;

let shop: TestTenant;
const items: { id: string; byLength: boolean }[] = [];
const places: { warehouseId: string; locationId: string | null }[] = [];

async function post(url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: bearer(shop.adminToken),
    payload: payload as Record<string, unknown>,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'enterprise', name: 'Property Hydraulics' });
  for (const [kind, overrides] of [
    ['hose', { costUnit: 'm', cost: 3.75 }],
    ['hose', { costUnit: 'ft', cost: 1.1 }],
    ['crimpFitting', { cost: 2.5 }],
    ['ferrule', { cost: 0.4 }],
  ] as const) {
    const slug = kind === 'crimpFitting' ? 'crimpfitting' : kind;
    const created = await post(`/api/v1/organization/${slug}/new/update`, componentInput(kind, overrides));
    items.push({ id: created._id, byLength: kind === 'hose' });
  }
  for (const code of ['MAIN', 'VAN1']) {
    const created = await post('/api/v1/warehouse/new/update', {
      code,
      name: code,
      locations: [{ code: 'A1' }, { code: 'A2' }],
    });
    places.push({ warehouseId: created._id, locationId: null });
    for (const l of created.locations as { _id: string }[])
      places.push({ warehouseId: created._id, locationId: l._id });
  }
});

describe('the ledger and the on-hand figures agree', () => {
  it(`after ${MOVEMENTS.toLocaleString('en-US')} random movements`, { timeout: 120_000 }, async () => {
    const next = seededRandom(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    // The model: on hand per item and place, in tenths of a millimetre or pieces (integers, exact).
    const model = new Map<string, number>();
    const keyOf = (item: string, p: { warehouseId: string; locationId: string | null }) =>
      `${item}|${p.warehouseId}|${p.locationId ?? ''}`;
    const held = (item: string, p: (typeof places)[number]) => model.get(keyOf(item, p)) ?? 0;
    let refused = 0;
    let written = 0;

    for (let start = 0; start < MOVEMENTS; start += PER_TRANSACTION) {
      await t.database.withTenant(shop.organizationId, async (tx) => {
        const ledger = openLedger(tx, shop.organizationId, shop.adminId);
        for (let i = start; i < Math.min(MOVEMENTS, start + PER_TRANSACTION); i++) {
          const item = pick(items);
          const place = pick(places);
          // A length of up to 20 m in tenths of a mm (often whole metres), or up to 12 pieces.
          const amount = item.byLength
            ? next() < 0.5
              ? (1 + Math.floor(next() * 20)) * 10_000
              : 1 + Math.floor(next() * 200_000)
            : 1 + Math.floor(next() * 12);
          const quantity = item.byLength ? amount / 10 : amount;
          const roll = next();
          let entry: LedgerEntry;
          let expected: (() => void) | null = null;
          let shortage = false;
          const at = { componentId: item.id, warehouseId: place.warehouseId, locationId: place.locationId };
          const have = held(item.id, place);
          if (roll < 0.25) {
            const unitCost = next() < 0.7 ? Math.round(next() * 100_000) / 10_000 : undefined;
            entry = { type: next() < 0.8 ? 'receipt' : 'return', ...at, quantity, unitCost };
            expected = () => model.set(keyOf(item.id, place), have + amount);
          } else if (roll < 0.55) {
            const type = pick(['scrap', 'consumption', 'adjustment'] as const);
            entry = { type, ...at, quantity: -quantity, reason: 'Property test' };
            shortage = have < amount;
            expected = () => model.set(keyOf(item.id, place), have - amount);
          } else if (roll < 0.65) {
            entry = { type: 'adjustment', ...at, quantity, reason: 'Found' };
            expected = () => model.set(keyOf(item.id, place), have + amount);
          } else if (roll < 0.72) {
            // A count sets the truth (sometimes to what is there, sometimes to nothing).
            const counted = next() < 0.2 ? 0 : next() < 0.2 ? have : amount;
            entry = { type: 'count', ...at, counted: item.byLength ? counted / 10 : counted };
            expected = () => model.set(keyOf(item.id, place), counted);
          } else {
            let to = pick(places);
            if (to === place) to = places[(places.indexOf(place) + 1) % places.length]!;
            entry = { type: 'transfer', componentId: item.id, from: place, to, quantity };
            shortage = have < amount;
            expected = () => {
              model.set(keyOf(item.id, place), have - amount);
              model.set(keyOf(item.id, to), held(item.id, to) + amount);
            };
          }
          try {
            await ledger.record(entry);
            expect(shortage, `movement ${i} (${entry.type}) should have been refused`).toBe(false);
            expected();
            written += 1;
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== AppErrorCode.Conflict) throw error;
            expect(shortage, `movement ${i} (${entry.type}) was refused: ${error.message}`).toBe(true);
            expect(error.message).toMatch(/^(Only .* (is|are) in|None of .* is in) /);
            refused += 1;
          }
        }
      });
    }
    // The run exercised both sides.
    expect(refused).toBeGreaterThan(100);
    expect(written).toBeGreaterThan(MOVEMENTS / 2);

    await t.database.withTenant(shop.organizationId, async (tx) => {
      const org = shop.organizationId;
      // Every place: stock_levels is exactly the ledger's sums (numeric, no rounding), both ways.
      const mismatches = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from (
              select component_id, warehouse_id, location_id, sum(quantity) as q, sum(value) as v
              from stock_movements where organization_id = ${org}
              group by component_id, warehouse_id, location_id) m
            full join (select * from stock_levels where organization_id = ${org}) l
              on l.component_id = m.component_id and l.warehouse_id = m.warehouse_id
              and l.location_id is not distinct from m.location_id
            where coalesce(l.on_hand, 0) <> coalesce(m.q, 0) or coalesce(l.value, 0) <> coalesce(m.v, 0)`,
      );
      expect(mismatches[0]?.n).toBe('0');
      // Every row's on_hand_after is the running sum of its place, in ledger order.
      const running = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from (
              select on_hand_after, sum(quantity) over (partition by component_id, warehouse_id, location_id
                order by seq) as s
              from stock_movements where organization_id = ${org}) r
            where r.on_hand_after <> r.s`,
      );
      expect(running[0]?.n).toBe('0');
      const negative = await queryRows<{ n: string }>(
        tx,
        sql`select (select count(*) from stock_movements where organization_id = ${org} and on_hand_after < 0)
              + (select count(*) from stock_levels where organization_id = ${org} and on_hand < 0) as n`,
      );
      expect(Number(negative[0]?.n)).toBe(0);
      // An empty place is worth nothing.
      const emptyWithValue = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from stock_levels where organization_id = ${org}
              and on_hand = 0 and value <> 0`,
      );
      expect(emptyWithValue[0]?.n).toBe('0');
      // Hose by length (ADR 19): at every place its pieces add up to what is on hand, and none is negative.
      const piecesOff = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from stock_levels l
            join components c on c.id = l.component_id
            left join lateral (select coalesce(sum(p.length), 0) as total, count(*) filter (where p.length < 0) as bad
              from hose_pieces p where p.organization_id = l.organization_id and p.component_id = l.component_id
                and p.warehouse_id = l.warehouse_id and p.location_id is not distinct from l.location_id) p on true
            where l.organization_id = ${org} and c.cost_unit in ('m', 'ft')
              and (p.total <> l.on_hand or p.bad > 0)`,
      );
      expect(piecesOff[0]?.n).toBe('0');
      const [pieceCount] = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from hose_pieces where organization_id = ${org} and length > 0`,
      );
      expect(Number(pieceCount?.n)).toBeGreaterThan(10);

      // And the model agrees with the ledger, place by place.
      const totals = await ledgerTotals(tx, org);
      const byLength = new Map(items.map((i) => [i.id, i.byLength]));
      const ledger = new Map(
        totals.map((p) => [
          `${p.componentId}|${p.warehouseId}|${p.locationId ?? ''}`,
          Math.round(Number(p.onHand) * (byLength.get(p.componentId) ? 10 : 1)),
        ]),
      );
      for (const [key, value] of model) expect(ledger.get(key) ?? 0, key).toBe(value);
      for (const [key, value] of ledger) expect(model.get(key) ?? 0, key).toBe(value);
    });
  });

  it('rebuilding the levels from the ledger repairs a figure that drifted, and changes nothing else', async () => {
    const org = shop.organizationId;
    await t.database.withTenant(org, async (tx) => {
      expect(await rebuildStockLevels(tx, org)).toBe(0);
      await tx.execute(
        sql`update stock_levels set value = value + 1 where id = (
              select id from stock_levels where organization_id = ${org} order by id limit 1)`,
      );
      expect(await rebuildStockLevels(tx, org)).toBe(1);
      expect(await rebuildStockLevels(tx, org)).toBe(0);
    });
  });
});
