/**
 * Inventory (packages/domain/src/inventory/contracts.ts): on-hand stock by item, warehouse and location, the
 * ledger, movements people record, reorder points and the low-stock list. Every function takes the tenant
 * transaction and the organisation; row-level security backs the explicit organisation filters up, and
 * another organisation's id answers exactly like a missing one (ADR 1). Stock changes only through the
 * ledger (`ledger.ts`).
 */
import {
  AppErrorCode,
  type CostUnit,
  formatStockQuantity,
  type InventoryList,
  type InventoryListQuery,
  inCostUnits,
  type ListResponse,
  type LowStock,
  type LowStockQuery,
  type QuantityUnit,
  type ReorderPoint,
  type ReorderPointInput,
  type StockLevel,
  type StockMovement,
  type StockMovementInput,
  type StockMovementListQuery,
  type StockMovementResult,
  type StockMovementType,
  type StockUnit,
  stockUnitOf,
  toStockQuantity,
  type UnitSystem,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  components,
  hosePieces,
  stockLevels,
  stockMovements,
  stockReorderPoints,
  users,
  warehouseLocations,
  warehouses,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { likePattern } from '../customers/service.ts';
import { getSettings, unitsOf } from '../organization/service.ts';
import { type LedgerComponent, type LedgerEntry, openLedger, type RecordedMovement } from './ledger.ts';

/** A 400 on one field, in the shape of a validation failure. */
function fieldError(field: string, message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path: [field], message }] });
}

/** `quantity` in `unit` as the ledger keeps it for this item, or a 400 on `field` that says what to write. */
export function stockQuantityOf(
  component: { stockUnit: StockUnit },
  quantity: number,
  unit: QuantityUnit,
  field = 'quantity',
): number {
  const converted = toStockQuantity(quantity, unit, component.stockUnit);
  if (!converted.ok) throw fieldError(field, converted.message);
  return converted.value;
}

// ---------------------------------------------------------------------------------------------------------
// Views

const componentColumns = {
  componentId: components.id,
  kind: components.kind,
  partNumber: components.partNumber,
  brand: components.brand,
  description: components.description,
  costUnit: components.costUnit,
};
const placeColumns = {
  warehouseId: warehouses.id,
  warehouseCode: warehouses.code,
  warehouseName: warehouses.name,
  locationId: warehouseLocations.id,
  locationCode: warehouseLocations.code,
  locationName: warehouseLocations.name,
};

type ComponentCols = {
  componentId: string;
  kind: string;
  partNumber: string;
  brand: string;
  description: string;
  costUnit: string;
};
type PlaceCols = {
  warehouseId: string;
  warehouseCode: string;
  warehouseName: string;
  locationId: string | null;
  locationCode: string | null;
  locationName: string | null;
};

function componentRef(r: ComponentCols): StockLevel['component'] {
  return {
    _id: r.componentId,
    kind: r.kind as StockLevel['component']['kind'],
    partNumber: r.partNumber,
    brand: r.brand,
    description: r.description,
    costUnit: r.costUnit as CostUnit,
  };
}

function placeRefs(r: PlaceCols): Pick<StockLevel, 'warehouse' | 'location'> {
  return {
    warehouse: { _id: r.warehouseId, code: r.warehouseCode, name: r.warehouseName },
    location: r.locationId
      ? { _id: r.locationId, code: r.locationCode ?? '', name: r.locationName ?? '' }
      : null,
  };
}

/** The item's stock in its warehouse (every location): compared with the reorder point. */
const warehouseOnHand = sql<number>`(select coalesce(sum(s.on_hand), 0) from stock_levels s
  where s.organization_id = ${stockLevels.organizationId} and s.component_id = ${stockLevels.componentId}
    and s.warehouse_id = ${stockLevels.warehouseId})`;

const levelColumns = {
  id: stockLevels.id,
  onHand: stockLevels.onHand,
  value: stockLevels.value,
  updatedAt: stockLevels.updatedAt,
  ...componentColumns,
  ...placeColumns,
  reorderPoint: stockReorderPoints.reorderPoint,
  reorderQuantity: stockReorderPoints.reorderQuantity,
  /** What released work orders hold at this place (their reservations). */
  reserved: sql<number>`(select coalesce(sum(r.quantity), 0) from stock_reservations r
    where r.organization_id = ${stockLevels.organizationId} and r.component_id = ${stockLevels.componentId}
      and r.warehouse_id = ${stockLevels.warehouseId}
      and r.location_id is not distinct from ${stockLevels.locationId})`.mapWith(Number),
  warehouseOnHand: sql<number | null>`case when ${stockReorderPoints.reorderPoint} is null then null
    else ${warehouseOnHand} end`.mapWith((v) => (v === null ? null : Number(v))),
};

type LevelRow = ComponentCols &
  PlaceCols & {
    id: string;
    onHand: number;
    value: number;
    updatedAt: Date;
    reorderPoint: number | null;
    reorderQuantity: number | null;
    reserved: number;
    warehouseOnHand: number | null;
  };

function toStockLevel(r: LevelRow): StockLevel {
  const stockUnit = stockUnitOf(r);
  const inCost = inCostUnits(r.onHand, stockUnit, r.costUnit as CostUnit);
  return {
    _id: r.id,
    component: componentRef(r),
    ...placeRefs(r),
    onHand: r.onHand,
    reserved: r.reserved,
    stockUnit,
    value: r.value,
    averageCost: r.onHand > 0 && inCost > 0 ? roundCost(r.value / inCost) : null,
    reorderPoint: r.reorderPoint ?? null,
    reorderQuantity: r.reorderQuantity ?? null,
    low: r.reorderPoint !== null && r.warehouseOnHand !== null && r.warehouseOnHand <= r.reorderPoint,
    updatedAt: r.updatedAt.toISOString(),
  };
}

function roundCost(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function levelQuery(tx: Tx, organizationId: string) {
  return tx
    .select(levelColumns)
    .from(stockLevels)
    .innerJoin(components, eq(components.id, stockLevels.componentId))
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockLevels.locationId))
    .leftJoin(
      stockReorderPoints,
      and(
        eq(stockReorderPoints.organizationId, organizationId),
        eq(stockReorderPoints.componentId, stockLevels.componentId),
        eq(stockReorderPoints.warehouseId, stockLevels.warehouseId),
      ),
    );
}

/** Free text of the lists: a substring of the item's part number, brand or description. */
function itemText(q: string): SQL {
  return sql`lower(${components.partNumber} || ' ' || ${components.brand} || ' ' || ${components.description}) like ${likePattern(q)}`;
}

const LEVEL_SORT = {
  partNumber: sql`lower(${components.partNumber})`,
  warehouse: sql`lower(${warehouses.code})`,
  onHand: stockLevels.onHand,
  value: stockLevels.value,
  updatedAt: stockLevels.updatedAt,
} as const;

/**
 * One page of stock lines. It reads `stock_levels` (one row per item and place), never the ledger, so a long
 * ledger costs nothing here. The page's ids are sorted with only the joins the sort and filters need (the
 * count and total value ride along), then the page's lines are read in full.
 */
export async function listInventory(
  tx: Tx,
  organizationId: string,
  query: InventoryListQuery,
): Promise<InventoryList> {
  const conditions: (SQL | undefined)[] = [eq(stockLevels.organizationId, organizationId)];
  if (query.q) conditions.push(itemText(query.q));
  if (query.warehouseId) conditions.push(eq(stockLevels.warehouseId, query.warehouseId));
  if (query.kind) conditions.push(eq(components.kind, query.kind));
  if (query.low !== undefined) {
    const low = sql`(${stockReorderPoints.reorderPoint} is not null and ${warehouseOnHand} <= ${stockReorderPoints.reorderPoint})`;
    conditions.push(query.low ? low : sql`not ${low}`);
  }
  const where = and(...conditions);
  const reorderJoin = and(
    eq(stockReorderPoints.organizationId, organizationId),
    eq(stockReorderPoints.componentId, stockLevels.componentId),
    eq(stockReorderPoints.warehouseId, stockLevels.warehouseId),
  );
  const direction = query.order === 'desc' ? desc : asc;
  // The count and total value come with the page (window sums over every filtered line), saving a second
  // pass over the levels; only a page past the end, which has no rows to carry them, counts separately.
  let page = tx
    .select({
      id: stockLevels.id,
      n: sql<number>`count(*) over ()`.mapWith(Number),
      value: sql<string>`coalesce(sum(${stockLevels.value}) over (), 0)::text`,
    })
    .from(stockLevels)
    .innerJoin(components, eq(components.id, stockLevels.componentId))
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockLevels.locationId))
    .$dynamic();
  if (query.low !== undefined) page = page.leftJoin(stockReorderPoints, reorderJoin);
  const rows = await page
    .where(where)
    .orderBy(
      direction(LEVEL_SORT[query.sort]),
      asc(sql`lower(${components.partNumber})`),
      asc(sql`lower(${components.brand})`),
      asc(sql`lower(${warehouses.code})`),
      asc(sql`lower(coalesce(${warehouseLocations.code}, ''))`),
      asc(stockLevels.id),
    )
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  let totals: { n: number; value: string } | undefined = rows[0];
  if (!totals && query.page > 1) {
    // Every line has its component and warehouse (foreign keys): the totals join only what filters need.
    let totalsQuery = tx
      .select({ n: count(), value: sql<string>`coalesce(sum(${stockLevels.value}), 0)::text` })
      .from(stockLevels)
      .$dynamic();
    if (query.q || query.kind) {
      totalsQuery = totalsQuery.innerJoin(components, eq(components.id, stockLevels.componentId));
    }
    if (query.low !== undefined) totalsQuery = totalsQuery.leftJoin(stockReorderPoints, reorderJoin);
    [totals] = await totalsQuery.where(where);
  }
  const ids = rows;
  const { baseCurrency } = await getSettings(tx, organizationId);
  return {
    items: await levelsById(
      tx,
      organizationId,
      ids.map((r) => r.id),
    ),
    total: totals?.n ?? 0,
    page: query.page,
    totalValue: Number(totals?.value ?? 0),
    currency: baseCurrency,
  };
}

async function levelsById(tx: Tx, organizationId: string, ids: readonly string[]): Promise<StockLevel[]> {
  if (ids.length === 0) return [];
  const rows = await levelQuery(tx, organizationId).where(
    and(eq(stockLevels.organizationId, organizationId), inArray(stockLevels.id, [...ids])),
  );
  const byId = new Map((rows as LevelRow[]).map((r) => [r.id, toStockLevel(r)]));
  return ids.flatMap((id) => {
    const level = byId.get(id);
    return level ? [level] : [];
  });
}

const movementColumns = {
  id: stockMovements.id,
  type: stockMovements.type,
  quantity: stockMovements.quantity,
  value: stockMovements.value,
  onHandAfter: stockMovements.onHandAfter,
  reason: stockMovements.reason,
  reference: stockMovements.reference,
  notes: stockMovements.notes,
  groupId: stockMovements.groupId,
  createdAt: stockMovements.createdAt,
  createdById: stockMovements.createdBy,
  createdByName: users.name,
  ...componentColumns,
  ...placeColumns,
};

function movementQuery(tx: Tx) {
  return tx
    .select(movementColumns)
    .from(stockMovements)
    .innerJoin(components, eq(components.id, stockMovements.componentId))
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockMovements.locationId))
    .leftJoin(users, eq(users.id, stockMovements.createdBy));
}

type MovementRow = ComponentCols &
  PlaceCols & {
    id: string;
    type: string;
    quantity: number;
    value: number;
    onHandAfter: number;
    reason: string;
    reference: string;
    notes: string;
    groupId: string | null;
    createdAt: Date;
    createdById: string | null;
    createdByName: string | null;
  };

function toStockMovement(r: MovementRow): StockMovement {
  return {
    _id: r.id,
    type: r.type as StockMovementType,
    component: componentRef(r),
    ...placeRefs(r),
    quantity: r.quantity,
    stockUnit: stockUnitOf(r),
    value: r.value,
    onHandAfter: r.onHandAfter,
    reason: r.reason,
    reference: r.reference,
    notes: r.notes,
    groupId: r.groupId,
    createdBy: r.createdById ? { _id: r.createdById, name: r.createdByName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The ledger, newest first (by its order, `seq`), by item, warehouse, type or the item's text. */
export async function listStockMovements(
  tx: Tx,
  organizationId: string,
  query: StockMovementListQuery,
): Promise<ListResponse<StockMovement>> {
  const conditions: (SQL | undefined)[] = [eq(stockMovements.organizationId, organizationId)];
  if (query.componentId) conditions.push(eq(stockMovements.componentId, query.componentId));
  if (query.warehouseId) conditions.push(eq(stockMovements.warehouseId, query.warehouseId));
  if (query.type) conditions.push(eq(stockMovements.type, query.type));
  if (query.q) conditions.push(itemText(query.q));
  const where = and(...conditions);
  const rows = await movementQuery(tx)
    .where(where)
    .orderBy((query.order === 'asc' ? asc : desc)(stockMovements.seq))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const base = tx.select({ n: count() }).from(stockMovements);
    const [counted] = query.q
      ? await base.innerJoin(components, eq(components.id, stockMovements.componentId)).where(where)
      : await base.where(where);
    return counted?.n ?? 0;
  });
  return { items: (rows as MovementRow[]).map(toStockMovement), total, page: query.page };
}

async function movementsById(tx: Tx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await movementQuery(tx)
    .where(and(eq(stockMovements.organizationId, organizationId), inArray(stockMovements.id, [...ids])))
    .orderBy(asc(stockMovements.seq));
  return (rows as MovementRow[]).map(toStockMovement);
}

// ---------------------------------------------------------------------------------------------------------
// Recording a movement

/** The ledger entry of what a person recorded, in the item's stock unit (a 400 on `quantity` otherwise). */
function entryOf(input: StockMovementInput, component: LedgerComponent): LedgerEntry {
  const quantity = stockQuantityOf(component, input.quantity, input.unit);
  // Half a tenth of a millimetre or less rounds to nothing.
  if (quantity === 0) throw fieldError('quantity', 'The quantity is too small to record');
  switch (input.type) {
    case 'receipt':
    case 'return':
      return { ...input, quantity, unitCost: input.unitCost };
    case 'adjustment':
      return { ...input, quantity, unitCost: quantity > 0 ? input.unitCost : undefined };
    case 'scrap':
      return { ...input, quantity: -quantity };
    case 'transfer':
      return {
        type: 'transfer',
        componentId: input.componentId,
        from: input.from,
        to: input.to,
        quantity,
        notes: input.notes,
        pieceId: input.pieceId,
      };
  }
}

/**
 * Batch, date code and piece are for hose stocked by length (ADR 19); a piece named for hose going out must
 * be one with hose left at the place it goes out of (404 otherwise) and hold the length (409 otherwise).
 */
async function checkHoseFields(
  tx: Tx,
  organizationId: string,
  input: StockMovementInput,
  entry: LedgerEntry,
  component: LedgerComponent,
  units: UnitSystem,
): Promise<void> {
  const fields = ['batch', 'dateCode', 'pieceId'] as const;
  if (component.stockUnit !== 'mm') {
    const given = fields.find((f) => f in input && (input as Record<string, unknown>)[f] !== undefined);
    if (given) {
      throw fieldError(
        given,
        `${component.partNumber} is counted in pieces: only hose stocked by length has a batch, date code or piece`,
      );
    }
    return;
  }
  const pieceId = 'pieceId' in input ? input.pieceId : undefined;
  if (!pieceId || entry.type === 'count') return;
  const quantity = Math.abs(entry.quantity);
  const place = entry.type === 'transfer' ? entry.from : entry;
  if (entry.type !== 'transfer' && entry.quantity > 0) return;
  const [piece] = await tx
    .select({ length: hosePieces.length, batch: hosePieces.batch })
    .from(hosePieces)
    .where(
      and(
        eq(hosePieces.organizationId, organizationId),
        eq(hosePieces.id, pieceId),
        eq(hosePieces.componentId, component.id),
        eq(hosePieces.warehouseId, place.warehouseId),
        place.locationId === null
          ? isNull(hosePieces.locationId)
          : eq(hosePieces.locationId, place.locationId),
        gt(hosePieces.length, 0),
      ),
    );
  if (!piece) throw AppError.notFound('This piece of hose');
  if (piece.length + 1e-6 < quantity) {
    const fmt = (v: number) => formatStockQuantity(v, 'mm', units);
    throw new AppError(
      AppErrorCode.Conflict,
      `This piece of ${component.partNumber} is ${fmt(piece.length)} long; ${fmt(quantity)} was asked for`,
      { field: 'quantity' },
    );
  }
}

/**
 * Records one movement a person entered and answers its rows and the stock they leave. The item,
 * warehouses and locations must be the organisation's (404), the quantity in a unit the item is stocked
 * in (400), and stock may not go below zero unless the organisation allows it (409 with what is on hand).
 */
export async function createStockMovement(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: StockMovementInput,
): Promise<StockMovementResult> {
  const ledger = openLedger(tx, organizationId, userId);
  const component = await ledger.component(input.componentId);
  // The places are checked before the quantity: an unknown place is a 404 whatever was typed.
  const places = input.type === 'transfer' ? [input.from, input.to] : [input];
  for (const place of places) {
    await ledger.warehouse(place.warehouseId);
    await ledger.location(place.warehouseId, place.locationId);
  }
  const entry = entryOf(input, component);
  await checkHoseFields(
    tx,
    organizationId,
    input,
    entry,
    component,
    (await unitsOf(tx, organizationId, userId)).units,
  );
  const recorded: RecordedMovement[] = await ledger.record(entry);
  const levelIds = [...new Set(recorded.map((m) => m.levelId))];
  return {
    movements: await movementsById(
      tx,
      organizationId,
      recorded.map((m) => m.id),
    ),
    levels: await levelsById(tx, organizationId, levelIds),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reorder points and low stock

/** Sets (or with a null reorder point clears) the reorder point and quantity of an item in a warehouse. */
export async function updateReorderPoint(
  tx: Tx,
  organizationId: string,
  input: ReorderPointInput,
): Promise<ReorderPoint> {
  const ledger = openLedger(tx, organizationId, null);
  const component = await ledger.component(input.componentId);
  await ledger.warehouse(input.warehouseId);
  const key = and(
    eq(stockReorderPoints.organizationId, organizationId),
    eq(stockReorderPoints.componentId, input.componentId),
    eq(stockReorderPoints.warehouseId, input.warehouseId),
  );
  const base = { componentId: input.componentId, warehouseId: input.warehouseId };
  if (input.reorderPoint === null) {
    await tx.delete(stockReorderPoints).where(key);
    return { ...base, reorderPoint: null, reorderQuantity: null, stockUnit: component.stockUnit };
  }
  const reorderPoint = stockQuantityOf(component, input.reorderPoint, input.unit, 'reorderPoint');
  const reorderQuantity =
    input.reorderQuantity === null
      ? null
      : stockQuantityOf(component, input.reorderQuantity, input.unit, 'reorderQuantity');
  if (reorderQuantity === 0) throw fieldError('reorderQuantity', 'The reorder quantity must be more than 0');
  await tx
    .insert(stockReorderPoints)
    .values({ ...base, organizationId, reorderPoint, reorderQuantity })
    .onConflictDoUpdate({
      target: [
        stockReorderPoints.organizationId,
        stockReorderPoints.componentId,
        stockReorderPoints.warehouseId,
      ],
      set: { reorderPoint, reorderQuantity },
    });
  return { ...base, reorderPoint, reorderQuantity, stockUnit: component.stockUnit };
}

/** At least this much of a length is suggested (1 m), when the shortfall is smaller. */
const MIN_LENGTH_ORDER_MM = 1000;

/**
 * What to order: the reorder quantity, or what brings the stock back above the reorder point (one piece
 * more; for a length the shortfall, at least a metre).
 */
export function suggestedOrder(
  stockUnit: StockUnit,
  onHand: number,
  reorderPoint: number,
  reorderQuantity: number | null,
): number {
  if (reorderQuantity !== null) return reorderQuantity;
  if (stockUnit === 'each') return Math.max(1, Math.ceil(reorderPoint - onHand) + 1);
  return Math.max(MIN_LENGTH_ORDER_MM, Math.round((reorderPoint - onHand) * 10) / 10);
}

const LOW_SORT = {
  partNumber: sql`lower(${components.partNumber})`,
  warehouse: sql`lower(${warehouses.code})`,
} as const;

/** Items each warehouse holds no more of (all its locations) than their reorder point. */
export async function listLowStock(
  tx: Tx,
  organizationId: string,
  query: LowStockQuery,
): Promise<ListResponse<LowStock>> {
  const onHand = sql<number>`(select coalesce(sum(s.on_hand), 0) from stock_levels s
    where s.organization_id = ${stockReorderPoints.organizationId}
      and s.component_id = ${stockReorderPoints.componentId}
      and s.warehouse_id = ${stockReorderPoints.warehouseId})`;
  const conditions: (SQL | undefined)[] = [
    eq(stockReorderPoints.organizationId, organizationId),
    sql`${onHand} <= ${stockReorderPoints.reorderPoint}`,
  ];
  if (query.warehouseId) conditions.push(eq(stockReorderPoints.warehouseId, query.warehouseId));
  if (query.q) conditions.push(itemText(query.q));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const from = () =>
    tx
      .select({
        ...componentColumns,
        warehouseId: warehouses.id,
        warehouseCode: warehouses.code,
        warehouseName: warehouses.name,
        onHand: onHand.mapWith(Number),
        reorderPoint: stockReorderPoints.reorderPoint,
        reorderQuantity: stockReorderPoints.reorderQuantity,
      })
      .from(stockReorderPoints)
      .innerJoin(components, eq(components.id, stockReorderPoints.componentId))
      .innerJoin(warehouses, eq(warehouses.id, stockReorderPoints.warehouseId));
  const rows = await from()
    .where(where)
    .orderBy(
      direction(LOW_SORT[query.sort]),
      asc(sql`lower(${components.partNumber})`),
      asc(sql`lower(${warehouses.code})`),
      asc(components.id),
    )
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx
      .select({ n: count() })
      .from(stockReorderPoints)
      .innerJoin(components, eq(components.id, stockReorderPoints.componentId))
      .where(where);
    return counted?.n ?? 0;
  });
  return {
    items: rows.map((r) => {
      const stockUnit = stockUnitOf(r);
      return {
        component: componentRef(r),
        warehouse: { _id: r.warehouseId, code: r.warehouseCode, name: r.warehouseName },
        onHand: r.onHand,
        reorderPoint: r.reorderPoint,
        reorderQuantity: r.reorderQuantity ?? null,
        stockUnit,
        suggestedOrder: suggestedOrder(stockUnit, r.onHand, r.reorderPoint, r.reorderQuantity ?? null),
      };
    }),
    total,
    page: query.page,
  };
}
