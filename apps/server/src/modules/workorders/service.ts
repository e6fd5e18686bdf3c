/**
 * Work orders' business operations (packages/domain/src/workorders/contracts.ts, ADR 18): the list, one
 * work order as the shop floor reads it, create (from assemblies, a kit or a scanned tag), update, release
 * (reserve the stock, number the units), cancel and delete. The bench and completion are `building.ts`, the
 * PDFs `documents.ts`; both read through `lockWorkOrder` and `getWorkOrder` here.
 *
 * Every function takes the tenant transaction and the organisation; row-level security backs the explicit
 * organisation filters up, and another organisation's id answers exactly like a missing one (ADR 1). Each
 * business operation is the route's one transaction: a refusal throws before anything is kept.
 */
import {
  AppErrorCode,
  assemblyTitle,
  BUILD_STEPS,
  type BuildStep,
  COMPONENT_KINDS,
  type ComponentKind,
  type CrimpEnd,
  comparePickOrder,
  formatStockQuantity,
  isPastShelfLife,
  isRemnant,
  kitTitle,
  type ListResponse,
  nextPartNumber,
  normalizeSerialId,
  requiredBuildSteps,
  SERIAL_ID_PATTERN,
  type StockUnit,
  stockUnitOf,
  type UnitSystem,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  type WorkOrder,
  type WorkOrderCreate,
  type WorkOrderLineInput,
  type WorkOrderListQuery,
  type WorkOrderMaterial,
  type WorkOrderPick,
  type WorkOrderStatus,
  type WorkOrderSummary,
  type WorkOrderUnit,
  type WorkOrderUpdate,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { takeTurnsNumbering } from '../../db/numbering.ts';
import {
  components,
  crimpSpecs,
  customers,
  hoseAssemblies,
  hoseAssemblySerials,
  hoseKitLines,
  hoseKits,
  hosePieces,
  stockLevels,
  stockReservations,
  users,
  warehouseLocations,
  warehouses,
  workOrderItems,
  workOrderLines,
  workOrders,
  workOrderUnits,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { generateSerialId, SERIAL_NOT_FOUND, type StoredSpec } from '../assemblies/service.ts';
import { likePattern } from '../customers/service.ts';
import { roundQuantity } from '../inventory/ledger.ts';
import { reservedOfPiece } from '../inventory/pieces.ts';
import { getSettings, unitsOf } from '../organization/service.ts';
import { findDefaultWarehouse } from '../warehouses/default.ts';

export type WorkOrderRow = typeof workOrders.$inferSelect;
type UnitRow = typeof workOrderUnits.$inferSelect;

const WORK_ORDER = 'This work order';

// ---------------------------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------------------------

/** A refusal of the request body (400) with the field it concerns. */
function badInput(path: (string | number)[], message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path, message }] });
}

function conflict(message: string, details?: Record<string, unknown>): AppError {
  return new AppError(AppErrorCode.Conflict, message, details);
}

/** How a status reads in a sentence: "WO-00001 is released". */
const STATUS_PHRASES: Readonly<Record<WorkOrderStatus, string>> = {
  draft: 'a draft',
  released: 'released',
  inProgress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
};

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

/** The work order row, locked for this transaction (status changes and the bench go one at a time). */
export async function lockWorkOrder(tx: Tx, organizationId: string, id: string): Promise<WorkOrderRow> {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)))
    .for('update');
  if (!row) throw AppError.notFound(WORK_ORDER);
  return row;
}

/** What the work order needs to know of a part its assemblies use. */
interface PartRow {
  id: string;
  kind: string;
  partNumber: string;
  description: string;
  costUnit: string;
  skive: boolean | null;
  series: string | null;
}

async function loadParts(
  tx: Tx,
  organizationId: string,
  ids: Iterable<string>,
): Promise<Map<string, PartRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: components.id,
      kind: components.kind,
      partNumber: components.partNumber,
      description: components.description,
      costUnit: components.costUnit,
      skive: components.skive,
      series: components.series,
    })
    .from(components)
    .where(and(eq(components.organizationId, organizationId), inArray(components.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The parts of a saved assembly revision (its `spec`), as ids. */
function partIdsOf(spec: StoredSpec): string[] {
  const { hose, endA, endB, wrap } = spec.parts;
  return [hose, endA.fitting, endA.ferrule, endA.adaptor, endB.fitting, endB.ferrule, endB.adaptor, wrap]
    .filter((p): p is NonNullable<typeof p> => !!p)
    .map((p) => p._id);
}

interface LineRow {
  id: string;
  position: number;
  quantity: number;
  replacesSerialId: string | null;
  hoseAssemblyId: string;
  partNumber: string;
  revision: string;
  description: string;
  spec: StoredSpec;
}

async function loadLines(tx: Tx, organizationId: string, workOrderId: string): Promise<LineRow[]> {
  const rows = await tx
    .select({
      id: workOrderLines.id,
      position: workOrderLines.position,
      quantity: workOrderLines.quantity,
      replacesSerialId: workOrderLines.replacesSerialId,
      hoseAssemblyId: workOrderLines.hoseAssemblyId,
      partNumber: hoseAssemblies.partNumber,
      revision: hoseAssemblies.revision,
      description: hoseAssemblies.description,
      spec: hoseAssemblies.spec,
    })
    .from(workOrderLines)
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, workOrderLines.hoseAssemblyId))
    .where(
      and(eq(workOrderLines.organizationId, organizationId), eq(workOrderLines.workOrderId, workOrderId)),
    )
    .orderBy(asc(workOrderLines.position));
  return rows.map((r) => ({ ...r, spec: r.spec as StoredSpec }));
}

/** Whether the hose of this assembly must be skived: the hose component says (its `skive` column). */
function skiveOf(spec: StoredSpec, parts: Map<string, PartRow>): boolean {
  const hose = parts.get(spec.parts.hose._id);
  return hose ? hose.skive === true : spec.parts.hose.skive === true;
}

// ---------------------------------------------------------------------------------------------------------
// Materials: what every unit uses, in the stock unit (packages/domain/src/inventory/inventory.ts)
// ---------------------------------------------------------------------------------------------------------

/** One item the work order needs in all. */
interface Requirement {
  part: PartRow;
  stockUnit: StockUnit;
  /** In the stock unit: pieces, or millimetres. */
  quantity: number;
  /**
   * Items stocked by length: each unit's piece (a cut length), `count` of them. A piece is cut from one
   * place: a cut cannot span two reels.
   */
  pieces: { lengthMm: number; count: number }[];
}

interface Requirements {
  byComponent: Map<string, Requirement>;
  /** Parts the assemblies name that are no longer in the library: "FER-SN-08 (C-00001_A)". */
  missing: string[];
}

/**
 * What one unit of each line uses, times the line's quantity, summed per item: the hose (its cut length
 * when stocked by length, else one piece), each end's fitting, ferrule and adaptor (one each), and the
 * wrap (its length when stocked by length, else one).
 */
function requirementsOf(
  lines: readonly { spec: StoredSpec; quantity: number; title: string }[],
  parts: Map<string, PartRow>,
  items: readonly NewItem[] = [],
): Requirements {
  const byComponent = new Map<string, Requirement>();
  const missing: string[] = [];
  const requirementOf = (part: PartRow): Requirement => {
    let requirement = byComponent.get(part.id);
    if (!requirement) {
      requirement = { part, stockUnit: stockUnitOf(part), quantity: 0, pieces: [] };
      byComponent.set(part.id, requirement);
    }
    return requirement;
  };
  // A kit's loose parts: picked with the order, a length of hose one piece per kit.
  for (const item of items) {
    const part = parts.get(item.componentId);
    if (!part) continue;
    const requirement = requirementOf(part);
    if (requirement.stockUnit === 'mm')
      requirement.pieces.push({ lengthMm: item.quantity, count: item.count });
    requirement.quantity = roundQuantity(requirement.quantity + item.quantity * item.count);
  }
  for (const line of lines) {
    const { parts: used, computed } = line.spec;
    const uses: { id: string; partNumber: string; lengthMm: number | null }[] = [
      { id: used.hose._id, partNumber: used.hose.partNumber, lengthMm: computed.cutLengthMm },
    ];
    for (const end of [used.endA, used.endB]) {
      for (const p of [end.fitting, end.ferrule, end.adaptor]) {
        if (p) uses.push({ id: p._id, partNumber: p.partNumber, lengthMm: null });
      }
    }
    if (used.wrap) {
      uses.push({
        id: used.wrap._id,
        partNumber: used.wrap.partNumber,
        lengthMm: used.wrap.lengthMm || computed.wrapLengthMm,
      });
    }
    for (const use of uses) {
      const part = parts.get(use.id);
      if (!part) {
        missing.push(`${use.partNumber} (${line.title})`);
        continue;
      }
      const requirement = requirementOf(part);
      if (requirement.stockUnit === 'mm') {
        const lengthMm = roundQuantity(use.lengthMm ?? 0);
        if (lengthMm <= 0) continue;
        requirement.pieces.push({ lengthMm, count: line.quantity });
        requirement.quantity = roundQuantity(requirement.quantity + lengthMm * line.quantity);
      } else {
        requirement.quantity += line.quantity;
      }
    }
  }
  for (const [id, r] of byComponent) if (r.quantity <= 0) byComponent.delete(id);
  return { byComponent, missing: [...new Set(missing)] };
}

const KIND_ORDER = new Map<string, number>(COMPONENT_KINDS.map((k, i) => [k, i]));

function byKindAndPart(a: { kind: string; partNumber: string }, b: { kind: string; partNumber: string }) {
  return (
    (KIND_ORDER.get(a.kind) ?? 99) - (KIND_ORDER.get(b.kind) ?? 99) ||
    a.partNumber.localeCompare(b.partNumber)
  );
}

/** On hand in the warehouse less what other work orders hold there, per item (every location). */
async function freeInWarehouse(
  tx: Tx,
  organizationId: string,
  warehouseId: string,
  workOrderId: string,
  componentIds: string[],
): Promise<Map<string, number>> {
  if (componentIds.length === 0) return new Map();
  const held = await tx
    .select({
      componentId: stockLevels.componentId,
      onHand: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)`.mapWith(Number),
    })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.organizationId, organizationId),
        eq(stockLevels.warehouseId, warehouseId),
        inArray(stockLevels.componentId, componentIds),
      ),
    )
    .groupBy(stockLevels.componentId);
  const reserved = await tx
    .select({
      componentId: stockReservations.componentId,
      quantity: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)`.mapWith(Number),
    })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.organizationId, organizationId),
        eq(stockReservations.warehouseId, warehouseId),
        inArray(stockReservations.componentId, componentIds),
        ne(stockReservations.workOrderId, workOrderId),
      ),
    )
    .groupBy(stockReservations.componentId);
  const free = new Map<string, number>();
  for (const h of held) free.set(h.componentId, h.onHand);
  for (const r of reserved) free.set(r.componentId, (free.get(r.componentId) ?? 0) - r.quantity);
  for (const [id, v] of free) free.set(id, roundQuantity(v));
  return free;
}

// ---------------------------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------------------------

type Person = { _id: string; name: string } | null;

const person = (id: string | null | undefined, name: string | null | undefined): Person =>
  id ? { _id: id, name: name ?? '' } : null;

/** A bench step as `building.ts` stores it. */
interface StoredStep {
  at: string;
  byId: string | null;
  byName: string | null;
}
/** A proof test as `building.ts` stores it. */
interface StoredTest {
  pressurePsi: number;
  holdSeconds: number;
  result: 'pass' | 'fail';
  at: string;
  byId: string | null;
  byName: string | null;
}
type StoredCrimp = { endA?: Partial<CrimpEnd>; endB?: Partial<CrimpEnd> };

function crimpEndOf(end: Partial<CrimpEnd> | undefined): CrimpEnd {
  return {
    targetMm: end?.targetMm ?? null,
    toleranceMm: end?.toleranceMm ?? null,
    die: end?.die ?? null,
    specRevision: end?.specRevision ?? null,
    measuredMm: end?.measuredMm ?? null,
  };
}

/**
 * A unit is ready for completion when every step it needs is recorded, the proof test passed and both crimp
 * diameters were measured (the bench refuses a crimp outside its tolerance, so a measured one is in spec).
 */
export function isUnitReady(unit: Pick<UnitRow, 'skive' | 'steps' | 'test' | 'crimp'>): boolean {
  const steps = (unit.steps ?? {}) as Record<string, unknown>;
  const test = unit.test as StoredTest | null;
  const crimp = (unit.crimp ?? {}) as StoredCrimp;
  return (
    requiredBuildSteps(unit.skive).every((s) => steps[s] !== undefined && steps[s] !== null) &&
    test?.result === 'pass' &&
    typeof crimp.endA?.measuredMm === 'number' &&
    typeof crimp.endB?.measuredMm === 'number'
  );
}

function toUnit(row: UnitRow, assembledByName: string | null): WorkOrderUnit {
  const stored = (row.steps ?? {}) as Record<string, StoredStep | undefined>;
  const steps: WorkOrderUnit['steps'] = {};
  for (const step of BUILD_STEPS) {
    const s = stored[step];
    if (s) steps[step as BuildStep] = { at: s.at, by: person(s.byId, s.byName) };
  }
  const test = row.test as StoredTest | null;
  const crimp = (row.crimp ?? {}) as StoredCrimp;
  return {
    _id: row.id,
    lineId: row.lineId,
    index: row.index,
    serialId: row.serialId,
    replacesSerialId: row.replacesSerialId,
    requiredSteps: requiredBuildSteps(row.skive),
    steps,
    cutLengthMm: row.cutLengthMm ?? null,
    crimp: { endA: crimpEndOf(crimp.endA), endB: crimpEndOf(crimp.endB) },
    test: test
      ? {
          pressurePsi: test.pressurePsi,
          holdSeconds: test.holdSeconds,
          result: test.result,
          at: test.at,
          by: person(test.byId, test.byName),
        }
      : null,
    ready: isUnitReady(row),
    assembledBy: person(row.assembledBy, assembledByName),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

async function picksOf(tx: Tx, organizationId: string, workOrderId: string): Promise<WorkOrderPick[]> {
  const { remnantLengthMm } = await getSettings(tx, organizationId);
  const rows = await tx
    .select({
      pieceId: hosePieces.id,
      pieceLength: hosePieces.length,
      batch: hosePieces.batch,
      dateCode: hosePieces.dateCode,
      componentId: stockReservations.componentId,
      quantity: stockReservations.quantity,
      kind: components.kind,
      costUnit: components.costUnit,
      partNumber: components.partNumber,
      description: components.description,
      warehouseId: warehouses.id,
      warehouseCode: warehouses.code,
      locationId: warehouseLocations.id,
      locationCode: warehouseLocations.code,
    })
    .from(stockReservations)
    .innerJoin(components, eq(components.id, stockReservations.componentId))
    .innerJoin(warehouses, eq(warehouses.id, stockReservations.warehouseId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockReservations.locationId))
    .leftJoin(hosePieces, eq(hosePieces.id, stockReservations.pieceId))
    .where(
      and(
        eq(stockReservations.organizationId, organizationId),
        eq(stockReservations.workOrderId, workOrderId),
      ),
    )
    // The order a picker walks: by location, then by part (remnants before reels).
    .orderBy(
      asc(sql`lower(${warehouses.code})`),
      sql`lower(${warehouseLocations.code}) asc nulls last`,
      asc(sql`lower(${components.partNumber})`),
      sql`${hosePieces.length} asc nulls last`,
    );
  return rows.map((r) => ({
    componentId: r.componentId,
    partNumber: r.partNumber,
    description: r.description,
    stockUnit: stockUnitOf(r),
    quantity: r.quantity,
    warehouse: { _id: r.warehouseId, code: r.warehouseCode },
    location: r.locationId ? { _id: r.locationId, code: r.locationCode ?? '' } : null,
    piece:
      r.pieceId === null || r.pieceLength === null
        ? null
        : {
            _id: r.pieceId,
            length: r.pieceLength,
            batch: r.batch ?? '',
            dateCode: r.dateCode,
            remnant: isRemnant(r.pieceLength, remnantLengthMm),
          },
  }));
}

/** One work order with its lines, units and their measurements, materials and picks. */
export async function getWorkOrder(tx: Tx, organizationId: string, id: string): Promise<WorkOrder> {
  const [found] = await tx
    .select({
      row: workOrders,
      customerName: customers.name,
      warehouseCode: warehouses.code,
      warehouseName: warehouses.name,
      kitPartNumber: hoseKits.partNumber,
      kitRevision: hoseKits.revision,
      createdByName: users.name,
    })
    .from(workOrders)
    .innerJoin(warehouses, eq(warehouses.id, workOrders.warehouseId))
    .leftJoin(customers, eq(customers.id, workOrders.customerId))
    .leftJoin(hoseKits, eq(hoseKits.id, workOrders.hoseKitId))
    .leftJoin(users, eq(users.id, workOrders.createdBy))
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)));
  if (!found) throw AppError.notFound(WORK_ORDER);
  const { row } = found;
  const { revisionDelimiter: delimiter } = await getSettings(tx, organizationId);
  const lines = await loadLines(tx, organizationId, id);
  const unitRows = await tx
    .select({ unit: workOrderUnits, assembledByName: users.name })
    .from(workOrderUnits)
    .leftJoin(users, eq(users.id, workOrderUnits.assembledBy))
    .where(and(eq(workOrderUnits.organizationId, organizationId), eq(workOrderUnits.workOrderId, id)))
    .orderBy(asc(workOrderUnits.index));
  const items = await loadItems(tx, organizationId, id);
  const parts = await loadParts(tx, organizationId, [
    ...lines.flatMap((l) => partIdsOf(l.spec)),
    ...items.map((i) => i.componentId),
  ]);
  const titled = lines.map((l) => ({ ...l, title: assemblyTitle(l.partNumber, l.revision, delimiter) }));
  const { byComponent } = requirementsOf(titled, parts, items);
  const free = await freeInWarehouse(tx, organizationId, row.warehouseId, row.id, [...byComponent.keys()]);
  const materials: WorkOrderMaterial[] = [...byComponent.values()]
    .map((r) => ({
      componentId: r.part.id,
      kind: r.part.kind as ComponentKind,
      partNumber: r.part.partNumber,
      description: r.part.description,
      stockUnit: r.stockUnit,
      quantity: r.quantity,
      available: free.get(r.part.id) ?? 0,
    }))
    .sort(byKindAndPart);
  // Reservations are the stock held for the floor: none before release, none once it is over.
  const holding = row.status === 'released' || row.status === 'inProgress';
  const picks = holding ? await picksOf(tx, organizationId, id) : [];
  const units = unitRows.map((u) => toUnit(u.unit, u.assembledByName));
  return {
    _id: row.id,
    number: row.number,
    status: row.status as WorkOrderStatus,
    priority: row.priority as WorkOrder['priority'],
    source: row.source as WorkOrder['source'],
    customer: row.customerId ? { _id: row.customerId, name: found.customerName ?? '' } : null,
    warehouse: { _id: row.warehouseId, code: found.warehouseCode, name: found.warehouseName },
    hoseKit:
      row.hoseKitId && found.kitPartNumber !== null
        ? { _id: row.hoseKitId, title: kitTitle(found.kitPartNumber, found.kitRevision ?? '', delimiter) }
        : null,
    dueDate: row.dueDate,
    description: row.description,
    notes: row.notes,
    cancelReason: row.cancelReason,
    lines: titled.map((l) => ({
      _id: l.id,
      position: l.position,
      quantity: l.quantity,
      hoseAssembly: {
        _id: l.hoseAssemblyId,
        title: l.title,
        description: l.description,
        cutLengthMm: l.spec.computed.cutLengthMm,
        overallLengthMm: l.spec.computed.overallLengthMm,
        workingPressurePsi: l.spec.computed.maxWorkingPressurePsi,
        skive: skiveOf(l.spec, parts),
      },
      replacesSerialId: l.replacesSerialId,
    })),
    units,
    looseItems: items.flatMap((item) => {
      const part = parts.get(item.componentId);
      return part
        ? [
            {
              componentId: part.id,
              kind: part.kind as ComponentKind,
              partNumber: part.partNumber,
              description: part.description,
              stockUnit: stockUnitOf(part),
              quantity: item.quantity,
              count: item.count,
            },
          ]
        : [];
    }),
    materials,
    picks,
    unitCount: units.length > 0 ? units.length : lines.reduce((n, l) => n + l.quantity, 0),
    unitsReady: units.filter((u) => u.ready).length,
    createdBy: person(row.createdBy, found.createdByName),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    releasedAt: row.releasedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------------------

/** Draft, released or in progress: still to be built (the list's `open` filter, the dashboard's open orders). */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = ['draft', 'released', 'inProgress'];

/** Ranks in the domain's order (low to urgent; draft to cancelled), so a sort follows the meaning. */
const rankOf = (column: SQL | typeof workOrders.priority, values: readonly string[]) =>
  sql`(case ${column} ${sql.join(
    values.map((v, i) => sql`when ${v} then ${i}`),
    sql` `,
  )} else ${values.length} end)`;

const SORT_COLUMNS = {
  number: sql`lower(${workOrders.number})`,
  dueDate: sql`${workOrders.dueDate}`,
  priority: rankOf(sql`${workOrders.priority}`, WORK_ORDER_PRIORITIES),
  status: rankOf(sql`${workOrders.status}`, WORK_ORDER_STATUSES),
  createdAt: sql`${workOrders.createdAt}`,
} as const;

/** Ready units per work order, by the rule of `isUnitReady`, counted in the database. */
function readyUnitsCondition(): SQL {
  const always = requiredBuildSteps(false);
  const allSteps = sql.join(
    always.map((s) => sql`${workOrderUnits.steps} ? ${s}`),
    sql` and `,
  );
  return sql`(${allSteps}
    and (not ${workOrderUnits.skive} or ${workOrderUnits.steps} ? 'skive')
    and ${workOrderUnits.test} ->> 'result' = 'pass'
    and jsonb_typeof(${workOrderUnits.crimp} -> 'endA' -> 'measuredMm') = 'number'
    and jsonb_typeof(${workOrderUnits.crimp} -> 'endB' -> 'measuredMm') = 'number')`;
}

/** One page of work orders: by number, description or customer name, status, open or not, customer. */
export async function listWorkOrders(
  tx: Tx,
  organizationId: string,
  query: WorkOrderListQuery,
): Promise<ListResponse<WorkOrderSummary>> {
  const conditions: (SQL | undefined)[] = [eq(workOrders.organizationId, organizationId)];
  if (query.q) {
    conditions.push(
      sql`lower(${workOrders.number} || ' ' || ${workOrders.description} || ' ' || coalesce(${customers.name}, '')) like ${likePattern(query.q)}`,
    );
  }
  if (query.status) conditions.push(eq(workOrders.status, query.status));
  if (query.open !== undefined) {
    const open = inArray(workOrders.status, [...OPEN_STATUSES]);
    conditions.push(query.open ? open : sql`not ${open}`);
  }
  if (query.customerId) conditions.push(eq(workOrders.customerId, query.customerId));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await tx
    .select({
      row: workOrders,
      customerName: customers.name,
      warehouseCode: warehouses.code,
      warehouseName: warehouses.name,
    })
    .from(workOrders)
    .innerJoin(warehouses, eq(warehouses.id, workOrders.warehouseId))
    .leftJoin(customers, eq(customers.id, workOrders.customerId))
    .where(where)
    .orderBy(
      sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last`,
      desc(workOrders.createdAt),
      desc(workOrders.id),
    )
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx
      .select({ n: count() })
      .from(workOrders)
      .leftJoin(customers, eq(customers.id, workOrders.customerId))
      .where(where);
    return counted?.n ?? 0;
  });
  if (rows.length === 0) return { items: [], total, page: query.page };
  const ids = rows.map((r) => r.row.id);
  const { revisionDelimiter: delimiter } = await getSettings(tx, organizationId);
  const lineTotals = await tx
    .select({
      workOrderId: workOrderLines.workOrderId,
      units: sql<number>`sum(${workOrderLines.quantity})`.mapWith(Number),
      lines: count(),
    })
    .from(workOrderLines)
    .where(and(eq(workOrderLines.organizationId, organizationId), inArray(workOrderLines.workOrderId, ids)))
    .groupBy(workOrderLines.workOrderId);
  const firstLines = await tx
    .selectDistinctOn([workOrderLines.workOrderId], {
      workOrderId: workOrderLines.workOrderId,
      partNumber: hoseAssemblies.partNumber,
      revision: hoseAssemblies.revision,
    })
    .from(workOrderLines)
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, workOrderLines.hoseAssemblyId))
    .where(and(eq(workOrderLines.organizationId, organizationId), inArray(workOrderLines.workOrderId, ids)))
    .orderBy(workOrderLines.workOrderId, asc(workOrderLines.position));
  const ready = await tx
    .select({ workOrderId: workOrderUnits.workOrderId, n: count() })
    .from(workOrderUnits)
    .where(
      and(
        eq(workOrderUnits.organizationId, organizationId),
        inArray(workOrderUnits.workOrderId, ids),
        readyUnitsCondition(),
      ),
    )
    .groupBy(workOrderUnits.workOrderId);
  const totalsOf = new Map(lineTotals.map((l) => [l.workOrderId, l]));
  const firstOf = new Map(firstLines.map((l) => [l.workOrderId, l]));
  const readyOf = new Map(ready.map((r) => [r.workOrderId, r.n]));
  return {
    items: rows.map(({ row, customerName, warehouseCode, warehouseName }): WorkOrderSummary => {
      const first = firstOf.get(row.id);
      const lineCount = totalsOf.get(row.id)?.lines ?? 0;
      return {
        _id: row.id,
        number: row.number,
        status: row.status as WorkOrderStatus,
        priority: row.priority as WorkOrderSummary['priority'],
        source: row.source as WorkOrderSummary['source'],
        customer: row.customerId ? { _id: row.customerId, name: customerName ?? '' } : null,
        warehouse: { _id: row.warehouseId, code: warehouseCode, name: warehouseName },
        dueDate: row.dueDate,
        description: row.description,
        unitCount: totalsOf.get(row.id)?.units ?? 0,
        unitsReady: readyOf.get(row.id) ?? 0,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        completedAt: row.completedAt?.toISOString() ?? null,
        firstAssembly: first ? assemblyTitle(first.partNumber, first.revision, delimiter) : null,
        moreLines: Math.max(0, lineCount - 1),
      };
    }),
    total,
    page: query.page,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Create and update
// ---------------------------------------------------------------------------------------------------------

/** The next number in the organisation's pattern after every number already used in it. */
async function nextWorkOrderNumber(tx: Tx, organizationId: string): Promise<string> {
  const { workOrderNumberPattern: pattern } = await getSettings(tx, organizationId);
  const brace = pattern.indexOf('{');
  const prefix = (brace < 0 ? pattern : pattern.slice(0, brace)).toLowerCase();
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await takeTurnsNumbering(tx, organizationId, 'work order');
  const used = await tx
    .select({ number: workOrders.number })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), sql`lower(${workOrders.number}) like ${like}`));
  return nextPartNumber(
    pattern,
    used.map((r) => r.number),
  );
}

async function assertCustomer(tx: Tx, organizationId: string, customerId: string): Promise<void> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  if (!row) throw badInput(['customerId'], 'The customer was not found; choose it again');
}

/** The warehouse named (it must be the organisation's and active), or the default one. */
async function warehouseFor(
  tx: Tx,
  organizationId: string,
  warehouseId: string | undefined,
): Promise<string> {
  if (warehouseId) {
    const [row] = await tx
      .select({ id: warehouses.id, code: warehouses.code, active: warehouses.active })
      .from(warehouses)
      .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, warehouseId)));
    if (!row) throw badInput(['warehouseId'], 'The warehouse was not found; choose it again');
    if (!row.active) {
      throw badInput(
        ['warehouseId'],
        `Warehouse ${row.code} is inactive: choose an active warehouse, or make it active first`,
      );
    }
    return row.id;
  }
  const fallback = await findDefaultWarehouse(tx, organizationId);
  if (fallback) return fallback.id;
  const [any] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.organizationId, organizationId))
    .limit(1);
  throw badInput(
    ['warehouseId'],
    any
      ? 'Choose the warehouse the stock is picked from: none is the default'
      : 'Add a warehouse first (Warehouses): a work order picks its stock from one',
  );
}

interface NewLine {
  hoseAssemblyId: string;
  quantity: number;
  replacesSerialId: string | null;
}

/** The assemblies lines name, which must be the organisation's: a 400 naming the line otherwise. */
async function assembliesOf(
  tx: Tx,
  organizationId: string,
  lines: readonly WorkOrderLineInput[],
): Promise<Map<string, { id: string; customerId: string | null }>> {
  const ids = [...new Set(lines.map((l) => l.hoseAssemblyId))];
  const rows = await tx
    .select({ id: hoseAssemblies.id, customerId: hoseAssemblies.customerId })
    .from(hoseAssemblies)
    .where(and(eq(hoseAssemblies.organizationId, organizationId), inArray(hoseAssemblies.id, ids)));
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const [i, line] of lines.entries()) {
    if (!found.has(line.hoseAssemblyId)) {
      throw badInput(
        ['lines', i, 'hoseAssemblyId'],
        `Line ${i + 1}: the hose assembly was not found; choose it again`,
      );
    }
  }
  return found;
}

async function insertLines(
  tx: Tx,
  organizationId: string,
  workOrderId: string,
  lines: readonly NewLine[],
): Promise<void> {
  await tx.insert(workOrderLines).values(
    lines.map((l, i) => ({
      organizationId,
      workOrderId,
      position: i + 1,
      hoseAssemblyId: l.hoseAssemblyId,
      quantity: l.quantity,
      replacesSerialId: l.replacesSerialId,
    })),
  );
}

/** A kit's component line on a work order: `count` pieces of `quantity` (stock unit). */
interface NewItem {
  componentId: string;
  quantity: number;
  count: number;
}

/** A quantity in a cost unit (each, m or ft) in the stock unit (pieces, or millimetres). */
function toStockUnits(quantity: number, costUnit: string): number {
  if (costUnit === 'm') return roundQuantity(quantity * 1000);
  if (costUnit === 'ft') return roundQuantity(quantity * 304.8);
  return quantity;
}

async function insertItems(
  tx: Tx,
  organizationId: string,
  workOrderId: string,
  items: readonly NewItem[],
): Promise<void> {
  if (items.length === 0) return;
  await tx
    .insert(workOrderItems)
    .values(items.map((item, i) => ({ organizationId, workOrderId, position: i + 1, ...item })));
}

/** The loose items of a work order, in order. */
async function loadItems(tx: Tx, organizationId: string, workOrderId: string): Promise<NewItem[]> {
  return tx
    .select({
      componentId: workOrderItems.componentId,
      quantity: workOrderItems.quantity,
      count: workOrderItems.count,
    })
    .from(workOrderItems)
    .where(
      and(eq(workOrderItems.organizationId, organizationId), eq(workOrderItems.workOrderId, workOrderId)),
    )
    .orderBy(asc(workOrderItems.position));
}

/** The most units one line may build (the contract's limit on a line). */
const MAX_LINE_UNITS = 1000;

/** A kit's assembly lines times `kits`; a kit without any, or with part assemblies, is refused (400). */
async function linesOfKit(
  tx: Tx,
  organizationId: string,
  hoseKitId: string,
  kits: number,
): Promise<{ lines: NewLine[]; items: NewItem[]; customerId: string | null }> {
  const [kit] = await tx
    .select({
      id: hoseKits.id,
      partNumber: hoseKits.partNumber,
      revision: hoseKits.revision,
      customerId: hoseKits.customerId,
    })
    .from(hoseKits)
    .where(and(eq(hoseKits.organizationId, organizationId), eq(hoseKits.id, hoseKitId)));
  if (!kit) throw badInput(['hoseKitId'], 'The hose kit was not found; choose it again');
  const { revisionDelimiter: delimiter } = await getSettings(tx, organizationId);
  const title = kitTitle(kit.partNumber, kit.revision, delimiter);
  const all = await tx
    .select({
      lineType: hoseKitLines.lineType,
      hoseAssemblyId: hoseKitLines.hoseAssemblyId,
      componentId: hoseKitLines.componentId,
      costUnit: components.costUnit,
      quantity: hoseKitLines.quantity,
    })
    .from(hoseKitLines)
    .leftJoin(components, eq(components.id, hoseKitLines.componentId))
    .where(and(eq(hoseKitLines.organizationId, organizationId), eq(hoseKitLines.hoseKitId, kit.id)))
    .orderBy(asc(hoseKitLines.position));
  const rows = all.filter((r) => r.lineType === 'hoseAssembly');
  // Component lines are picked, not built: per kit, the line's quantity in its cost unit (pieces, m or ft of
  // hose, one cut per kit), in the stock unit. 'Other' lines are not stock.
  const items: NewItem[] = all.flatMap((r) =>
    r.lineType === 'component' && r.componentId && r.costUnit
      ? [{ componentId: r.componentId, quantity: toStockUnits(r.quantity, r.costUnit), count: kits }]
      : [],
  );
  const lines: NewLine[] = [];
  for (const [i, row] of rows.entries()) {
    if (!row.hoseAssemblyId) continue;
    if (!Number.isInteger(row.quantity)) {
      throw badInput(
        ['hoseKitId'],
        `Kit ${title} asks for ${row.quantity} of its assembly line ${i + 1}: a work order builds whole assemblies; make the kit's quantity a whole number`,
      );
    }
    const quantity = row.quantity * kits;
    if (quantity > MAX_LINE_UNITS) {
      throw badInput(
        ['quantity'],
        `${kits} of kit ${title} make ${quantity.toLocaleString('en-CA')} units of one assembly; build at most ${MAX_LINE_UNITS.toLocaleString('en-CA')} units on one line`,
      );
    }
    lines.push({ hoseAssemblyId: row.hoseAssemblyId, quantity, replacesSerialId: null });
  }
  if (lines.length === 0) {
    throw badInput(
      ['hoseKitId'],
      `Kit ${title} has no hose assemblies to build: add assemblies to the kit, or make the work order from assemblies`,
    );
  }
  return { lines, items, customerId: kit.customerId };
}

/** The built unit a scanned tag names, read as a person types it; unknown in this organisation is 404. */
async function serialToReorder(
  tx: Tx,
  organizationId: string,
  typed: string,
): Promise<{ serialId: string; hoseAssemblyId: string; customerId: string | null }> {
  const serialId = normalizeSerialId(typed);
  if (!SERIAL_ID_PATTERN.test(serialId)) throw new AppError(AppErrorCode.NotFound, SERIAL_NOT_FOUND);
  const [row] = await tx
    .select({
      serialId: hoseAssemblySerials.serialId,
      hoseAssemblyId: hoseAssemblySerials.hoseAssemblyId,
      customerId: hoseAssemblies.customerId,
    })
    .from(hoseAssemblySerials)
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, hoseAssemblySerials.hoseAssemblyId))
    .where(
      and(eq(hoseAssemblySerials.organizationId, organizationId), eq(hoseAssemblySerials.serialId, serialId)),
    );
  if (!row) throw new AppError(AppErrorCode.NotFound, SERIAL_NOT_FOUND);
  return row;
}

/** A draft, numbered from the organisation's pattern. */
export async function createWorkOrder(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: WorkOrderCreate,
): Promise<WorkOrder> {
  let lines: NewLine[];
  let items: NewItem[] = [];
  let customerId: string | null;
  let hoseKitId: string | null = null;
  switch (input.from) {
    case 'assemblies': {
      const found = await assembliesOf(tx, organizationId, input.lines);
      lines = input.lines.map((l) => ({ ...l, replacesSerialId: null }));
      customerId = found.get(input.lines[0]?.hoseAssemblyId ?? '')?.customerId ?? null;
      break;
    }
    case 'kit': {
      const kit = await linesOfKit(tx, organizationId, input.hoseKitId, input.quantity);
      lines = kit.lines;
      items = kit.items;
      customerId = kit.customerId;
      hoseKitId = input.hoseKitId;
      break;
    }
    case 'reorder': {
      const serial = await serialToReorder(tx, organizationId, input.serialId);
      lines = [
        {
          hoseAssemblyId: serial.hoseAssemblyId,
          quantity: input.quantity,
          replacesSerialId: serial.serialId,
        },
      ];
      customerId = serial.customerId;
      break;
    }
  }
  if (input.customerId !== undefined) {
    if (input.customerId) await assertCustomer(tx, organizationId, input.customerId);
    customerId = input.customerId;
  }
  const warehouseId = await warehouseFor(tx, organizationId, input.warehouseId);
  const number = await nextWorkOrderNumber(tx, organizationId);
  const [row] = await tx
    .insert(workOrders)
    .values({
      organizationId,
      number,
      source: input.from,
      customerId,
      warehouseId,
      hoseKitId,
      dueDate: input.dueDate,
      priority: input.priority,
      description: input.description,
      notes: input.notes,
      createdBy: userId,
    })
    .returning({ id: workOrders.id });
  if (!row) throw new Error('work order insert returned nothing');
  await insertLines(tx, organizationId, row.id, lines);
  await insertItems(tx, organizationId, row.id, items);
  return getWorkOrder(tx, organizationId, row.id);
}

/** What accepting a sales estimate builds (ADR 21): assembly lines and kits, in one draft. */
export interface EstimateWorkOrderInput {
  salesEstimateId: string;
  customerId: string | null;
  /** Left out: the default warehouse. */
  warehouseId?: string | undefined;
  dueDate: string | null;
  description: string;
  assemblies: readonly WorkOrderLineInput[];
  /** Each kit's assembly lines times its quantity, and its loose parts, as a work order from the kit. */
  kits: readonly { hoseKitId: string; quantity: number }[];
}

/**
 * A draft made from an accepted sales estimate (source 'estimate', `sales_estimate_id` set): the assembly
 * lines and every kit's assemblies in one work order. Stock is not touched until it is released.
 */
export async function createWorkOrderFromEstimate(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: EstimateWorkOrderInput,
): Promise<{ id: string; number: string }> {
  if (input.assemblies.length > 0) await assembliesOf(tx, organizationId, input.assemblies);
  const lines: NewLine[] = input.assemblies.map((l) => ({ ...l, replacesSerialId: null }));
  const items: NewItem[] = [];
  for (const kit of input.kits) {
    const made = await linesOfKit(tx, organizationId, kit.hoseKitId, kit.quantity);
    lines.push(...made.lines);
    items.push(...made.items);
  }
  const onlyKit = input.kits.length === 1 && input.assemblies.length === 0 ? input.kits[0] : undefined;
  const warehouseId = await warehouseFor(tx, organizationId, input.warehouseId);
  const number = await nextWorkOrderNumber(tx, organizationId);
  const [row] = await tx
    .insert(workOrders)
    .values({
      organizationId,
      number,
      source: 'estimate',
      salesEstimateId: input.salesEstimateId,
      customerId: input.customerId,
      warehouseId,
      hoseKitId: onlyKit?.hoseKitId ?? null,
      dueDate: input.dueDate,
      description: input.description,
      createdBy: userId,
    })
    .returning({ id: workOrders.id });
  if (!row) throw new Error('work order insert returned nothing');
  await insertLines(tx, organizationId, row.id, lines);
  await insertItems(tx, organizationId, row.id, items);
  return { id: row.id, number };
}

function sameLines(
  current: readonly { hoseAssemblyId: string; quantity: number }[],
  wanted: readonly WorkOrderLineInput[],
): boolean {
  return (
    current.length === wanted.length &&
    current.every(
      (l, i) => l.hoseAssemblyId === wanted[i]?.hoseAssemblyId && l.quantity === wanted[i]?.quantity,
    )
  );
}

/**
 * Changes the details until the work order is completed or cancelled; the lines (the whole list) and the
 * warehouse only while it is a draft. Sending them unchanged on a released one is not a change.
 */
export async function updateWorkOrder(
  tx: Tx,
  organizationId: string,
  id: string,
  input: WorkOrderUpdate,
): Promise<WorkOrder> {
  const row = await lockWorkOrder(tx, organizationId, id);
  const status = row.status as WorkOrderStatus;
  if (status === 'completed' || status === 'cancelled') {
    throw conflict(`Work order ${row.number} is ${STATUS_PHRASES[status]}: it can no longer be changed`);
  }
  const current = await tx
    .select({
      hoseAssemblyId: workOrderLines.hoseAssemblyId,
      quantity: workOrderLines.quantity,
      replacesSerialId: workOrderLines.replacesSerialId,
    })
    .from(workOrderLines)
    .where(and(eq(workOrderLines.organizationId, organizationId), eq(workOrderLines.workOrderId, id)))
    .orderBy(asc(workOrderLines.position));
  const linesChange = input.lines !== undefined && !sameLines(current, input.lines);
  const warehouseChange = input.warehouseId !== undefined && input.warehouseId !== row.warehouseId;
  if (status !== 'draft' && (linesChange || warehouseChange)) {
    throw conflict(
      `Work order ${row.number} is ${STATUS_PHRASES[status]}: its lines and warehouse change only while it is a draft (release reserved its stock and numbered its units). Cancel it and make a new work order to build something else.`,
    );
  }
  const change: Partial<typeof workOrders.$inferInsert> = { updatedAt: new Date() };
  if (input.customerId !== undefined) {
    if (input.customerId) await assertCustomer(tx, organizationId, input.customerId);
    change.customerId = input.customerId;
  }
  if (warehouseChange) change.warehouseId = await warehouseFor(tx, organizationId, input.warehouseId);
  if (input.dueDate !== undefined) change.dueDate = input.dueDate;
  if (input.priority !== undefined) change.priority = input.priority;
  if (input.description !== undefined) change.description = input.description;
  if (input.notes !== undefined) change.notes = input.notes;
  if (input.lines && linesChange) {
    await assembliesOf(tx, organizationId, input.lines);
    // A reorder's line keeps the serial it replaces while it builds the same assembly.
    const replaced = new Map<string, string>();
    for (const l of current) {
      if (l.replacesSerialId && !replaced.has(l.hoseAssemblyId)) {
        replaced.set(l.hoseAssemblyId, l.replacesSerialId);
      }
    }
    await tx
      .delete(workOrderLines)
      .where(and(eq(workOrderLines.organizationId, organizationId), eq(workOrderLines.workOrderId, id)));
    await insertLines(
      tx,
      organizationId,
      id,
      input.lines.map((l) => ({ ...l, replacesSerialId: replaced.get(l.hoseAssemblyId) ?? null })),
    );
  }
  await tx
    .update(workOrders)
    .set(change)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)));
  return getWorkOrder(tx, organizationId, id);
}

// ---------------------------------------------------------------------------------------------------------
// Release: reserve the stock, number the units
// ---------------------------------------------------------------------------------------------------------

/**
 * The free stock of one item at one place of the warehouse (on hand less other orders' reservations). For
 * items stocked by length each piece of hose is a place of its own (ADR 19), with what the pick order reads.
 */
export interface FreePlace {
  locationId: string | null;
  /** Items stocked by length: the piece. */
  pieceId?: string | null;
  free: number;
  remnant?: boolean;
  dateCode?: string | null;
  receivedAt?: string;
}

/** The key `Allocation.takes` uses for a place: the piece, else the location, '' for no location. */
export function placeKey(place: Pick<FreePlace, 'locationId' | 'pieceId'>): string {
  return place.pieceId ?? place.locationId ?? '';
}

/** Where one item's requirement comes from, and what no place could give. */
export interface Allocation {
  /** Quantity (stock unit) taken per place, by `placeKey`. */
  takes: Map<string, number>;
  /** What could not be placed, in the stock unit. */
  short: number;
  /** Items stocked by length: the longest piece no place could give. */
  longestUnplacedMm: number;
}

/**
 * Chooses the places one item is taken from. Every cut of an item stocked by length comes whole from one
 * piece of hose (a cut cannot span two reels): of the pieces long enough, the one the pick order
 * (`comparePickOrder`) puts first: remnants first, then the oldest batch by date code; the longest cuts are
 * placed first, so short ones use what is left. Counted parts come from the place with the least that covers
 * them all, or else are split across places, the fullest first.
 */
export function allocateStock(
  requirement: Pick<Requirement, 'stockUnit' | 'quantity' | 'pieces'>,
  places: readonly FreePlace[],
): Allocation {
  const takes = new Map<string, number>();
  const take = (key: string, quantity: number) =>
    takes.set(key, roundQuantity((takes.get(key) ?? 0) + quantity));
  if (requirement.stockUnit === 'mm') {
    const pieces = places.map((p) => ({
      key: placeKey(p),
      free: Math.max(0, p.free),
      remnant: p.remnant ?? false,
      dateCode: p.dateCode ?? null,
      receivedAt: p.receivedAt ?? '',
    }));
    const cuts = requirement.pieces
      .flatMap((p) => Array.from({ length: p.count }, () => p.lengthMm))
      .sort((a, b) => b - a);
    let short = 0;
    let longestUnplacedMm = 0;
    for (const cut of cuts) {
      let best: (typeof pieces)[number] | undefined;
      for (const piece of pieces) {
        if (piece.free + 1e-6 >= cut && (!best || comparePickOrder(piece, best) < 0)) best = piece;
      }
      if (best) {
        best.free = roundQuantity(best.free - cut);
        take(best.key, cut);
      } else {
        short = roundQuantity(short + cut);
        longestUnplacedMm = Math.max(longestUnplacedMm, cut);
      }
    }
    return { takes, short, longestUnplacedMm };
  }
  const free = places.map((p) => ({ key: placeKey(p), free: Math.max(0, p.free) }));
  let remaining = requirement.quantity;
  const covering = free.filter((p) => p.free >= remaining).sort((a, b) => a.free - b.free)[0];
  if (covering) {
    take(covering.key, remaining);
    return { takes, short: 0, longestUnplacedMm: 0 };
  }
  for (const place of [...free].sort((a, b) => b.free - a.free)) {
    if (remaining <= 0) break;
    const n = Math.min(Math.floor(place.free), remaining);
    if (n <= 0) continue;
    take(place.key, n);
    remaining -= n;
  }
  return { takes, short: remaining, longestUnplacedMm: 0 };
}

/** The free stock of one item in the warehouse, and (stocked by length) what is past its shelf life. */
interface ItemPlaces {
  places: FreePlace[];
  /** Free length of pieces past their shelf life, not offered for picking. */
  pastShelfLife: number;
}

/**
 * The free stock of these items at every place of the warehouse, read under row locks on their level rows.
 * The locks are taken in one order (item, then location, none first: the ledger's transfer order), so two
 * releases wait for each other instead of deadlocking; the reservations are read after the locks, so the
 * second of two releases sees what the first reserved and cannot hold the same last metre. Items stocked by
 * length answer their pieces (the ledger keeps them in step under the same locks), less what other orders
 * hold of each; pieces past their shelf life are left out.
 */
async function lockFreePlaces(
  tx: Tx,
  organizationId: string,
  warehouseId: string,
  workOrderId: string,
  requirements: readonly Requirement[],
  settings: { remnantLengthMm: number; hoseShelfLifeMonths: number },
): Promise<Map<string, ItemPlaces>> {
  const byComponent = new Map<string, ItemPlaces>();
  const componentIds = requirements.map((r) => r.part.id);
  if (componentIds.length === 0) return byComponent;
  const levels = await tx
    .select({
      componentId: stockLevels.componentId,
      locationId: stockLevels.locationId,
      onHand: stockLevels.onHand,
    })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.organizationId, organizationId),
        eq(stockLevels.warehouseId, warehouseId),
        inArray(stockLevels.componentId, componentIds),
      ),
    )
    .orderBy(asc(stockLevels.componentId), sql`${stockLevels.locationId} asc nulls first`)
    .for('update');
  const reserved = await tx
    .select({
      componentId: stockReservations.componentId,
      locationId: stockReservations.locationId,
      quantity: sql<number>`sum(${stockReservations.quantity})`.mapWith(Number),
    })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.organizationId, organizationId),
        eq(stockReservations.warehouseId, warehouseId),
        inArray(stockReservations.componentId, componentIds),
        ne(stockReservations.workOrderId, workOrderId),
      ),
    )
    .groupBy(stockReservations.componentId, stockReservations.locationId);
  const held = new Map(reserved.map((r) => [`${r.componentId}|${r.locationId ?? ''}`, r.quantity]));
  const byLength = new Set(requirements.filter((r) => r.stockUnit === 'mm').map((r) => r.part.id));
  for (const level of levels) {
    if (byLength.has(level.componentId)) continue;
    const item = byComponent.get(level.componentId) ?? { places: [], pastShelfLife: 0 };
    const key = `${level.componentId}|${level.locationId ?? ''}`;
    item.places.push({
      locationId: level.locationId,
      free: roundQuantity(level.onHand - (held.get(key) ?? 0)),
    });
    byComponent.set(level.componentId, item);
  }
  if (byLength.size > 0) {
    const today = new Date();
    const pieces = await tx
      .select({
        id: hosePieces.id,
        componentId: hosePieces.componentId,
        locationId: hosePieces.locationId,
        length: hosePieces.length,
        dateCode: hosePieces.dateCode,
        createdAt: hosePieces.createdAt,
        reserved: reservedOfPiece(workOrderId),
      })
      .from(hosePieces)
      .where(
        and(
          eq(hosePieces.organizationId, organizationId),
          eq(hosePieces.warehouseId, warehouseId),
          inArray(hosePieces.componentId, [...byLength]),
          gt(hosePieces.length, 0),
        ),
      )
      .orderBy(asc(hosePieces.createdAt), asc(hosePieces.id));
    for (const piece of pieces) {
      const item = byComponent.get(piece.componentId) ?? { places: [], pastShelfLife: 0 };
      const free = roundQuantity(piece.length - piece.reserved);
      if (isPastShelfLife(piece.dateCode, settings.hoseShelfLifeMonths, today)) {
        item.pastShelfLife = roundQuantity(item.pastShelfLife + Math.max(0, free));
      } else {
        item.places.push({
          locationId: piece.locationId,
          pieceId: piece.id,
          free,
          remnant: isRemnant(piece.length, settings.remnantLengthMm),
          dateCode: piece.dateCode,
          receivedAt: piece.createdAt.toISOString(),
        });
      }
      byComponent.set(piece.componentId, item);
    }
  }
  return byComponent;
}

interface Shortage {
  requirement: Requirement;
  free: number;
  /** Free length past its shelf life, not offered. */
  pastShelfLife: number;
  allocation: Allocation;
}

/**
 * "Only 1.00 m of GEN-2SN-08 is free in MAIN; 1.78 m is needed", in the reader's units (the wording of
 * the ledger's `shortageMessage`), or, when there is enough length but in no single place long enough for a
 * piece, which piece cannot be cut.
 */
function shortageText(shortage: Shortage, warehouseCode: string, units: UnitSystem): string {
  const { requirement, free, pastShelfLife, allocation } = shortage;
  const { stockUnit, quantity } = requirement;
  const { partNumber } = requirement.part;
  const fmt = (v: number) => formatStockQuantity(v, stockUnit, units);
  const counted = (v: number, many: string, one: string) => (stockUnit === 'each' && v !== 1 ? many : one);
  const needed = `${fmt(quantity)} ${counted(quantity, 'are', 'is')} needed`;
  // Hose past its shelf life is not picked (ADR 19); saying so explains stock the inventory still shows.
  const expired = pastShelfLife > 0 ? ` (${fmt(pastShelfLife)} more is past its shelf life)` : '';
  if (free <= 0) return `None of ${partNumber} is free in ${warehouseCode}${expired}; ${needed}`;
  if (free < quantity) {
    return `Only ${fmt(free)} of ${partNumber} ${counted(free, 'are', 'is')} free in ${warehouseCode}${expired}; ${needed}`;
  }
  const where = stockUnit === 'mm' ? 'no piece' : 'no place';
  return `${partNumber} is cut one piece per unit, and ${where} in ${warehouseCode} has ${fmt(allocation.longestUnplacedMm)} free in one length${expired}`;
}

/** The crimp target of each end: the crimp spec of the hose and that end's fitting series, newest revision. */
export async function crimpTargetsOf(
  tx: Tx,
  organizationId: string,
  hoseIds: string[],
): Promise<(hoseId: string, series: string | null | undefined) => CrimpEnd> {
  const rows =
    hoseIds.length === 0
      ? []
      : await tx
          .select()
          .from(crimpSpecs)
          .where(and(eq(crimpSpecs.organizationId, organizationId), inArray(crimpSpecs.hoseId, hoseIds)));
  // Revisions run A..Z, AA..: a longer revision is newer, then the later letter, then the later record.
  const newer = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.revision.length - b.revision.length ||
    a.revision.toUpperCase().localeCompare(b.revision.toUpperCase()) ||
    a.createdAt.getTime() - b.createdAt.getTime();
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.hoseId}|${row.fittingSeries.toLowerCase()}`;
    const held = newest.get(key);
    if (!held || newer(row, held) > 0) newest.set(key, row);
  }
  return (hoseId, series) => {
    const spec = series ? newest.get(`${hoseId}|${series.toLowerCase()}`) : undefined;
    return {
      targetMm: spec?.crimpOdMm ?? null,
      toleranceMm: spec?.toleranceMm ?? null,
      die: spec?.die ?? null,
      specRevision: spec?.revision ?? null,
      measuredMm: null,
    };
  };
}

/**
 * Serials already taken among these: built units and work order units. Row-level security shows only this
 * organisation's; the unique index catches another's at the insert.
 */
async function takenSerials(tx: Tx, serials: string[]): Promise<Set<string>> {
  const built = await tx
    .select({ serialId: hoseAssemblySerials.serialId })
    .from(hoseAssemblySerials)
    .where(inArray(hoseAssemblySerials.serialId, serials));
  const planned = await tx
    .select({ serialId: workOrderUnits.serialId })
    .from(workOrderUnits)
    .where(inArray(workOrderUnits.serialId, serials));
  return new Set([...built, ...planned].map((r) => r.serialId));
}

/**
 * One unit row per unit of every line, numbered 1..N across the work order, each with a fresh serial and the
 * crimp targets copied from the spec on file, so a later spec revision does not change what it is built to.
 */
async function createUnits(
  tx: Tx,
  organizationId: string,
  workOrderId: string,
  lines: readonly LineRow[],
  parts: Map<string, PartRow>,
): Promise<void> {
  const crimpOf = await crimpTargetsOf(tx, organizationId, [
    ...new Set(lines.map((l) => l.spec.parts.hose._id)),
  ]);
  const pending: Omit<typeof workOrderUnits.$inferInsert, 'serialId'>[] = [];
  let index = 0;
  for (const line of lines) {
    const { hose, endA, endB } = line.spec.parts;
    const seriesOf = (fitting: { _id: string; series?: string | undefined }) =>
      fitting.series ?? parts.get(fitting._id)?.series;
    const crimp = {
      endA: crimpOf(hose._id, seriesOf(endA.fitting)),
      endB: crimpOf(hose._id, seriesOf(endB.fitting)),
    };
    const skive = skiveOf(line.spec, parts);
    for (let n = 0; n < line.quantity; n++) {
      index += 1;
      pending.push({
        organizationId,
        workOrderId,
        lineId: line.id,
        index,
        replacesSerialId: line.replacesSerialId,
        skive,
        steps: {},
        crimp,
        test: null,
      });
    }
  }
  // Written a thousand units at a time: a statement has at most 65,535 parameters.
  for (let start = 0; start < pending.length; start += UNITS_PER_INSERT) {
    await insertWithSerials(tx, pending.slice(start, start + UNITS_PER_INSERT));
  }
}

const UNITS_PER_INSERT = 1000;

/**
 * Inserts units, each with a serial drawn at random. A serial is unique across every organisation (the
 * unique indexes of units and built serials): one this organisation sees as taken is drawn again before the
 * insert, and one another organisation holds is skipped by the insert and drawn again.
 */
async function insertWithSerials(
  tx: Tx,
  units: readonly Omit<typeof workOrderUnits.$inferInsert, 'serialId'>[],
): Promise<void> {
  let left = units;
  for (let attempt = 0; left.length > 0; attempt++) {
    if (attempt > 20) throw new Error('could not find free serial ids');
    const seen = new Set<string>();
    const drawn = left.map((unit) => ({ ...unit, serialId: generateSerialId() }));
    const taken = await takenSerials(
      tx,
      drawn.map((u) => u.serialId),
    );
    const fresh = drawn.filter((u) => {
      if (taken.has(u.serialId) || seen.has(u.serialId)) return false;
      seen.add(u.serialId);
      return true;
    });
    const inserted =
      fresh.length === 0
        ? []
        : await tx
            .insert(workOrderUnits)
            .values(fresh)
            .onConflictDoNothing()
            .returning({ index: workOrderUnits.index });
    const done = new Set(inserted.map((u) => u.index));
    left = left.filter((u) => !done.has(u.index as number));
  }
}

/**
 * Releases a draft to the floor in one transaction: works out what every unit needs, reserves it in the
 * work order's warehouse place by place (refused with every shortage named unless the organisation allows
 * negative stock, when the shortfall is held at the warehouse without a location), numbers the units and
 * copies their crimp targets.
 */
export async function releaseWorkOrder(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
): Promise<WorkOrder> {
  const row = await lockWorkOrder(tx, organizationId, id);
  const status = row.status as WorkOrderStatus;
  if (status !== 'draft') {
    throw conflict(
      status === 'released' || status === 'inProgress'
        ? `Work order ${row.number} is ${STATUS_PHRASES[status]} already`
        : `Work order ${row.number} is ${STATUS_PHRASES[status]}: only a draft can be released`,
    );
  }
  const settings = await getSettings(tx, organizationId);
  const delimiter = settings.revisionDelimiter;
  const lines = await loadLines(tx, organizationId, id);
  const [warehouse] = await tx
    .select({ code: warehouses.code })
    .from(warehouses)
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, row.warehouseId)));
  const warehouseCode = warehouse?.code ?? '';
  const items = await loadItems(tx, organizationId, id);
  const parts = await loadParts(tx, organizationId, [
    ...lines.flatMap((l) => partIdsOf(l.spec)),
    ...items.map((i) => i.componentId),
  ]);
  const titled = lines.map((l) => ({ ...l, title: assemblyTitle(l.partNumber, l.revision, delimiter) }));
  const { byComponent, missing } = requirementsOf(titled, parts, items);
  if (missing.length > 0) {
    throw conflict(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} no longer in the component library: revise the assembly and change the work order's lines, then release it`,
    );
  }
  const requirements = [...byComponent.values()].sort((a, b) => a.part.id.localeCompare(b.part.id));
  const placesOf = await lockFreePlaces(tx, organizationId, row.warehouseId, id, requirements, settings);
  const reservations: (typeof stockReservations.$inferInsert)[] = [];
  const shortages: Shortage[] = [];
  for (const requirement of requirements) {
    const { places, pastShelfLife } = placesOf.get(requirement.part.id) ?? { places: [], pastShelfLife: 0 };
    const allocation = allocateStock(requirement, places);
    if (allocation.short > 0) {
      shortages.push({
        requirement,
        free: roundQuantity(places.reduce((sum, p) => sum + Math.max(0, p.free), 0)),
        pastShelfLife,
        allocation,
      });
      // Allowed to go below zero: the shortfall is held at the warehouse itself, to arrive before the cut.
      allocation.takes.set('', roundQuantity((allocation.takes.get('') ?? 0) + allocation.short));
    }
    const byKey = new Map(places.map((p) => [placeKey(p), p]));
    for (const [key, quantity] of allocation.takes) {
      if (quantity <= 0) continue;
      const place = byKey.get(key);
      reservations.push({
        organizationId,
        workOrderId: id,
        componentId: requirement.part.id,
        warehouseId: row.warehouseId,
        locationId: place?.locationId ?? null,
        pieceId: place?.pieceId ?? null,
        quantity,
      });
    }
  }
  if (shortages.length > 0 && !settings.allowNegativeStock) {
    const { units } = await unitsOf(tx, organizationId, userId);
    const sorted = shortages.sort((a, b) => byKindAndPart(a.requirement.part, b.requirement.part));
    throw conflict(
      `Not enough stock in ${warehouseCode} to release ${row.number}: ${sorted.map((s) => shortageText(s, warehouseCode, units)).join('; ')}. Receive or transfer the stock to ${warehouseCode}, then release again.`,
      {
        shortages: sorted.map((s) => ({
          componentId: s.requirement.part.id,
          partNumber: s.requirement.part.partNumber,
          stockUnit: s.requirement.stockUnit,
          needed: s.requirement.quantity,
          free: s.free,
        })),
      },
    );
  }
  if (reservations.length > 0) await tx.insert(stockReservations).values(reservations);
  await createUnits(tx, organizationId, id, lines, parts);
  const now = new Date();
  await tx
    .update(workOrders)
    .set({ status: 'released', releasedAt: now, updatedAt: now })
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)));
  return getWorkOrder(tx, organizationId, id);
}

// ---------------------------------------------------------------------------------------------------------
// Cancel and delete
// ---------------------------------------------------------------------------------------------------------

/** Cancels a work order that is not completed, with its reason, and frees the stock it reserved. */
export async function cancelWorkOrder(
  tx: Tx,
  organizationId: string,
  id: string,
  reason: string,
): Promise<WorkOrder> {
  const row = await lockWorkOrder(tx, organizationId, id);
  if (row.status === 'completed') {
    throw conflict(
      `Work order ${row.number} is completed: its stock is used and its units are built, so it cannot be cancelled`,
    );
  }
  if (row.status === 'cancelled') throw conflict(`Work order ${row.number} is cancelled already`);
  await tx
    .delete(stockReservations)
    .where(and(eq(stockReservations.organizationId, organizationId), eq(stockReservations.workOrderId, id)));
  await tx
    .update(workOrders)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)));
  return getWorkOrder(tx, organizationId, id);
}

/** Deletes a draft or a cancelled work order with its lines, units and reservations. */
export async function deleteWorkOrder(tx: Tx, organizationId: string, id: string): Promise<void> {
  const row = await lockWorkOrder(tx, organizationId, id);
  const status = row.status as WorkOrderStatus;
  if (status === 'completed') {
    throw conflict(
      `Work order ${row.number} is completed and keeps the record of the units it built; it cannot be deleted`,
    );
  }
  if (status !== 'draft' && status !== 'cancelled') {
    throw conflict(
      `Cancel work order ${row.number} first: it is ${STATUS_PHRASES[status]}, and cancelling frees the stock it holds`,
    );
  }
  await tx
    .delete(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)));
}
