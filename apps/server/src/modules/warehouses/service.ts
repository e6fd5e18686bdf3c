/**
 * Warehouses and their locations (`packages/domain/src/warehouses/contracts.ts`). Every function takes the
 * tenant transaction and the organisation; row-level security backs the explicit organisation filters up.
 * Another organisation's id answers exactly like a missing one (ADR 1).
 */
import type {
  ListResponse,
  Warehouse,
  WarehouseInput,
  WarehouseListQuery,
  WarehouseLocationInput,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { stockLevels, stockMovements, warehouseLocations, warehouses, workOrders } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { likePattern } from '../customers/service.ts';
import { makeDefaultWarehouse } from './default.ts';

type Row = typeof warehouses.$inferSelect;
type LocationRow = typeof warehouseLocations.$inferSelect;

const WAREHOUSE = 'This warehouse';
const LOCATION = 'This location';

interface Stock {
  stockLines: number;
  stockValue: number;
}

export function toWarehouse(row: Row, locations: LocationRow[], stock: Stock | undefined): Warehouse {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind as Warehouse['kind'],
    region: row.region,
    address: (row.address ?? null) as Warehouse['address'],
    notes: row.notes,
    isDefault: row.isDefault,
    active: row.active,
    locations: [...locations]
      .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
      .map((l) => ({ _id: l.id, code: l.code, name: l.name })),
    stockLines: stock?.stockLines ?? 0,
    stockValue: stock?.stockValue ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Locations and stock of these warehouses: two queries whatever their number (no query per warehouse). */
async function withDetails(tx: Tx, organizationId: string, rows: Row[]): Promise<Warehouse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const locations = await tx
    .select()
    .from(warehouseLocations)
    .where(
      and(
        eq(warehouseLocations.organizationId, organizationId),
        inArray(warehouseLocations.warehouseId, ids),
      ),
    )
    .orderBy(asc(warehouseLocations.position), asc(warehouseLocations.code));
  const stock = await tx
    .select({
      warehouseId: stockLevels.warehouseId,
      lines: sql<number>`count(*) filter (where ${stockLevels.onHand} <> 0)`.mapWith(Number),
      value: sql<string>`coalesce(sum(${stockLevels.value}), 0)`.mapWith(Number),
    })
    .from(stockLevels)
    .where(and(eq(stockLevels.organizationId, organizationId), inArray(stockLevels.warehouseId, ids)))
    .groupBy(stockLevels.warehouseId);
  const byWarehouse = new Map<string, LocationRow[]>();
  for (const l of locations) {
    const list = byWarehouse.get(l.warehouseId) ?? [];
    list.push(l);
    byWarehouse.set(l.warehouseId, list);
  }
  const stockOf = new Map(stock.map((s) => [s.warehouseId, { stockLines: s.lines, stockValue: s.value }]));
  return rows.map((r) => toWarehouse(r, byWarehouse.get(r.id) ?? [], stockOf.get(r.id)));
}

/** Free text of the list: a substring of code, name or region. */
const searchText = sql`lower(${warehouses.code} || ' ' || ${warehouses.name} || ' ' || ${warehouses.region})`;

const SORT_COLUMNS = {
  code: sql`lower(${warehouses.code})`,
  name: sql`lower(${warehouses.name})`,
  region: sql`lower(${warehouses.region})`,
  kind: warehouses.kind,
  createdAt: warehouses.createdAt,
} as const;

export async function listWarehouses(
  tx: Tx,
  organizationId: string,
  query: WarehouseListQuery,
): Promise<ListResponse<Warehouse>> {
  const conditions: (SQL | undefined)[] = [eq(warehouses.organizationId, organizationId)];
  if (query.q) conditions.push(sql`${searchText} like ${likePattern(query.q)}`);
  if (query.active !== undefined) conditions.push(eq(warehouses.active, query.active));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await tx
    .select()
    .from(warehouses)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), asc(sql`lower(${warehouses.code})`), asc(warehouses.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(warehouses).where(where);
    return counted?.n ?? 0;
  });
  return { items: await withDetails(tx, organizationId, rows), total, page: query.page };
}

export async function findWarehouseRow(tx: Tx, organizationId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, id)));
  if (!row) throw AppError.notFound(WAREHOUSE);
  return row;
}

export async function getWarehouse(tx: Tx, organizationId: string, id: string): Promise<Warehouse> {
  const row = await findWarehouseRow(tx, organizationId, id);
  const [warehouse] = await withDetails(tx, organizationId, [row]);
  if (!warehouse) throw AppError.notFound(WAREHOUSE);
  return warehouse;
}

/** A warehouse of the organisation by code (case-insensitive), or null. */
export async function findWarehouseByCode(tx: Tx, organizationId: string, code: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(
      and(
        eq(warehouses.organizationId, organizationId),
        sql`lower(${warehouses.code}) = ${code.toLowerCase()}`,
      ),
    );
  return row ?? null;
}

async function assertCodeFree(
  tx: Tx,
  organizationId: string,
  code: string,
  exceptId?: string,
): Promise<void> {
  const clash = await findWarehouseByCode(tx, organizationId, code);
  if (clash && clash.id !== exceptId) {
    throw new AppError('CONFLICT', `Warehouse code ${code} is already used by ${clash.name}`, {
      field: 'code',
    });
  }
}

async function countWarehouses(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(warehouses)
    .where(eq(warehouses.organizationId, organizationId));
  return row?.n ?? 0;
}

function toColumns(input: WarehouseInput) {
  return {
    code: input.code,
    name: input.name,
    kind: input.kind,
    region: input.region,
    address: input.address,
    notes: input.notes,
    active: input.active,
  };
}

const NOT_WITHOUT_DEFAULT = 'Make another warehouse the default first';

/** Creates a warehouse; the organisation's first one is its default. */
export async function createWarehouse(
  tx: Tx,
  organizationId: string,
  input: WarehouseInput,
): Promise<Warehouse> {
  await assertCodeFree(tx, organizationId, input.code);
  const first = (await countWarehouses(tx, organizationId)) === 0;
  if (first && !input.active) {
    throw new AppError('CONFLICT', 'Your first warehouse is the default: it must be active', {
      field: 'active',
    });
  }
  if (input.isDefault && !input.active) {
    throw new AppError('CONFLICT', 'The default warehouse must be active', { field: 'active' });
  }
  const [row] = await tx
    .insert(warehouses)
    .values({ ...toColumns(input), organizationId, isDefault: false })
    .returning();
  if (!row) throw new Error('warehouse insert returned nothing');
  await saveLocations(tx, organizationId, row, input.locations);
  if (first || input.isDefault) await makeDefaultWarehouse(tx, organizationId, row.id);
  return getWarehouse(tx, organizationId, row.id);
}

/** Changes a warehouse and its whole list of locations. */
export async function updateWarehouse(
  tx: Tx,
  organizationId: string,
  id: string,
  input: WarehouseInput,
): Promise<Warehouse> {
  const current = await findWarehouseRow(tx, organizationId, id);
  await assertCodeFree(tx, organizationId, input.code, id);
  if (current.isDefault && input.isDefault === false) {
    throw new AppError('CONFLICT', NOT_WITHOUT_DEFAULT, { field: 'isDefault' });
  }
  const willBeDefault = input.isDefault ?? current.isDefault;
  if (willBeDefault && !input.active) {
    throw new AppError(
      'CONFLICT',
      current.isDefault
        ? `${NOT_WITHOUT_DEFAULT}: the default warehouse stays active`
        : 'The default warehouse must be active',
      { field: 'active' },
    );
  }
  await tx
    .update(warehouses)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, id)));
  await saveLocations(tx, organizationId, current, input.locations);
  if (input.isDefault && !current.isDefault) await makeDefaultWarehouse(tx, organizationId, id);
  return getWarehouse(tx, organizationId, id);
}

/** Codes of these locations that hold stock or have ledger rows, in the order given. */
async function locationsInUse(tx: Tx, organizationId: string, locations: LocationRow[]): Promise<string[]> {
  if (locations.length === 0) return [];
  const ids = locations.map((l) => l.id);
  const held = await tx
    .selectDistinct({ id: stockLevels.locationId })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.organizationId, organizationId),
        inArray(stockLevels.locationId, ids),
        sql`${stockLevels.onHand} <> 0`,
      ),
    );
  const moved = await tx
    .selectDistinct({ id: stockMovements.locationId })
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, organizationId), inArray(stockMovements.locationId, ids)));
  const used = new Set([...held, ...moved].map((r) => r.id));
  return locations.filter((l) => used.has(l.id)).map((l) => l.code);
}

/**
 * Makes the warehouse's locations the list given: an `_id` keeps its location (it must be this warehouse's),
 * one without is new, one left out is removed (refused while it holds stock or has ledger rows), the
 * position is the order in the list.
 */
export async function saveLocations(
  tx: Tx,
  organizationId: string,
  warehouse: Row,
  input: WarehouseLocationInput[],
): Promise<void> {
  const existing = await tx
    .select()
    .from(warehouseLocations)
    .where(
      and(
        eq(warehouseLocations.organizationId, organizationId),
        eq(warehouseLocations.warehouseId, warehouse.id),
      ),
    )
    .orderBy(asc(warehouseLocations.position));
  const byId = new Map(existing.map((l) => [l.id, l]));
  for (const l of input) if (l._id && !byId.has(l._id)) throw AppError.notFound(LOCATION);
  const kept = new Set(input.flatMap((l) => (l._id ? [l._id] : [])));
  const removed = existing.filter((l) => !kept.has(l.id));
  const inUse = await locationsInUse(tx, organizationId, removed);
  if (inUse.length > 0) {
    const list = inUse.join(', ');
    throw new AppError(
      'CONFLICT',
      inUse.length === 1
        ? `Location ${list} holds stock: move it before removing the location`
        : `Locations ${list} hold stock: move it before removing the locations`,
      { field: 'locations', locations: inUse },
    );
  }
  if (removed.length > 0) {
    // Lines at zero with no movement behind them (none should exist) would block the delete: they go too.
    await tx.delete(stockLevels).where(
      and(
        eq(stockLevels.organizationId, organizationId),
        inArray(
          stockLevels.locationId,
          removed.map((l) => l.id),
        ),
      ),
    );
    await tx.delete(warehouseLocations).where(
      and(
        eq(warehouseLocations.organizationId, organizationId),
        inArray(
          warehouseLocations.id,
          removed.map((l) => l.id),
        ),
      ),
    );
  }
  // A kept location may take a code another one had before: clear the codes first so the unique index on
  // lower(code) never sees two at once.
  const renamed = input.filter((l) => l._id && byId.get(l._id)?.code !== l.code);
  if (renamed.length > 0) {
    await tx
      .update(warehouseLocations)
      .set({ code: sql`${warehouseLocations.id}::text` })
      .where(
        and(
          eq(warehouseLocations.organizationId, organizationId),
          inArray(
            warehouseLocations.id,
            renamed.map((l) => l._id as string),
          ),
        ),
      );
  }
  const fresh: (typeof warehouseLocations.$inferInsert)[] = [];
  const changed: { id: string; code: string; name: string; position: number }[] = [];
  for (const [position, l] of input.entries()) {
    const before = l._id ? byId.get(l._id) : undefined;
    if (!before) {
      fresh.push({ organizationId, warehouseId: warehouse.id, code: l.code, name: l.name, position });
    } else if (before.code !== l.code || before.name !== l.name || before.position !== position) {
      changed.push({ id: before.id, code: l.code, name: l.name, position });
    }
  }
  if (changed.length > 0) {
    // One statement however many moved (a location put first moves all the others).
    await tx.execute(sql`update ${warehouseLocations} set code = x.code, name = x.name, position = x.position
      from json_to_recordset(${JSON.stringify(changed)}::json) as x(id uuid, code text, name text, position int)
      where ${warehouseLocations.organizationId} = ${organizationId} and ${warehouseLocations.id} = x.id`);
  }
  if (fresh.length > 0) await tx.insert(warehouseLocations).values(fresh);
}

/** Deletes a warehouse that is not the default, holds no stock and has no ledger rows; locations go too. */
export async function deleteWarehouse(tx: Tx, organizationId: string, id: string): Promise<void> {
  const row = await findWarehouseRow(tx, organizationId, id);
  if (row.isDefault) {
    throw new AppError('CONFLICT', 'Make another warehouse the default before deleting this one');
  }
  const [held] = await tx
    .select({ n: count() })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.organizationId, organizationId),
        eq(stockLevels.warehouseId, id),
        sql`${stockLevels.onHand} <> 0`,
      ),
    );
  if ((held?.n ?? 0) > 0) {
    throw new AppError('CONFLICT', `Warehouse ${row.code} holds stock: move or adjust it to zero first`);
  }
  const [moved] = await tx
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, organizationId), eq(stockMovements.warehouseId, id)))
    .limit(1);
  if (moved) {
    throw new AppError(
      'CONFLICT',
      `Warehouse ${row.code} has stock history, which is kept: make it inactive instead of deleting it`,
    );
  }
  const [ordered] = await tx
    .select({ number: workOrders.number })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.warehouseId, id)))
    .limit(1);
  if (ordered) {
    throw new AppError(
      'CONFLICT',
      `Warehouse ${row.code} is the warehouse of work order ${ordered.number}: make it inactive instead of deleting it`,
    );
  }
  // Zero stock lines left by no movement (none should exist) would block the delete: remove them.
  await tx
    .delete(stockLevels)
    .where(and(eq(stockLevels.organizationId, organizationId), eq(stockLevels.warehouseId, id)));
  await tx
    .delete(warehouses)
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, id)));
}
