/**
 * The stock ledger (packages/domain/src/inventory/inventory.ts): every change of stock is a row of
 * `stock_movements`, written in the same transaction as the `stock_levels` figure it changes. Quantities are
 * in the item's stock unit (pieces, or millimetres for items stocked by length), values at cost in the base
 * currency. Everything that moves stock (a movement a person records, a stock take, later a work order)
 * goes through `recordMovements` / `openLedger`, so the running figures and the ledger always agree and
 * `ledgerTotals` can prove it.
 *
 * Safety under concurrency: the level row is locked (`select ... for update`) before its figures are read,
 * and the update that applies a movement is conditional (`on_hand + d >= 0` unless negative stock is
 * allowed). Of two transactions taking the last unit one waits for the other, then reads what it left and
 * is refused with what is on hand (409).
 */

import { randomUUID } from 'node:crypto';
import {
  AppErrorCode,
  type CostUnit,
  comparePickOrder,
  formatStockQuantity,
  inCostUnits,
  isRemnant,
  type StockMovementType,
  type StockUnit,
  stockUnitOf,
  type UnitSystem,
} from '@hosewright/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { components, warehouseLocations, warehouses } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings, unitsOf } from '../organization/service.ts';

/** Where stock is: a warehouse, and one of its locations or none. */
export interface StockPlace {
  warehouseId: string;
  locationId: string | null;
}

interface Texts {
  reason?: string;
  reference?: string;
  notes?: string;
}

/**
 * Items stocked by length (ADR 19): what comes in may carry its batch and date code; what goes out may name
 * the piece it is cut from (a work order's reservation does), else it is cut in the pick order.
 */
interface Pieces {
  batch?: string;
  dateCode?: string | null;
  pieceId?: string | null;
}

/**
 * One change of stock. `quantity` is signed and in the stock unit (in positive, out negative): a receipt
 * and a return bring stock in, scrap and consumption take it out, an adjustment does either. A count names
 * what was counted and the ledger writes the difference from what is on hand (nothing when they agree); a
 * count sets the truth, so it is never refused for going below zero. A transfer moves a positive
 * `quantity` from one place to another (two rows sharing a group id) at the source's average cost.
 */
export type LedgerEntry =
  | (Texts &
      Pieces & {
        type: 'receipt' | 'return' | 'adjustment' | 'scrap' | 'consumption';
        componentId: string;
        warehouseId: string;
        locationId: string | null;
        quantity: number;
        /**
         * Per the component's cost unit (each, m or ft), for stock coming in. Left out, a receipt or return
         * comes in at the item's cost (0 when it has none), an adjustment at the average cost (`movementValue`).
         */
        unitCost?: number;
      })
  | (Texts & {
      type: 'count';
      componentId: string;
      warehouseId: string;
      locationId: string | null;
      counted: number;
    })
  | (Texts &
      Pick<Pieces, 'pieceId'> & {
        type: 'transfer';
        componentId: string;
        from: StockPlace;
        to: StockPlace;
        quantity: number;
      });

/** A piece of hose at a place, as the ledger keeps pieces in step (ADR 19). */
interface PieceRow {
  id: string;
  length: number;
  batch: string;
  dateCode: string | null;
  receivedAt: string;
}

/** Hose cut from (or, moved in, made into) one piece. */
export interface PieceCut {
  pieceId: string;
  length: number;
  batch: string;
  dateCode: string | null;
  /** When the piece came in; null for hose arriving now. */
  receivedAt: string | null;
}

/** One ledger row as written, with the level it changed. */
export interface RecordedMovement {
  id: string;
  seq: number;
  type: StockMovementType;
  componentId: string;
  warehouseId: string;
  locationId: string | null;
  levelId: string;
  quantity: number;
  value: number;
  onHandAfter: number;
  groupId: string | null;
}

export interface LedgerComponent {
  id: string;
  kind: string;
  partNumber: string;
  brand: string;
  costUnit: CostUnit;
  cost: number | null;
  stockUnit: StockUnit;
}

export interface LedgerWarehouse {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

export interface LedgerLocation {
  id: string;
  warehouseId: string;
  code: string;
}

/** Quantities are whole pieces or tenths of a millimetre; rounding keeps float noise out of the ledger. */
export function roundQuantity(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Values at cost are kept to 4 decimal places (what a cost may have). */
export function roundValue(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** The item's own cost of `quantity` (stock unit); 0 when it has none. */
function atItemCost(component: LedgerComponent, quantity: number, unitCost?: number): number {
  return inCostUnits(quantity, component.stockUnit, component.costUnit) * (unitCost ?? component.cost ?? 0);
}

/**
 * The value a movement of `d` (stock unit, signed) carries at a level holding `onHand` worth `value`.
 * Stock going out leaves at the level's average cost (the item's cost when nothing is on hand); stock
 * coming in comes at `unitCost` when given, else at the average cost (the item's cost when nothing is on
 * hand). A movement that leaves nothing on hand takes the level's whole value with it, so empty stock is
 * worth nothing whatever the rounding before.
 */
export function movementValue(
  component: LedgerComponent,
  level: { onHand: number; value: number },
  d: number,
  unitCost?: number,
): number {
  if (roundQuantity(level.onHand + d) === 0) return roundValue(-level.value);
  if (d > 0 && unitCost !== undefined) return roundValue(atItemCost(component, d, unitCost));
  if (level.onHand > 0) return roundValue((d * level.value) / level.onHand);
  return roundValue(atItemCost(component, d));
}

/** `MAIN` or `MAIN / A1`. */
export function placeName(warehouse: { code: string }, location: { code: string } | null): string {
  return location ? `${warehouse.code} / ${location.code}` : warehouse.code;
}

function stockPhrase(value: number, stockUnit: StockUnit, units: UnitSystem, plural: string, one: string) {
  const text = formatStockQuantity(value, stockUnit, units);
  return `${text} ${stockUnit === 'each' && value !== 1 ? plural : one}`;
}

/** "Only 2 of GEN-8-HOSE are in MAIN / A1; 5 were asked for", in the reader's units. */
export function shortageMessage(
  component: LedgerComponent,
  place: string,
  onHand: number,
  asked: number,
  units: UnitSystem,
): string {
  const { stockUnit } = component;
  const want = stockPhrase(asked, stockUnit, units, 'were', 'was');
  if (onHand <= 0) {
    return `None of ${component.partNumber} is in ${place}; ${want} asked for`;
  }
  const have = formatStockQuantity(onHand, stockUnit, units);
  const verb = stockUnit === 'each' && onHand !== 1 ? 'are' : 'is';
  return `Only ${have} of ${component.partNumber} ${verb} in ${place}; ${want} asked for`;
}

interface LevelRow {
  id: string;
  on_hand: string;
  value: string;
}

/**
 * The ledger of one organisation inside one transaction: it looks up (and caches) the components,
 * warehouses and locations entries name, reads the organisation's negative-stock setting once, and records
 * entries one by one. A refused entry (404, 409) throws before it writes anything, so a caller may go on
 * with the next; a business operation normally lets the throw roll its whole transaction back.
 */
export interface Ledger {
  record(entry: LedgerEntry): Promise<RecordedMovement[]>;
  component(id: string): Promise<LedgerComponent>;
  warehouse(id: string): Promise<LedgerWarehouse>;
  /** The location, which must be of `warehouseId`; null for none. */
  location(warehouseId: string, id: string | null): Promise<LedgerLocation | null>;
}

export function openLedger(
  tx: Tx,
  organizationId: string,
  userId: string | null,
  options: { allowNegative?: boolean } = {},
): Ledger {
  const componentCache = new Map<string, LedgerComponent>();
  const warehouseCache = new Map<string, LedgerWarehouse>();
  const locationCache = new Map<string, LedgerLocation>();
  let allowNegative: boolean | undefined = options.allowNegative;
  let remnantLengthMm: number | undefined;
  let readerUnits: UnitSystem | undefined;

  async function component(id: string): Promise<LedgerComponent> {
    const cached = componentCache.get(id);
    if (cached) return cached;
    const [row] = await tx
      .select({
        id: components.id,
        kind: components.kind,
        partNumber: components.partNumber,
        brand: components.brand,
        costUnit: components.costUnit,
        cost: components.cost,
      })
      .from(components)
      .where(and(eq(components.organizationId, organizationId), eq(components.id, id)));
    if (!row) throw AppError.notFound('This item');
    const found: LedgerComponent = {
      ...row,
      costUnit: row.costUnit as CostUnit,
      cost: row.cost ?? null,
      stockUnit: stockUnitOf(row),
    };
    componentCache.set(id, found);
    return found;
  }

  async function warehouse(id: string): Promise<LedgerWarehouse> {
    const cached = warehouseCache.get(id);
    if (cached) return cached;
    const [row] = await tx
      .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, active: warehouses.active })
      .from(warehouses)
      .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, id)));
    if (!row) throw AppError.notFound('This warehouse');
    warehouseCache.set(id, row);
    return row;
  }

  async function location(warehouseId: string, id: string | null): Promise<LedgerLocation | null> {
    if (id === null) return null;
    let found = locationCache.get(id);
    if (!found) {
      const [row] = await tx
        .select({
          id: warehouseLocations.id,
          warehouseId: warehouseLocations.warehouseId,
          code: warehouseLocations.code,
        })
        .from(warehouseLocations)
        .where(and(eq(warehouseLocations.organizationId, organizationId), eq(warehouseLocations.id, id)));
      if (!row) throw AppError.notFound('This location');
      found = row;
      locationCache.set(id, found);
    }
    // A location of another warehouse is no location of this one.
    if (found.warehouseId !== warehouseId) throw AppError.notFound('This location');
    return found;
  }

  async function mayGoNegative(): Promise<boolean> {
    allowNegative ??= (await getSettings(tx, organizationId)).allowNegativeStock;
    return allowNegative;
  }

  async function remnantLength(): Promise<number> {
    remnantLengthMm ??= (await getSettings(tx, organizationId)).remnantLengthMm;
    return remnantLengthMm;
  }

  /** The pieces with hose left at a place. The caller holds the place's level row lock. */
  async function piecesAt(at: Resolved): Promise<PieceRow[]> {
    const rows = await queryRows<{
      id: string;
      length: string;
      batch: string;
      date_code: string | null;
      created_at: string;
    }>(
      tx,
      sql`select id, length::text, batch, date_code, created_at::text from hose_pieces
          where organization_id = ${organizationId} and component_id = ${at.component.id}
            and warehouse_id = ${at.warehouse.id} and location_id is not distinct from ${at.location?.id ?? null}::uuid
            and length > 0
          order by created_at, id`,
    );
    return rows.map((r) => ({
      id: r.id,
      length: Number(r.length),
      batch: r.batch,
      dateCode: r.date_code,
      receivedAt: new Date(r.created_at).toISOString(),
    }));
  }

  /**
   * Keeps the pieces of a place adding up to what is on hand after a movement (none below zero). Hose coming
   * in is a new piece with its batch and date code, or, moved from another place, the pieces it was cut
   * from (`carried`). Hose going out is cut from `pieceId` first, then from the piece the pick order
   * (`comparePickOrder`) would choose for that length, else piece after piece in that order. Answers the cuts.
   */
  async function keepPiecesInStep(
    at: Resolved,
    onHandAfter: number,
    origin: Pieces & { carried?: PieceCut[] },
  ): Promise<PieceCut[]> {
    if (at.component.stockUnit !== 'mm') return [];
    const pieces = await piecesAt(at);
    const inPieces = roundQuantity(pieces.reduce((sum, p) => sum + p.length, 0));
    const target = Math.max(0, roundQuantity(onHandAfter));
    if (target > inPieces) {
      let missing = roundQuantity(target - inPieces);
      const sources: PieceCut[] = origin.carried?.length
        ? origin.carried
        : [
            {
              pieceId: '',
              length: missing,
              batch: origin.batch ?? '',
              dateCode: origin.dateCode ?? null,
              receivedAt: null,
            },
          ];
      const made: PieceCut[] = [];
      for (const source of sources) {
        const length = Math.min(source.length, missing);
        if (length <= 0) break;
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`insert into hose_pieces (organization_id, component_id, warehouse_id, location_id, length,
                received_length, batch, date_code, created_at)
              values (${organizationId}, ${at.component.id}, ${at.warehouse.id}, ${at.location?.id ?? null}::uuid,
                ${length}::numeric, ${length}::numeric, ${source.batch}, ${source.dateCode},
                coalesce(${source.receivedAt}::timestamptz, now()))
              returning id`,
        );
        made.push({ ...source, pieceId: row?.id ?? '', length });
        missing = roundQuantity(missing - length);
      }
      return made;
    }
    if (target === inPieces) return [];
    let remaining = roundQuantity(inPieces - target);
    const threshold = await remnantLength();
    const pickable = (p: PieceRow) => ({ ...p, free: p.length, remnant: isRemnant(p.length, threshold) });
    const order = pieces.map(pickable).sort(comparePickOrder);
    const named = origin.pieceId ? order.find((p) => p.id === origin.pieceId) : undefined;
    const fitting = order.find((p) => p.length + 1e-6 >= remaining);
    const sequence = [
      ...(named ? [named] : []),
      ...(fitting && fitting !== named ? [fitting] : []),
      ...order.filter((p) => p !== named && p !== fitting),
    ];
    const cuts: PieceCut[] = [];
    for (const piece of sequence) {
      if (remaining <= 0) break;
      const length = Math.min(piece.length, remaining);
      await tx.execute(
        sql`update hose_pieces set length = length - ${length}::numeric
            where id = ${piece.id} and organization_id = ${organizationId}`,
      );
      cuts.push({
        pieceId: piece.id,
        length,
        batch: piece.batch,
        dateCode: piece.dateCode,
        receivedAt: piece.receivedAt,
      });
      remaining = roundQuantity(remaining - length);
    }
    return cuts;
  }

  async function units(): Promise<UnitSystem> {
    if (readerUnits) return readerUnits;
    if (userId) readerUnits = (await unitsOf(tx, organizationId, userId)).units;
    else {
      const { unitSystem } = await getSettings(tx, organizationId);
      readerUnits = unitSystem === 'imperial' ? 'imperial' : 'metric';
    }
    return readerUnits;
  }

  interface Resolved {
    component: LedgerComponent;
    warehouse: LedgerWarehouse;
    location: LedgerLocation | null;
  }

  async function resolve(componentId: string, place: StockPlace): Promise<Resolved> {
    const c = await component(componentId);
    const w = await warehouse(place.warehouseId);
    const l = await location(place.warehouseId, place.locationId);
    return { component: c, warehouse: w, location: l };
  }

  function refuseInactive(at: Resolved): never {
    throw new AppError(
      AppErrorCode.Conflict,
      `Warehouse ${at.warehouse.code} (${at.warehouse.name}) is inactive and takes no stock in. Make it active first, or choose another warehouse.`,
    );
  }

  /** The level row of a place, locked for this transaction; null when there is none. */
  async function lockLevel(at: Resolved): Promise<LevelRow | null> {
    const [row] = await queryRows<LevelRow>(
      tx,
      sql`select id, on_hand::text, value::text from stock_levels
          where organization_id = ${organizationId} and component_id = ${at.component.id}
            and warehouse_id = ${at.warehouse.id}
            and coalesce(location_id, '00000000-0000-0000-0000-000000000000'::uuid)
              = coalesce(${at.location?.id ?? null}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
          for update`,
    );
    return row ?? null;
  }

  async function lockOrCreateLevel(at: Resolved): Promise<LevelRow> {
    const existing = await lockLevel(at);
    if (existing) return existing;
    // A concurrent insert of the same place waits here until it commits, then this one does nothing.
    await tx.execute(
      sql`insert into stock_levels (organization_id, component_id, warehouse_id, location_id)
          values (${organizationId}, ${at.component.id}, ${at.warehouse.id}, ${at.location?.id ?? null})
          on conflict (organization_id, component_id, warehouse_id,
            coalesce(location_id, '00000000-0000-0000-0000-000000000000'::uuid)) do nothing`,
    );
    const created = await lockLevel(at);
    if (!created) throw new Error('stock level insert found no row');
    return created;
  }

  async function refuseShortage(at: Resolved, onHand: number, d: number): Promise<never> {
    throw new AppError(
      AppErrorCode.Conflict,
      shortageMessage(at.component, placeName(at.warehouse, at.location), onHand, -d, await units()),
      { field: 'quantity', onHand, stockUnit: at.component.stockUnit },
    );
  }

  /**
   * Applies `d` (signed, stock unit) to the place and writes its ledger row, in one statement: the update
   * is conditional, so stock cannot go below zero unless allowed (or `unchecked`, a count).
   */
  async function apply(
    at: Resolved,
    type: StockMovementType,
    d: number,
    texts: Texts,
    value: (level: { onHand: number; value: number }) => number,
    extra: { unchecked?: boolean; groupId?: string | null; level?: LevelRow } = {},
  ): Promise<RecordedMovement> {
    const permissive = extra.unchecked === true || (await mayGoNegative());
    let level = extra.level;
    if (!level) {
      level = (await lockLevel(at)) ?? undefined;
      if (!level) {
        // Nothing there: taking stock out is refused without making an empty line.
        if (d < 0 && !permissive) return refuseShortage(at, 0, d);
        level = await lockOrCreateLevel(at);
      }
    }
    const current = { onHand: Number(level.on_hand), value: Number(level.value) };
    const v = value(current);
    const [row] = await queryRows<{ id: string; seq: string; on_hand_after: string }>(
      tx,
      sql`with level as (
            update stock_levels set on_hand = on_hand + ${d}::numeric, value = value + ${v}::numeric,
              updated_at = now()
            where id = ${level.id} and organization_id = ${organizationId}
              and (${permissive}::boolean or ${d}::numeric >= 0 or on_hand + ${d}::numeric >= 0)
            returning on_hand
          )
          insert into stock_movements (organization_id, type, component_id, warehouse_id, location_id,
            quantity, value, on_hand_after, reason, reference, notes, group_id, created_by)
          select ${organizationId}, ${type}, ${at.component.id}, ${at.warehouse.id},
            ${at.location?.id ?? null}::uuid, ${d}::numeric, ${v}::numeric, level.on_hand,
            ${texts.reason ?? ''}, ${texts.reference ?? ''}, ${texts.notes ?? ''},
            ${extra.groupId ?? null}::uuid, ${userId}::uuid
          from level
          returning id, seq::text, on_hand_after::text`,
    );
    if (!row) return refuseShortage(at, current.onHand, d);
    return {
      id: row.id,
      seq: Number(row.seq),
      type,
      componentId: at.component.id,
      warehouseId: at.warehouse.id,
      locationId: at.location?.id ?? null,
      levelId: level.id,
      quantity: d,
      value: v,
      onHandAfter: Number(row.on_hand_after),
      groupId: extra.groupId ?? null,
    };
  }

  function assertSign(type: string, quantity: number, sign: 1 | -1 | 0): void {
    const ok = sign === 0 ? quantity !== 0 : quantity * sign > 0;
    if (!Number.isFinite(quantity) || !ok) {
      throw new Error(`ledger: a ${type} cannot have the quantity ${quantity}`);
    }
  }

  async function record(entry: LedgerEntry): Promise<RecordedMovement[]> {
    const texts: Texts = { reason: entry.reason, reference: entry.reference, notes: entry.notes };
    switch (entry.type) {
      case 'transfer': {
        const quantity = roundQuantity(entry.quantity);
        assertSign('transfer', quantity, 1);
        const from = await resolve(entry.componentId, entry.from);
        const to = await resolve(entry.componentId, entry.to);
        if (from.warehouse.id === to.warehouse.id && from.location?.id === to.location?.id) {
          throw new AppError(AppErrorCode.BadRequest, 'Transfer to another warehouse or location', {
            issues: [{ path: ['to'], message: 'Transfer to another warehouse or location' }],
          });
        }
        if (!to.warehouse.active) refuseInactive(to);
        // Both places are locked in one order (by place), so two opposite transfers at once wait for each
        // other instead of deadlocking.
        const placeKey = (at: Resolved) => `${at.warehouse.id}|${at.location?.id ?? ''}`;
        const fromFirst = placeKey(from) < placeKey(to);
        const source = fromFirst ? await lockLevel(from) : undefined;
        const target = await lockOrCreateLevel(to);
        const fromLevel = fromFirst ? source : await lockLevel(from);
        const groupId = randomUUID();
        const out = await apply(
          from,
          'transfer',
          -quantity,
          texts,
          (l) => movementValue(from.component, l, -quantity),
          { groupId, ...(fromLevel ? { level: fromLevel } : {}) },
        );
        const into = await apply(to, 'transfer', quantity, texts, () => -out.value, {
          groupId,
          level: target,
        });
        const carried = await keepPiecesInStep(from, out.onHandAfter, { pieceId: entry.pieceId });
        await keepPiecesInStep(to, into.onHandAfter, { carried });
        return [out, into];
      }
      case 'count': {
        const at = await resolve(entry.componentId, entry);
        const counted = roundQuantity(entry.counted);
        if (!Number.isFinite(counted) || counted < 0) {
          throw new Error(`ledger: a count cannot be ${entry.counted}`);
        }
        const level = await lockOrCreateLevel(at);
        const d = roundQuantity(counted - Number(level.on_hand));
        if (d === 0) return [];
        if (d > 0 && !at.warehouse.active) refuseInactive(at);
        const countedMovement = await apply(at, 'count', d, texts, (l) => movementValue(at.component, l, d), {
          unchecked: true,
          level,
        });
        await keepPiecesInStep(at, countedMovement.onHandAfter, {});
        return [countedMovement];
      }
      default: {
        const quantity = roundQuantity(entry.quantity);
        const sign =
          entry.type === 'adjustment' ? 0 : entry.type === 'scrap' || entry.type === 'consumption' ? -1 : 1;
        assertSign(entry.type, quantity, sign);
        const at = await resolve(entry.componentId, entry);
        if (quantity > 0 && !at.warehouse.active) refuseInactive(at);
        // A receipt or return without its cost comes in at the item's cost (0 when it has none).
        const unitCost =
          entry.type === 'receipt' || entry.type === 'return'
            ? (entry.unitCost ?? at.component.cost ?? 0)
            : entry.unitCost;
        const moved = await apply(at, entry.type, quantity, texts, (l) =>
          movementValue(at.component, l, quantity, unitCost),
        );
        await keepPiecesInStep(at, moved.onHandAfter, entry);
        return [moved];
      }
    }
  }

  return { record, component, warehouse, location };
}

/**
 * Records `entries` in order in the caller's transaction and answers their rows (two for a transfer, none
 * for a count that matches). The first refusal throws: let it roll the transaction back.
 */
export async function recordMovements(
  tx: Tx,
  organizationId: string,
  userId: string | null,
  entries: readonly LedgerEntry[],
): Promise<RecordedMovement[]> {
  const ledger = openLedger(tx, organizationId, userId);
  const out: RecordedMovement[] = [];
  for (const entry of entries) out.push(...(await ledger.record(entry)));
  return out;
}

/** On-hand and value of one place as the ledger sums them. */
export interface PlaceTotal {
  componentId: string;
  warehouseId: string;
  locationId: string | null;
  onHand: string;
  value: string;
}

/**
 * The on-hand figure and value of every place as the ledger sums them (exact decimal text), to compare
 * with `stock_levels`: they agree as long as every movement went through the ledger.
 */
export async function ledgerTotals(tx: Tx, organizationId: string): Promise<PlaceTotal[]> {
  return queryRows<PlaceTotal>(
    tx,
    sql`select component_id as "componentId", warehouse_id as "warehouseId", location_id as "locationId",
          sum(quantity)::text as "onHand", sum(value)::text as "value"
        from stock_movements where organization_id = ${organizationId}
        group by component_id, warehouse_id, location_id`,
  );
}

/**
 * Recomputes `stock_levels` of the organisation from the ledger (a repair; the figures normally never
 * drift): every place the ledger knows gets its sums, a level the ledger has no row for goes to zero.
 * Answers how many levels changed.
 */
export async function rebuildStockLevels(tx: Tx, organizationId: string): Promise<number> {
  const zero = sql`'00000000-0000-0000-0000-000000000000'::uuid`;
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into stock_levels (organization_id, component_id, warehouse_id, location_id, on_hand, value)
        select ${organizationId}, component_id, warehouse_id, location_id, sum(quantity), sum(value)
        from stock_movements where organization_id = ${organizationId}
        group by component_id, warehouse_id, location_id
        on conflict (organization_id, component_id, warehouse_id, coalesce(location_id, ${zero}))
        do update set on_hand = excluded.on_hand, value = excluded.value, updated_at = now()
        where stock_levels.on_hand <> excluded.on_hand or stock_levels.value <> excluded.value
        returning id`,
  );
  const cleared = await queryRows<{ id: string }>(
    tx,
    sql`update stock_levels l set on_hand = 0, value = 0, updated_at = now()
        where l.organization_id = ${organizationId} and (l.on_hand <> 0 or l.value <> 0)
          and not exists (select 1 from stock_movements m where m.organization_id = l.organization_id
            and m.component_id = l.component_id and m.warehouse_id = l.warehouse_id
            and m.location_id is not distinct from l.location_id)
        returning l.id`,
  );
  return inserted.length + cleared.length;
}

/** Components of the organisation by id, as the ledger sees them (for views that format quantities). */
export async function ledgerComponents(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, LedgerComponent>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: components.id,
      kind: components.kind,
      partNumber: components.partNumber,
      brand: components.brand,
      costUnit: components.costUnit,
      cost: components.cost,
    })
    .from(components)
    .where(and(eq(components.organizationId, organizationId), inArray(components.id, [...ids])));
  return new Map(
    rows.map((r) => [
      r.id,
      { ...r, costUnit: r.costUnit as CostUnit, cost: r.cost ?? null, stockUnit: stockUnitOf(r) },
    ]),
  );
}
