/**
 * The pieces of hose in stock (ADR 19): reels and remnants with their batch, date code and what work orders
 * hold of them. The ledger keeps them in step with the on-hand figures (`keepPiecesInStep` in ledger.ts).
 */
import {
  type ComponentKind,
  type CostUnit,
  type HosePiece,
  type HosePieceListQuery,
  isPastShelfLife,
  isRemnant,
  type ListResponse,
  oldestUsableDateCode,
  useByOf,
} from '@hosewright/domain';
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  components,
  hosePieces,
  stockReservations,
  warehouseLocations,
  warehouses,
} from '../../db/schema.ts';
import { totalOf } from '../../lib/paging.ts';
import { getSettings } from '../organization/service.ts';

const PIECE_SORT = {
  partNumber: sql`lower(${components.partNumber})`,
  length: hosePieces.length,
  dateCode: sql`${hosePieces.dateCode} nulls last`,
  receivedAt: hosePieces.createdAt,
} as const;

/** What work orders (but `exceptWorkOrderId`) hold of a piece, mm: a column of a query over `hose_pieces`. */
export function reservedOfPiece(exceptWorkOrderId?: string) {
  const except = exceptWorkOrderId ? sql` and r.work_order_id <> ${exceptWorkOrderId}` : sql``;
  return sql<number>`coalesce((select sum(r.quantity) from ${stockReservations} r
    where r.organization_id = hose_pieces.organization_id and r.piece_id = hose_pieces.id${except}), 0)`.mapWith(
    Number,
  );
}

/** One page of the pieces with hose left, filtered by item, warehouse, remnants or shelf life. */
export async function listHosePieces(
  tx: Tx,
  organizationId: string,
  query: HosePieceListQuery,
): Promise<ListResponse<HosePiece>> {
  const settings = await getSettings(tx, organizationId);
  const today = new Date();
  const conditions: (SQL | undefined)[] = [
    eq(hosePieces.organizationId, organizationId),
    gt(hosePieces.length, 0),
  ];
  if (query.componentId) conditions.push(eq(hosePieces.componentId, query.componentId));
  if (query.warehouseId) conditions.push(eq(hosePieces.warehouseId, query.warehouseId));
  if (query.q) {
    const like = `%${query.q.toLowerCase()}%`;
    conditions.push(
      sql`(lower(${components.partNumber}) like ${like} or lower(${hosePieces.batch}) like ${like})`,
    );
  }
  if (query.remnants !== undefined) {
    const remnant = sql`${hosePieces.length} < ${settings.remnantLengthMm}`;
    conditions.push(query.remnants ? remnant : sql`not ${remnant}`);
  }
  if (query.pastShelfLife !== undefined) {
    const past = sql`coalesce(${hosePieces.dateCode} < ${oldestUsableDateCode(settings.hoseShelfLifeMonths, today)}, false)`;
    conditions.push(query.pastShelfLife ? past : sql`not ${past}`);
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await tx
    .select({
      id: hosePieces.id,
      componentId: components.id,
      kind: components.kind,
      costUnit: components.costUnit,
      partNumber: components.partNumber,
      brand: components.brand,
      description: components.description,
      warehouseId: warehouses.id,
      warehouseCode: warehouses.code,
      warehouseName: warehouses.name,
      locationId: warehouseLocations.id,
      locationCode: warehouseLocations.code,
      locationName: warehouseLocations.name,
      length: hosePieces.length,
      receivedLength: hosePieces.receivedLength,
      reserved: reservedOfPiece(),
      batch: hosePieces.batch,
      dateCode: hosePieces.dateCode,
      createdAt: hosePieces.createdAt,
    })
    .from(hosePieces)
    .innerJoin(components, eq(components.id, hosePieces.componentId))
    .innerJoin(warehouses, eq(warehouses.id, hosePieces.warehouseId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, hosePieces.locationId))
    .where(where)
    .orderBy(direction(PIECE_SORT[query.sort]), asc(hosePieces.createdAt), asc(hosePieces.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(hosePieces)
      .innerJoin(components, eq(components.id, hosePieces.componentId))
      .where(where);
    return row?.n ?? 0;
  });
  const items = rows.map(
    (r): HosePiece => ({
      _id: r.id,
      component: {
        _id: r.componentId,
        kind: r.kind as ComponentKind,
        partNumber: r.partNumber,
        brand: r.brand,
        description: r.description,
        costUnit: r.costUnit as CostUnit,
      },
      warehouse: { _id: r.warehouseId, code: r.warehouseCode, name: r.warehouseName },
      location:
        r.locationId === null
          ? null
          : { _id: r.locationId, code: r.locationCode ?? '', name: r.locationName ?? '' },
      length: r.length,
      receivedLength: r.receivedLength,
      reserved: r.reserved,
      batch: r.batch,
      dateCode: r.dateCode,
      useBy: useByOf(r.dateCode, settings.hoseShelfLifeMonths),
      remnant: isRemnant(r.length, settings.remnantLengthMm),
      pastShelfLife: isPastShelfLife(r.dateCode, settings.hoseShelfLifeMonths, today),
      receivedAt: r.createdAt.toISOString(),
    }),
  );
  return { items, total, page: query.page };
}
