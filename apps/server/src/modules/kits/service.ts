/**
 * Hose kits' business operations. Every function takes the tenant transaction and the
 * organisation; row-level security backs the explicit organisation filters up.
 *
 * One row per revision in `hose_kits`, its lines in `hose_kit_lines`. A new kit is revision A. Saving an
 * unreleased revision changes it in place (lines replaced as a whole); saving when the latest revision is
 * released creates the next revision (ADR 0008: A, B, ... as assemblies do) and clears `latest` on the one before,
 * which stays readable. Lines are priced when read, with today's library costs and the customer's terms.
 */
import {
  AppErrorCode,
  DEFAULT_REVISION_DELIMITER,
  FIRST_REVISION,
  type HoseKit,
  type HoseKitComputeResponse,
  type HoseKitInput,
  type HoseKitLine,
  type HoseKitListItem,
  type HoseKitListQuery,
  type HoseKitRevisionSummary,
  type KitLineAssembly,
  type KitLineComponent,
  type KitLineType,
  type KitRollupLine,
  kitTitle,
  type ListResponse,
  nextRevision,
  type PricingTerms,
  type ProductGroupTerms,
  rollUpKit,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { acrossCustomers } from '../../db/customer-scope.ts';
import {
  components,
  customers,
  hoseAssemblies,
  hoseKitLines,
  hoseKits,
  organizationSettings,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { assertWithinPlanLimit } from '../../lib/plan-limits.ts';
import { pricingFor } from '../currencies/service.ts';
import { withPictures } from '../images/stored.ts';

type Row = typeof hoseKits.$inferSelect;

const KIT_NOT_FOUND = 'This hose kit';

interface KitSettings {
  delimiter: string;
  hasParker: boolean;
}

async function settingsOf(tx: Tx, organizationId: string): Promise<KitSettings> {
  const [row] = await tx
    .select({ delimiter: organizationSettings.revisionDelimiter, hasParker: organizationSettings.hasParker })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return { delimiter: row?.delimiter ?? DEFAULT_REVISION_DELIMITER, hasParker: row?.hasParker ?? false };
}

/** A refusal of the request body (400) with the field it concerns. */
function badInput(path: (string | number)[], message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path, message }] });
}

// ---------------------------------------------------------------------------------------------------------
// Customers and lines
// ---------------------------------------------------------------------------------------------------------

interface KitCustomer {
  id: string;
  name: string;
  currency: string;
  terms: PricingTerms;
}

async function customerOf(tx: Tx, organizationId: string, customerId: string | null | undefined) {
  if (!customerId) return null;
  const [row] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      currency: customers.currency,
      marginPct: customers.marginPct,
      discountPct: customers.discountPct,
      productGroupTerms: customers.productGroupTerms,
    })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    terms: {
      marginPct: row.marginPct,
      discountPct: row.discountPct,
      productGroupTerms: (row.productGroupTerms ?? []) as ProductGroupTerms[],
    },
  } satisfies KitCustomer;
}

/** A line as saved (or as sent), before it is resolved and priced. */
interface StoredLine {
  lineType: KitLineType;
  hoseAssemblyId: string | null;
  componentId: string | null;
  description: string;
  quantity: number;
  unitCost: number | null;
}

type ResolvedLine = Omit<HoseKitLine, '_id' | 'position' | keyof KitRollupLine> & {
  resolvedCost: number | null;
};

/**
 * Loads what the lines name. With `strict`, a line naming an assembly or component that is not in the
 * organisation is a 400 naming the line; otherwise (reading a saved kit) it shows as not found.
 */
async function resolveLines(
  tx: Tx,
  organizationId: string,
  lines: readonly StoredLine[],
  settings: KitSettings,
  strict: boolean,
): Promise<ResolvedLine[]> {
  const assemblyIds = [...new Set(lines.map((l) => l.hoseAssemblyId).filter((v): v is string => !!v))];
  const componentIds = [...new Set(lines.map((l) => l.componentId).filter((v): v is string => !!v))];
  const [assemblyRows, componentRows] = await Promise.all([
    assemblyIds.length
      ? tx
          .select({
            id: hoseAssemblies.id,
            partNumber: hoseAssemblies.partNumber,
            revision: hoseAssemblies.revision,
            description: hoseAssemblies.description,
            cost: hoseAssemblies.cost,
            workingPressurePsi: hoseAssemblies.workingPressurePsi,
            overallLengthMm: hoseAssemblies.overallLengthMm,
            latest: hoseAssemblies.latest,
          })
          .from(hoseAssemblies)
          .where(
            and(eq(hoseAssemblies.organizationId, organizationId), inArray(hoseAssemblies.id, assemblyIds)),
          )
      : Promise.resolve([]),
    componentIds.length
      ? tx
          .select({
            id: components.id,
            kind: components.kind,
            partNumber: components.partNumber,
            brand: components.brand,
            description: components.description,
            cost: components.cost,
            costUnit: components.costUnit,
            productGroup: components.productGroup,
          })
          .from(components)
          .where(
            and(
              eq(components.organizationId, organizationId),
              inArray(components.id, componentIds),
              settings.hasParker
                ? undefined
                : or(ne(components.origin, 'catalogue'), sql`lower(${components.brand}) <> 'parker'`),
            ),
          )
      : Promise.resolve([]),
  ]);
  const assemblies = new Map(
    assemblyRows.map((r): [string, KitLineAssembly] => [
      r.id,
      {
        _id: r.id,
        partNumber: r.partNumber,
        revision: r.revision,
        title: kitTitle(r.partNumber, r.revision, settings.delimiter),
        description: r.description,
        cost: r.cost,
        workingPressurePsi: r.workingPressurePsi,
        overallLengthMm: r.overallLengthMm,
        latest: r.latest,
      },
    ]),
  );
  const parts = new Map(
    componentRows.map((r): [string, KitLineComponent] => [
      r.id,
      {
        _id: r.id,
        kind: r.kind,
        partNumber: r.partNumber,
        brand: r.brand,
        description: r.description,
        cost: r.cost,
        costUnit: r.costUnit as KitLineComponent['costUnit'],
        productGroup: r.productGroup,
      },
    ]),
  );
  return lines.map((line, index): ResolvedLine => {
    const assembly = line.hoseAssemblyId ? (assemblies.get(line.hoseAssemblyId) ?? null) : null;
    const component = line.componentId ? (parts.get(line.componentId) ?? null) : null;
    if (strict && line.lineType === 'hoseAssembly' && !assembly) {
      throw badInput(
        ['lines', index, 'hoseAssemblyId'],
        `Line ${index + 1}: the hose assembly was not found; choose it again`,
      );
    }
    if (strict && line.lineType === 'component' && !component) {
      throw badInput(
        ['lines', index, 'componentId'],
        `Line ${index + 1}: the component was not found in the component library; choose it again`,
      );
    }
    const libraryCost = assembly?.cost ?? component?.cost ?? null;
    return {
      lineType: line.lineType,
      hoseAssemblyId: line.hoseAssemblyId,
      componentId: line.componentId,
      description:
        line.description ||
        assembly?.description ||
        component?.description ||
        (line.lineType === 'other' ? '' : 'Not found'),
      partNumber: assembly?.title ?? component?.partNumber ?? '',
      quantity: line.quantity,
      unitCostOverride: line.unitCost,
      productGroup: component?.productGroup ?? null,
      assembly,
      component,
      resolvedCost: line.unitCost ?? libraryCost,
    };
  });
}

/** Costs in the base currency; prices in the customer's (base price × rate, `pricingFor`). */
async function price(tx: Tx, organizationId: string, lines: ResolvedLine[], customer: KitCustomer | null) {
  const pricing = await pricingFor(tx, organizationId, customer?.currency);
  const rollup = rollUpKit(
    lines.map((l) => ({ quantity: l.quantity, unitCost: l.resolvedCost, productGroup: l.productGroup })),
    customer?.terms ?? null,
    pricing,
  );
  return {
    lines: lines.map(({ resolvedCost: _cost, ...line }, i) => ({ ...line, ...rollup.lines[i]! })),
    totals: rollup.totals,
    currency: pricing.currency,
    costCurrency: pricing.costCurrency,
  };
}

const storedOf = (line: HoseKitInput['lines'][number]): StoredLine => ({
  lineType: line.lineType,
  hoseAssemblyId: line.hoseAssemblyId ?? null,
  componentId: line.componentId ?? null,
  description: line.description,
  quantity: line.quantity,
  unitCost: line.unitCost,
});

/** The builder's live figures: the lines and totals the input would give, nothing saved. */
export async function computeKit(
  tx: Tx,
  organizationId: string,
  input: HoseKitInput,
): Promise<HoseKitComputeResponse> {
  const settings = await settingsOf(tx, organizationId);
  const customer = await customerOf(tx, organizationId, input.customerId);
  if (input.customerId && !customer)
    throw badInput(['customerId'], 'The customer was not found; choose it again');
  const resolved = await resolveLines(tx, organizationId, input.lines.map(storedOf), settings, true);
  const priced = await price(tx, organizationId, resolved, customer);
  return {
    lines: priced.lines.map((l, i) => ({ ...l, position: i + 1 })),
    totals: priced.totals,
    currency: priced.currency,
    costCurrency: priced.costCurrency,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Write
// ---------------------------------------------------------------------------------------------------------

export async function countKits(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(hoseKits)
    .where(and(eq(hoseKits.organizationId, organizationId), eq(hoseKits.latest, true)));
  return row?.n ?? 0;
}

async function partNumberTaken(tx: Tx, organizationId: string, partNumber: string): Promise<boolean> {
  // Unique across the organisation, also for a call acting for one customer.
  const [row] = await acrossCustomers(tx, () =>
    tx
      .select({ id: hoseKits.id })
      .from(hoseKits)
      .where(
        and(
          eq(hoseKits.organizationId, organizationId),
          sql`lower(${hoseKits.partNumber}) = ${partNumber.toLowerCase()}`,
        ),
      )
      .limit(1),
  );
  return !!row;
}

/** Checks the customer and every line's assembly or component; 400 naming what is missing. */
async function checkInput(tx: Tx, organizationId: string, input: HoseKitInput): Promise<void> {
  if (input.customerId && !(await customerOf(tx, organizationId, input.customerId))) {
    throw badInput(['customerId'], 'The customer was not found; choose it again');
  }
  const settings = await settingsOf(tx, organizationId);
  await resolveLines(tx, organizationId, input.lines.map(storedOf), settings, true);
}

async function writeLines(tx: Tx, organizationId: string, hoseKitId: string, input: HoseKitInput) {
  await tx
    .delete(hoseKitLines)
    .where(and(eq(hoseKitLines.organizationId, organizationId), eq(hoseKitLines.hoseKitId, hoseKitId)));
  if (!input.lines.length) return;
  await tx.insert(hoseKitLines).values(
    input.lines.map((line, i) => ({
      organizationId,
      hoseKitId,
      position: i + 1,
      ...storedOf(line),
    })),
  );
}

const columnsOf = (input: HoseKitInput) => ({
  description: input.description,
  customerId: input.customerId ?? null,
  machine: input.machine,
  notes: input.notes,
});

/** A new part number at revision A. Plan limit `maxHoseKits`. */
export async function createKit(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: HoseKitInput,
): Promise<HoseKit> {
  const partNumber = input.partNumber;
  if (!partNumber) throw badInput(['partNumber'], 'Enter a part number for the kit');
  await checkInput(tx, organizationId, input);
  await assertWithinPlanLimit(tx, organizationId, 'maxHoseKits', (t) => countKits(t, organizationId));
  if (await partNumberTaken(tx, organizationId, partNumber)) {
    throw new AppError(AppErrorCode.Conflict, `Part number ${partNumber} is already used by a hose kit`, {
      issues: [{ path: ['partNumber'], message: 'This part number is already used by a hose kit' }],
    });
  }
  const [row] = await tx
    .insert(hoseKits)
    .values({
      organizationId,
      partNumber,
      revision: FIRST_REVISION,
      latest: true,
      released: false,
      ...columnsOf(input),
      createdBy: userId,
    })
    .returning({ id: hoseKits.id });
  const id = (row as { id: string }).id;
  await writeLines(tx, organizationId, id, input);
  return getKit(tx, organizationId, id);
}

export async function findKitRow(tx: Tx, organizationId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(hoseKits)
    .where(and(eq(hoseKits.organizationId, organizationId), eq(hoseKits.id, id)));
  if (!row) throw AppError.notFound(KIT_NOT_FOUND);
  return row;
}

const samePartOf = (organizationId: string, partNumber: string) =>
  and(
    eq(hoseKits.organizationId, organizationId),
    sql`lower(${hoseKits.partNumber}) = ${partNumber.toLowerCase()}`,
  );

/** The latest revision of the part number the revision `id` belongs to (404 when `id` is not ours). */
async function latestOf(tx: Tx, organizationId: string, id: string): Promise<Row> {
  const row = await findKitRow(tx, organizationId, id);
  if (row.latest) return row;
  const [latest] = await tx
    .select()
    .from(hoseKits)
    .where(and(samePartOf(organizationId, row.partNumber), eq(hoseKits.latest, true)));
  return latest ?? row;
}

/**
 * Saves the kit: an unreleased latest revision changes in place; a released one gets the next revision
 * (the old one keeps its lines and stays readable). The part number never changes.
 */
export async function updateKit(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
  input: HoseKitInput,
): Promise<HoseKit> {
  const latest = await latestOf(tx, organizationId, id);
  await checkInput(tx, organizationId, input);
  if (!latest.released) {
    await tx
      .update(hoseKits)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(hoseKits.organizationId, organizationId), eq(hoseKits.id, latest.id)));
    await writeLines(tx, organizationId, latest.id, input);
    return getKit(tx, organizationId, latest.id);
  }
  const cleared = await tx
    .update(hoseKits)
    .set({ latest: false, updatedAt: new Date() })
    .where(
      and(eq(hoseKits.organizationId, organizationId), eq(hoseKits.id, latest.id), eq(hoseKits.latest, true)),
    )
    .returning({ id: hoseKits.id });
  if (!cleared.length) {
    throw new AppError(AppErrorCode.Conflict, 'Someone else saved this kit just now; open it again');
  }
  const [row] = await tx
    .insert(hoseKits)
    .values({
      organizationId,
      partNumber: latest.partNumber,
      revision: nextRevision(latest.revision),
      latest: true,
      released: false,
      ...columnsOf(input),
      createdBy: userId,
    })
    .returning({ id: hoseKits.id });
  const newId = (row as { id: string }).id;
  await writeLines(tx, organizationId, newId, input);
  return getKit(tx, organizationId, newId);
}

/** Releases the latest revision: from now on, editing the kit makes a new revision. */
export async function releaseKit(tx: Tx, organizationId: string, id: string): Promise<HoseKit> {
  const row = await findKitRow(tx, organizationId, id);
  if (!row.latest) {
    throw new AppError(
      AppErrorCode.Conflict,
      `Revision ${row.revision} is not the latest; open the latest revision to release it`,
    );
  }
  if (!row.released) {
    const [lines] = await tx
      .select({ n: count() })
      .from(hoseKitLines)
      .where(and(eq(hoseKitLines.organizationId, organizationId), eq(hoseKitLines.hoseKitId, row.id)));
    if (!lines?.n) {
      throw new AppError(AppErrorCode.BadRequest, 'Add at least one line before releasing the kit');
    }
    await tx
      .update(hoseKits)
      .set({ released: true, updatedAt: new Date() })
      .where(and(eq(hoseKits.organizationId, organizationId), eq(hoseKits.id, row.id)));
  }
  return getKit(tx, organizationId, row.id);
}

/** Deletes every revision of the kit's part number, with their lines. */
export async function deleteKit(tx: Tx, organizationId: string, id: string): Promise<void> {
  const row = await findKitRow(tx, organizationId, id);
  await tx.delete(hoseKits).where(samePartOf(organizationId, row.partNumber));
}

// ---------------------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------------------

export async function getKit(tx: Tx, organizationId: string, id: string): Promise<HoseKit> {
  const row = await findKitRow(tx, organizationId, id);
  const settings = await settingsOf(tx, organizationId);
  const [lineRows, revisions, creator] = await Promise.all([
    tx
      .select()
      .from(hoseKitLines)
      .where(and(eq(hoseKitLines.organizationId, organizationId), eq(hoseKitLines.hoseKitId, row.id)))
      .orderBy(asc(hoseKitLines.position)),
    tx
      .select({
        id: hoseKits.id,
        revision: hoseKits.revision,
        latest: hoseKits.latest,
        released: hoseKits.released,
        createdAt: hoseKits.createdAt,
      })
      .from(hoseKits)
      .where(samePartOf(organizationId, row.partNumber))
      .orderBy(desc(hoseKits.createdAt), desc(hoseKits.revision)),
    row.createdBy
      ? tx.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
      : Promise.resolve([]),
  ]);
  const customer = await customerOf(tx, organizationId, row.customerId);
  const pictured = await withPictures(
    tx,
    organizationId,
    revisions.map((r) => r.id),
  );
  const resolved = await resolveLines(
    tx,
    organizationId,
    lineRows.map((l) => ({
      lineType: l.lineType as KitLineType,
      hoseAssemblyId: l.hoseAssemblyId,
      componentId: l.componentId,
      description: l.description,
      quantity: l.quantity,
      unitCost: l.unitCost,
    })),
    settings,
    false,
  );
  const priced = await price(tx, organizationId, resolved, customer);
  return {
    _id: row.id,
    partNumber: row.partNumber,
    revision: row.revision,
    title: kitTitle(row.partNumber, row.revision, settings.delimiter),
    latest: row.latest,
    released: row.released,
    description: row.description,
    customerId: row.customerId,
    customerName: customer?.name ?? null,
    currency: priced.currency,
    costCurrency: priced.costCurrency,
    machine: row.machine,
    notes: row.notes,
    lines: priced.lines.map((l, i) => ({ ...l, _id: lineRows[i]!.id, position: lineRows[i]!.position })),
    totals: priced.totals,
    revisions: revisions.map(
      (r): HoseKitRevisionSummary => ({
        _id: r.id,
        revision: r.revision,
        title: kitTitle(row.partNumber, r.revision, settings.delimiter),
        latest: r.latest,
        released: r.released,
        createdAt: r.createdAt.toISOString(),
        hasPicture: pictured.has(r.id),
      }),
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdByName: creator[0]?.name ?? null,
  };
}

/** `GET /hosekits`: latest revisions, server-side paging, sorting, customer filter and free text. */
export async function listKits(
  tx: Tx,
  organizationId: string,
  query: HoseKitListQuery,
): Promise<ListResponse<HoseKitListItem>> {
  const settings = await settingsOf(tx, organizationId);
  const conditions: (SQL | undefined)[] = [
    eq(hoseKits.organizationId, organizationId),
    eq(hoseKits.latest, true),
  ];
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(${hoseKits.partNumber}) like ${like} or lower(${hoseKits.description}) like ${like} or lower(${hoseKits.machine}) like ${like})`,
    );
  }
  if (query.customerId) conditions.push(eq(hoseKits.customerId, query.customerId));
  const where = and(...conditions);
  const column = {
    partNumber: sql`lower(${hoseKits.partNumber})`,
    description: sql`lower(${hoseKits.description})`,
    machine: sql`lower(${hoseKits.machine})`,
    customerName: sql`lower(${customers.name})`,
    createdAt: hoseKits.createdAt,
    updatedAt: hoseKits.updatedAt,
  }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const lineCount = sql<number>`(select count(*)::int from ${hoseKitLines} where ${hoseKitLines.hoseKitId} = ${hoseKits.id} and ${hoseKitLines.organizationId} = ${organizationId})`;
  const rows = await tx
    .select({ row: hoseKits, customerName: customers.name, lineCount })
    .from(hoseKits)
    .leftJoin(customers, eq(customers.id, hoseKits.customerId))
    .where(where)
    .orderBy(sql`${direction(column)} nulls last`, asc(hoseKits.partNumber))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(hoseKits).where(where);
    return counted?.n ?? 0;
  });
  return {
    items: rows.map(
      ({ row, customerName, lineCount: lines }): HoseKitListItem => ({
        _id: row.id,
        partNumber: row.partNumber,
        revision: row.revision,
        title: kitTitle(row.partNumber, row.revision, settings.delimiter),
        released: row.released,
        description: row.description,
        machine: row.machine,
        customerId: row.customerId,
        customerName: customerName ?? null,
        lineCount: Number(lines),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }),
    ),
    total,
    page: query.page,
  };
}

/**
 * Each kit's unit cost (base currency) in one query: its lines rolled up as `getKit` does (a line's own cost,
 * else its assembly's or component's); null when no line has a cost. Estimates and price lists cost kits so.
 */
export async function kitUnitCosts(
  tx: Tx,
  organizationId: string,
  kitIds: string[],
  hasParker: boolean,
): Promise<Map<string, number | null>> {
  if (kitIds.length === 0) return new Map();
  const rows = await tx
    .select({
      hoseKitId: hoseKitLines.hoseKitId,
      quantity: hoseKitLines.quantity,
      unitCost: hoseKitLines.unitCost,
      assemblyCost: hoseAssemblies.cost,
      componentCost: components.cost,
      productGroup: components.productGroup,
    })
    .from(hoseKitLines)
    .leftJoin(hoseAssemblies, eq(hoseAssemblies.id, hoseKitLines.hoseAssemblyId))
    .leftJoin(
      components,
      and(
        eq(components.id, hoseKitLines.componentId),
        hasParker
          ? undefined
          : or(ne(components.origin, 'catalogue'), sql`lower(${components.brand}) <> 'parker'`),
      ),
    )
    .where(and(eq(hoseKitLines.organizationId, organizationId), inArray(hoseKitLines.hoseKitId, kitIds)));
  const byKit = new Map<string, typeof rows>();
  for (const row of rows) byKit.set(row.hoseKitId, [...(byKit.get(row.hoseKitId) ?? []), row]);
  const costs = new Map<string, number | null>();
  for (const id of kitIds) {
    const lines = byKit.get(id) ?? [];
    const { totals } = rollUpKit(
      lines.map((l) => ({
        quantity: l.quantity,
        unitCost: l.unitCost ?? l.assemblyCost ?? l.componentCost ?? null,
        productGroup: l.productGroup,
      })),
    );
    costs.set(id, totals.linesWithoutCost < lines.length ? totals.cost : null);
  }
  return costs;
}
