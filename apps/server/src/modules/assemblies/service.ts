/**
 * Hose assemblies' business operations. Every function takes the tenant transaction and the
 * organisation; row-level security backs the explicit organisation filters up.
 *
 * One row per revision in `hose_assemblies`: revision A is the first, editing creates the next revision and
 * clears `latest` on the one before; old revisions stay readable. The row's `spec` (jsonb) keeps the input,
 * the figures computed when it was saved and the parts summary, so a revision reads the same even after the
 * library changes.
 */
import { randomBytes } from 'node:crypto';
import {
  AppErrorCode,
  type AssemblyAdaptor,
  type AssemblyComputation,
  type AssemblyEndSummary,
  type AssemblyFerrule,
  type AssemblyFitting,
  type AssemblyHose,
  type AssemblyIssue,
  type AssemblyPartSummary,
  type AssemblyParts,
  type AssemblyPartsSummary,
  type AssemblyWrap,
  assemblyTitle,
  type Component,
  computeAssembly,
  DEFAULT_REVISION_DELIMITER,
  FIRST_REVISION,
  formatLength,
  type HoseAssembly,
  type HoseAssemblyComputeResponse,
  type HoseAssemblyInput,
  type HoseAssemblyListItem,
  type HoseAssemblyListQuery,
  type HoseAssemblyRevisionSummary,
  type ListResponse,
  nextAssemblyPartNumber,
  nextRevision,
  type PricingTerms,
  type ProductGroupTerms,
  type PublicAssembly,
  SERIAL_ID_ALPHABET,
  SERIAL_ID_LENGTH,
  SERIAL_ID_PATTERN,
  type SerialRecord,
  type SerialsResponse,
  serialSearchText,
  type UnitSystem,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { acrossCustomers } from '../../db/customer-scope.ts';
import { takeTurnsNumbering } from '../../db/numbering.ts';
import {
  components,
  couplingSeries,
  customers,
  hoseAssemblies,
  hoseAssemblySerials,
  hoseKitLines,
  organizationSettings,
  organizations,
  users,
  warehouses,
  workOrderLines,
  workOrders,
  workOrderUnits,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { assertWithinPlanLimit } from '../../lib/plan-limits.ts';
import { toComponent } from '../components/service.ts';
import { pricingFor } from '../currencies/service.ts';
import { filledAddressOf, getSettings, unitsOf } from '../organization/service.ts';

type Row = typeof hoseAssemblies.$inferSelect;

/**
 * A revision's input as stored: always with its part number (see `storedInput`); the confirmations are
 * absent from revisions saved before ADR 22.
 */
export type StoredInput = Omit<HoseAssemblyInput, 'confirmations'> & {
  partNumber: string;
  confirmations?: HoseAssemblyInput['confirmations'];
};

/** What the `spec` jsonb column holds. */
export interface StoredSpec {
  input: StoredInput;
  computed: AssemblyComputation;
  parts: AssemblyPartsSummary;
}

const NOT_FOUND = 'This hose assembly';

// ---------------------------------------------------------------------------------------------------------
// Settings, parts, customers
// ---------------------------------------------------------------------------------------------------------

export interface AssemblySettings {
  pattern: string;
  delimiter: string;
  hasParker: boolean;
}

export async function settingsOf(tx: Tx, organizationId: string): Promise<AssemblySettings> {
  const [row] = await tx
    .select({
      pattern: organizationSettings.partNumberPattern,
      delimiter: organizationSettings.revisionDelimiter,
      hasParker: organizationSettings.hasParker,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return {
    pattern: row?.pattern ?? 'C-{00000}',
    delimiter: row?.delimiter ?? DEFAULT_REVISION_DELIMITER,
    hasParker: row?.hasParker ?? false,
  };
}

/** A refusal of the request body (400) with the field it concerns. */
function badInput(path: string, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError(AppErrorCode.BadRequest, message, {
    issues: [{ path: path.split('.'), message }],
    ...extra,
  });
}

/** The component rows the input names, checked for kind; anything missing is a 400 naming the field. */
export async function loadParts(
  tx: Tx,
  organizationId: string,
  input: Pick<HoseAssemblyInput, 'hoseId' | 'endA' | 'endB' | 'wrap'>,
  settings: AssemblySettings,
): Promise<AssemblyParts> {
  const wanted: { path: string; id: string | undefined; kind: Component['kind']; label: string }[] = [
    { path: 'hoseId', id: input.hoseId, kind: 'hose', label: 'hose' },
    { path: 'endA.fittingId', id: input.endA.fittingId, kind: 'crimpFitting', label: 'End A fitting' },
    { path: 'endA.ferruleId', id: input.endA.ferruleId, kind: 'ferrule', label: 'End A ferrule' },
    { path: 'endA.adaptorId', id: input.endA.adaptorId, kind: 'adaptor', label: 'End A adaptor' },
    { path: 'endB.fittingId', id: input.endB.fittingId, kind: 'crimpFitting', label: 'End B fitting' },
    { path: 'endB.ferruleId', id: input.endB.ferruleId, kind: 'ferrule', label: 'End B ferrule' },
    { path: 'endB.adaptorId', id: input.endB.adaptorId, kind: 'adaptor', label: 'End B adaptor' },
    { path: 'wrap.wrapId', id: input.wrap?.wrapId, kind: 'wrap', label: 'wrap' },
  ];
  const ids = [...new Set(wanted.map((w) => w.id).filter((id): id is string => !!id))];
  const [rows, series] = await Promise.all([
    tx
      .select()
      .from(components)
      .where(
        and(
          eq(components.organizationId, organizationId),
          inArray(components.id, ids),
          settings.hasParker
            ? undefined
            : or(ne(components.origin, 'catalogue'), sql`lower(${components.brand}) <> 'parker'`),
        ),
      ),
    tx
      .select({ code: couplingSeries.code, brand: couplingSeries.brand, skive: couplingSeries.skive })
      .from(couplingSeries)
      .where(eq(couplingSeries.organizationId, organizationId)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, toComponent(r)]));
  const got: Record<string, Component | undefined> = {};
  for (const w of wanted) {
    if (!w.id) continue;
    const part = byId.get(w.id);
    if (!part || part.kind !== w.kind) {
      throw badInput(w.path, `The ${w.label} was not found in the component library; choose it again`);
    }
    got[w.path] = part;
  }
  const end = (key: 'endA' | 'endB') => ({
    fitting: got[`${key}.fittingId`] as AssemblyFitting,
    ferrule: (got[`${key}.ferruleId`] as AssemblyFerrule | undefined) ?? null,
    adaptor: (got[`${key}.adaptorId`] as AssemblyAdaptor | undefined) ?? null,
  });
  return {
    hose: got.hoseId as AssemblyHose,
    endA: end('endA'),
    endB: end('endB'),
    wrap: (got['wrap.wrapId'] as AssemblyWrap | undefined) ?? null,
    series,
  };
}

interface CustomerTerms {
  id: string;
  name: string;
  currency: string;
  terms: PricingTerms;
}

async function customerOf(tx: Tx, organizationId: string, customerId: string | undefined) {
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
  if (!row) throw badInput('customerId', 'The customer was not found; choose it again');
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    terms: {
      marginPct: row.marginPct,
      discountPct: row.discountPct,
      productGroupTerms: (row.productGroupTerms ?? []) as ProductGroupTerms[],
    },
  } satisfies CustomerTerms;
}

// ---------------------------------------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------------------------------------

const SUMMARY_FIELDS = [
  'series',
  'dash',
  'standard',
  'endType',
  'thread',
  'gender',
  'angle',
  'pieces',
  'cutoffMm',
  'workingPressurePsi',
  'endA',
  'endB',
  'style',
] as const;

function summaryOf(part: {
  _id: string;
  partNumber: string;
  brand: string;
  description: string;
}): AssemblyPartSummary {
  const source = part as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {
    _id: part._id,
    kind: source.kind,
    partNumber: part.partNumber,
    brand: part.brand,
    description: part.description,
  };
  for (const f of SUMMARY_FIELDS) if (source[f] !== undefined && source[f] !== null) out[f] = source[f];
  // Whether to skive is the hose's to say (its fittings and ferrules agree with it: compatibility.ts).
  if (source.kind === 'hose') out.skive = source.skive === true;
  return out as unknown as AssemblyPartSummary;
}

export function partsSummary(parts: AssemblyParts, wrapLengthMm: number | null): AssemblyPartsSummary {
  const end = (key: 'endA' | 'endB'): AssemblyEndSummary => ({
    fitting: summaryOf(parts[key].fitting),
    ferrule: parts[key].ferrule ? summaryOf(parts[key].ferrule) : null,
    adaptor: parts[key].adaptor ? summaryOf(parts[key].adaptor) : null,
  });
  return {
    hose: summaryOf(parts.hose),
    endA: end('endA'),
    endB: end('endB'),
    wrap: parts.wrap ? { ...summaryOf(parts.wrap), lengthMm: wrapLengthMm ?? 0 } : null,
  };
}

/**
 * 'GEN-2SN-08 × 1,000 mm, JIC37 F 90° / JIC37 F 90°' (or '× 39-3/8 in' in imperial units): the description
 * when the user gives none, in the units of whoever saved it.
 */
export function defaultDescription(parts: AssemblyParts, overallLengthMm: number, units: UnitSystem): string {
  const end = (f: AssemblyFitting) =>
    `${f.endType} ${f.gender === '-' ? '' : `${f.gender} `}${f.angle ? `${f.angle}°` : 'straight'}`;
  return `${parts.hose.partNumber} × ${formatLength(overallLengthMm, units)}, ${end(parts.endA.fitting)} / ${end(parts.endB.fitting)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Compute and save
// ---------------------------------------------------------------------------------------------------------

/** Part numbers already used in the pattern by assemblies and custom components (any revision). */
async function nextGeneratedPartNumber(tx: Tx, organizationId: string, pattern: string): Promise<string> {
  const prefix = pattern.slice(0, pattern.indexOf('{')).toLowerCase();
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await takeTurnsNumbering(tx, organizationId, 'part number');
  // Unique across the organisation, also for a call acting for one customer.
  const [assemblies, parts] = await acrossCustomers(tx, () =>
    Promise.all([
      tx
        .selectDistinct({ partNumber: hoseAssemblies.partNumber })
        .from(hoseAssemblies)
        .where(
          and(
            eq(hoseAssemblies.organizationId, organizationId),
            sql`lower(${hoseAssemblies.partNumber}) like ${like}`,
          ),
        ),
      tx
        .select({ partNumber: components.partNumber })
        .from(components)
        .where(
          and(
            eq(components.organizationId, organizationId),
            eq(components.origin, 'custom'),
            sql`lower(${components.partNumber}) like ${like}`,
          ),
        ),
    ]),
  );
  return nextAssemblyPartNumber(
    pattern,
    [...assemblies, ...parts].map((r) => r.partNumber),
  );
}

interface Evaluated {
  parts: AssemblyParts;
  computed: AssemblyComputation;
  customer: CustomerTerms | null;
  settings: AssemblySettings;
  /** The units of whoever asked (millimetres and psi for a call without a user). */
  units: UnitSystem;
}

/** `userId`: whose units the warnings and errors speak in (`unitsOf`); none: millimetres and psi. */
async function evaluate(
  tx: Tx,
  organizationId: string,
  input: HoseAssemblyInput,
  userId: string | null,
): Promise<Evaluated> {
  const settings = await settingsOf(tx, organizationId);
  const units = userId ? (await unitsOf(tx, organizationId, userId)).units : undefined;
  const [parts, customer] = await Promise.all([
    loadParts(tx, organizationId, input, settings),
    customerOf(tx, organizationId, input.customerId),
  ]);
  // Costs in the base currency; the price in the customer's (base price × rate).
  const pricing = await pricingFor(tx, organizationId, customer?.currency);
  const computed = computeAssembly(parts, input, { terms: customer?.terms, ...pricing, units });
  return { parts, computed, customer, settings, units: units ?? 'metric' };
}

/** `POST /hoseassemblies/compute`: the builder's live figures; nothing is saved. */
export async function computeForBuilder(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: HoseAssemblyInput,
  forAssemblyId?: string,
): Promise<HoseAssemblyComputeResponse> {
  const { parts, computed, settings } = await evaluate(tx, organizationId, input, userId);
  let partNumber: string;
  let revision = FIRST_REVISION;
  if (forAssemblyId) {
    const latest = await latestOf(tx, organizationId, forAssemblyId);
    partNumber = latest.partNumber;
    revision = nextRevision(latest.revision);
  } else {
    partNumber = input.partNumber ?? (await nextGeneratedPartNumber(tx, organizationId, settings.pattern));
  }
  return {
    ...computed,
    partNumber,
    revision,
    title: assemblyTitle(partNumber, revision, settings.delimiter),
    parts: partsSummary(parts, computed.wrapLengthMm),
  };
}

/**
 * The 400 of a save the domain refuses: the first error as the message, every issue listed. A pressure above
 * the assembly's rating and a safety finding not confirmed with a reason are among them (ADR 22).
 */
function refusal(computed: AssemblyComputation): AppError {
  const first = computed.errors[0] as AssemblyIssue;
  return new AppError(AppErrorCode.BadRequest, first.message, {
    issues: computed.errors.map((e) => ({ path: e.path ? e.path.split('.') : [], message: e.message })),
    errors: computed.errors,
    warnings: computed.warnings,
  });
}

/**
 * The input as stored: orientation only when both ends are bent, the wrap length filled in, and only the
 * confirmations of safety findings that apply to this assembly (ADR 22).
 */
function storedInput(
  input: HoseAssemblyInput,
  computed: AssemblyComputation,
  partNumber: string,
): StoredInput {
  const found = new Set((computed.findings ?? []).map((f) => f.code));
  const out: StoredInput = {
    ...input,
    confirmations: input.confirmations.filter((c) => found.has(c.code)),
    partNumber,
  };
  if (!computed.bothEndsBent) {
    out.orientationDeg = undefined;
    out.orientationConvention = undefined;
  }
  if (out.wrap) out.wrap = { ...out.wrap, lengthMm: computed.wrapLengthMm ?? undefined };
  return JSON.parse(JSON.stringify(out)) as StoredInput;
}

function columnsOf(
  input: HoseAssemblyInput,
  evaluated: Evaluated,
  description: string,
): Omit<typeof hoseAssemblies.$inferInsert, 'organizationId' | 'partNumber' | 'revision' | 'spec'> {
  const { parts, computed } = evaluated;
  return {
    description,
    notes: input.notes,
    customerId: input.customerId ?? null,
    hoseId: parts.hose._id,
    endAId: parts.endA.fitting._id,
    endBId: parts.endB.fitting._id,
    dash: parts.hose.dash,
    overallLengthMm: computed.overallLengthMm,
    cutLengthMm: computed.cutLengthMm,
    workingPressurePsi: computed.maxWorkingPressurePsi,
    cost: computed.costs.unitCost,
    price: computed.costs.unitPrice,
  };
}

/** How many part numbers (latest revisions) the organisation has: the plan limit counts these. */
export async function countAssemblies(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(hoseAssemblies)
    .where(and(eq(hoseAssemblies.organizationId, organizationId), eq(hoseAssemblies.latest, true)));
  return row?.n ?? 0;
}

async function partNumberTaken(tx: Tx, organizationId: string, partNumber: string): Promise<boolean> {
  const [row] = await acrossCustomers(tx, () =>
    tx
      .select({ id: hoseAssemblies.id })
      .from(hoseAssemblies)
      .where(
        and(
          eq(hoseAssemblies.organizationId, organizationId),
          sql`lower(${hoseAssemblies.partNumber}) = ${partNumber.toLowerCase()}`,
        ),
      )
      .limit(1),
  );
  return !!row;
}

/** A new part number at revision A (new assemblies and duplicates). Plan limit `maxHoseAssemblies`. */
export async function createAssembly(
  tx: Tx,
  organizationId: string,
  /** Who saved it; null when no person did (an import records no author). */
  userId: string | null,
  input: HoseAssemblyInput,
): Promise<HoseAssembly> {
  const evaluated = await evaluate(tx, organizationId, input, userId);
  if (evaluated.computed.errors.length) throw refusal(evaluated.computed);
  await assertWithinPlanLimit(tx, organizationId, 'maxHoseAssemblies', (t) =>
    countAssemblies(t, organizationId),
  );
  const partNumber =
    input.partNumber ?? (await nextGeneratedPartNumber(tx, organizationId, evaluated.settings.pattern));
  if (await partNumberTaken(tx, organizationId, partNumber)) {
    throw new AppError(
      AppErrorCode.Conflict,
      `Part number ${partNumber} is already used by a hose assembly`,
      {
        issues: [{ path: ['partNumber'], message: 'This part number is already used by a hose assembly' }],
      },
    );
  }
  const description =
    input.description || defaultDescription(evaluated.parts, input.overallLengthMm, evaluated.units);
  const spec: StoredSpec = {
    input: storedInput({ ...input, description }, evaluated.computed, partNumber),
    computed: evaluated.computed,
    parts: partsSummary(evaluated.parts, evaluated.computed.wrapLengthMm),
  };
  const [row] = await tx
    .insert(hoseAssemblies)
    .values({
      organizationId,
      partNumber,
      revision: FIRST_REVISION,
      latest: true,
      ...columnsOf(input, evaluated, description),
      spec,
      createdBy: userId,
    })
    .returning({ id: hoseAssemblies.id });
  return getAssembly(tx, organizationId, (row as { id: string }).id);
}

/** The latest revision of the part number the revision `id` belongs to (404 when `id` is not ours). */
async function latestOf(tx: Tx, organizationId: string, id: string): Promise<Row> {
  const row = await findRow(tx, organizationId, id);
  if (row.latest) return row;
  const [latest] = await tx
    .select()
    .from(hoseAssemblies)
    .where(
      and(
        eq(hoseAssemblies.organizationId, organizationId),
        sql`lower(${hoseAssemblies.partNumber}) = ${row.partNumber.toLowerCase()}`,
        eq(hoseAssemblies.latest, true),
      ),
    );
  return latest ?? row;
}

/** Editing makes the next revision (after the latest) and clears `latest` on the one before. */
export async function reviseAssembly(
  tx: Tx,
  organizationId: string,
  userId: string | null,
  id: string,
  input: HoseAssemblyInput,
): Promise<HoseAssembly> {
  const latest = await latestOf(tx, organizationId, id);
  const evaluated = await evaluate(tx, organizationId, input, userId);
  if (evaluated.computed.errors.length) throw refusal(evaluated.computed);
  const revision = nextRevision(latest.revision);
  const description =
    input.description || defaultDescription(evaluated.parts, input.overallLengthMm, evaluated.units);
  const spec: StoredSpec = {
    input: storedInput({ ...input, description }, evaluated.computed, latest.partNumber),
    computed: evaluated.computed,
    parts: partsSummary(evaluated.parts, evaluated.computed.wrapLengthMm),
  };
  const cleared = await tx
    .update(hoseAssemblies)
    .set({ latest: false, updatedAt: new Date() })
    .where(
      and(
        eq(hoseAssemblies.organizationId, organizationId),
        eq(hoseAssemblies.id, latest.id),
        eq(hoseAssemblies.latest, true),
      ),
    )
    .returning({ id: hoseAssemblies.id });
  if (!cleared.length) {
    throw new AppError(AppErrorCode.Conflict, 'Someone else saved this assembly just now; open it again');
  }
  const [row] = await tx
    .insert(hoseAssemblies)
    .values({
      organizationId,
      partNumber: latest.partNumber,
      revision,
      latest: true,
      ...columnsOf(input, evaluated, description),
      spec,
      createdBy: userId,
    })
    .returning({ id: hoseAssemblies.id });
  return getAssembly(tx, organizationId, (row as { id: string }).id);
}

/** A new part number (revision A) with this revision's spec, re-checked against today's library. */
export async function duplicateAssembly(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
  partNumber: string | undefined,
): Promise<HoseAssembly> {
  const row = await findRow(tx, organizationId, id);
  const spec = row.spec as StoredSpec;
  return createAssembly(tx, organizationId, userId, {
    ...spec.input,
    confirmations: spec.input.confirmations ?? [],
    partNumber,
  });
}

/** Deletes every revision of the part number (and its serials); refused while a kit uses it. */
export async function deleteAssembly(tx: Tx, organizationId: string, id: string): Promise<void> {
  const row = await findRow(tx, organizationId, id);
  const samePart = and(
    eq(hoseAssemblies.organizationId, organizationId),
    sql`lower(${hoseAssemblies.partNumber}) = ${row.partNumber.toLowerCase()}`,
  );
  const [inKit] = await tx
    .select({ id: hoseKitLines.id })
    .from(hoseKitLines)
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, hoseKitLines.hoseAssemblyId))
    .where(and(eq(hoseKitLines.organizationId, organizationId), samePart))
    .limit(1);
  if (inKit) {
    throw new AppError(
      AppErrorCode.Conflict,
      `${row.partNumber} is used in a hose kit; remove it from the kit before deleting it`,
    );
  }
  const [onOrder] = await tx
    .select({ number: workOrders.number })
    .from(workOrderLines)
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, workOrderLines.hoseAssemblyId))
    .innerJoin(workOrders, eq(workOrders.id, workOrderLines.workOrderId))
    .where(and(eq(workOrderLines.organizationId, organizationId), samePart))
    .limit(1);
  if (onOrder) {
    throw new AppError(
      AppErrorCode.Conflict,
      `${row.partNumber} is built on work order ${onOrder.number}, which keeps its record; it cannot be deleted`,
    );
  }
  await tx.delete(hoseAssemblies).where(samePart);
}

// ---------------------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------------------

export async function findRow(tx: Tx, organizationId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(hoseAssemblies)
    .where(and(eq(hoseAssemblies.organizationId, organizationId), eq(hoseAssemblies.id, id)));
  if (!row) throw AppError.notFound(NOT_FOUND);
  return row;
}

function toSerial(
  s: typeof hoseAssemblySerials.$inferSelect,
  revision: string,
  builtByName: string | null,
): SerialRecord {
  return {
    serialId: s.serialId,
    hoseAssemblyId: s.hoseAssemblyId,
    revision,
    replacesSerialId: s.replacesSerialId,
    builtAt: s.builtAt.toISOString(),
    builtByName,
  };
}

/** One revision with the part number's revision history and serials. */
export async function getAssembly(tx: Tx, organizationId: string, id: string): Promise<HoseAssembly> {
  const row = await findRow(tx, organizationId, id);
  const settings = await settingsOf(tx, organizationId);
  const samePart = and(
    eq(hoseAssemblies.organizationId, organizationId),
    sql`lower(${hoseAssemblies.partNumber}) = ${row.partNumber.toLowerCase()}`,
  );
  const [revisions, serials, customer, creator] = await Promise.all([
    tx
      .select({
        id: hoseAssemblies.id,
        revision: hoseAssemblies.revision,
        latest: hoseAssemblies.latest,
        createdAt: hoseAssemblies.createdAt,
        createdByName: users.name,
      })
      .from(hoseAssemblies)
      .leftJoin(users, eq(users.id, hoseAssemblies.createdBy))
      .where(samePart)
      .orderBy(desc(hoseAssemblies.createdAt), desc(hoseAssemblies.revision)),
    tx
      .select({ serial: hoseAssemblySerials, revision: hoseAssemblies.revision, builtByName: users.name })
      .from(hoseAssemblySerials)
      .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, hoseAssemblySerials.hoseAssemblyId))
      .leftJoin(users, eq(users.id, hoseAssemblySerials.builtBy))
      .where(and(eq(hoseAssemblySerials.organizationId, organizationId), samePart))
      .orderBy(desc(hoseAssemblySerials.builtAt), desc(hoseAssemblySerials.serialId)),
    row.customerId
      ? tx
          .select({ name: customers.name })
          .from(customers)
          .where(and(eq(customers.organizationId, organizationId), eq(customers.id, row.customerId)))
      : Promise.resolve([]),
    row.createdBy
      ? tx.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
      : Promise.resolve([]),
  ]);
  const spec = row.spec as StoredSpec;
  let computed = spec.computed;
  if (!computed.costs.currency || !computed.costs.costCurrency) {
    // Saved before prices said their currency: priced in the base currency then.
    const { baseCurrency } = await getSettings(tx, organizationId);
    computed = {
      ...computed,
      costs: {
        ...computed.costs,
        currency: computed.costs.currency || baseCurrency,
        costCurrency: computed.costs.costCurrency || baseCurrency,
      },
    };
  }
  return {
    _id: row.id,
    partNumber: row.partNumber,
    revision: row.revision,
    title: assemblyTitle(row.partNumber, row.revision, settings.delimiter),
    latest: row.latest,
    description: row.description,
    notes: row.notes,
    customerId: row.customerId,
    customerName: customer[0]?.name ?? null,
    spec: spec.input,
    computed,
    parts: spec.parts,
    revisions: revisions.map(
      (r): HoseAssemblyRevisionSummary => ({
        _id: r.id,
        revision: r.revision,
        title: assemblyTitle(row.partNumber, r.revision, settings.delimiter),
        latest: r.latest,
        createdAt: r.createdAt.toISOString(),
        createdByName: r.createdByName,
      }),
    ),
    serials: serials.map((s) => toSerial(s.serial, s.revision, s.builtByName)),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName: creator[0]?.name ?? null,
  };
}

/**
 * Whether a unit of this row's part number (any revision) was built with a serial that `serialMatches`
 * (over `s`, the organisation's `hose_assembly_serials`).
 */
function builtWithSerial(organizationId: string, serialMatches: SQL): SQL {
  return sql`exists (
    select 1 from hose_assembly_serials s
    join hose_assemblies built on built.id = s.hose_assembly_id
    where s.organization_id = ${organizationId} and built.organization_id = ${organizationId}
      and built.part_number = ${hoseAssemblies.partNumber} and ${serialMatches})`;
}

const endTypeOf = (end: 'endA' | 'endB') =>
  sql<string>`coalesce(${hoseAssemblies.spec} -> 'parts' -> ${end} -> 'fitting' ->> 'endType', '')`;

/** `GET /hoseassemblies`: latest revisions, server-side paging, sorting, filters and free text. */
export async function listAssemblies(
  tx: Tx,
  organizationId: string,
  query: HoseAssemblyListQuery,
): Promise<ListResponse<HoseAssemblyListItem>> {
  const [settings, { baseCurrency }] = await Promise.all([
    settingsOf(tx, organizationId),
    getSettings(tx, organizationId),
  ]);
  const conditions: (SQL | undefined)[] = [
    eq(hoseAssemblies.organizationId, organizationId),
    eq(hoseAssemblies.latest, true),
  ];
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = [
      sql`lower(${hoseAssemblies.partNumber}) like ${like}`,
      sql`lower(${hoseAssemblies.description}) like ${like}`,
    ];
    // The serial on a tag finds the assembly too (the whole serial, or its start).
    const serial = serialSearchText(query.q);
    if (serial) matches.push(builtWithSerial(organizationId, sql`s.serial_id like ${`${serial}%`}`));
    conditions.push(or(...matches));
  }
  if (query.serialId) {
    conditions.push(builtWithSerial(organizationId, sql`s.serial_id = ${query.serialId}`));
  }
  if (query.customerId) conditions.push(eq(hoseAssemblies.customerId, query.customerId));
  if (query.hoseId) conditions.push(eq(hoseAssemblies.hoseId, query.hoseId));
  if (query.dash?.length) conditions.push(inArray(hoseAssemblies.dash, query.dash));
  if (query.endType?.length) {
    const types = query.endType.map((t) => t.toLowerCase());
    conditions.push(
      or(inArray(sql`lower(${endTypeOf('endA')})`, types), inArray(sql`lower(${endTypeOf('endB')})`, types)),
    );
  }
  if (query.createdFrom)
    conditions.push(sql`${hoseAssemblies.createdAt} >= ${new Date(query.createdFrom).toISOString()}`);
  if (query.createdTo) {
    // A day given without a time means the whole of that day.
    const to = new Date(query.createdTo);
    if (/^\d{4}-\d{2}-\d{2}$/.test(query.createdTo)) to.setUTCDate(to.getUTCDate() + 1);
    else to.setTime(to.getTime() + 1);
    conditions.push(sql`${hoseAssemblies.createdAt} < ${to.toISOString()}`);
  }
  const where = and(...conditions);
  const column = {
    partNumber: sql`lower(${hoseAssemblies.partNumber})`,
    description: sql`lower(${hoseAssemblies.description})`,
    customerName: sql`lower(${customers.name})`,
    dash: hoseAssemblies.dash,
    workingPressurePsi: hoseAssemblies.workingPressurePsi,
    overallLengthMm: hoseAssemblies.overallLengthMm,
    createdAt: hoseAssemblies.createdAt,
  }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await tx
    .select({
      row: hoseAssemblies,
      customerName: customers.name,
      customerCurrency: customers.currency,
    })
    .from(hoseAssemblies)
    .leftJoin(customers, eq(customers.id, hoseAssemblies.customerId))
    .where(where)
    .orderBy(sql`${direction(column)} nulls last`, asc(hoseAssemblies.partNumber))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(hoseAssemblies).where(where);
    return counted?.n ?? 0;
  });
  return {
    items: rows.map(({ row, customerName, customerCurrency }): HoseAssemblyListItem => {
      const spec = row.spec as StoredSpec;
      return {
        _id: row.id,
        partNumber: row.partNumber,
        revision: row.revision,
        title: assemblyTitle(row.partNumber, row.revision, settings.delimiter),
        description: row.description,
        customerId: row.customerId,
        customerName: customerName ?? null,
        hoseId: row.hoseId,
        hosePartNumber: spec.parts.hose.partNumber,
        dash: row.dash,
        endAType: spec.parts.endA.fitting.endType ?? '',
        endBType: spec.parts.endB.fitting.endType ?? '',
        overallLengthMm: row.overallLengthMm,
        cutLengthMm: row.cutLengthMm,
        workingPressurePsi: row.workingPressurePsi,
        unitPrice: row.price,
        // The stored price is in the currency it was priced in when saved (`costs.currency`); a saving
        // from before prices said their currency was in the customer's, else the base currency.
        currency: spec.computed?.costs?.currency ?? customerCurrency ?? baseCurrency,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    total,
    page: query.page,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Serials and the public lookup
// ---------------------------------------------------------------------------------------------------------

/** 10 characters of Crockford base32 from 50 random bits: unguessable, readable, printed under the QR code. */
export function generateSerialId(): string {
  const bytes = randomBytes(SERIAL_ID_LENGTH);
  let out = '';
  for (const b of bytes) out += SERIAL_ID_ALPHABET[b & 31];
  return out;
}

/** New built units of the revision `id`; each serial is unique across every organisation. */
export async function createSerials(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
  request: { quantity: number; replacesSerialId?: string | undefined },
): Promise<SerialsResponse> {
  const row = await findRow(tx, organizationId, id);
  if (request.replacesSerialId) {
    const [replaced] = await tx
      .select({ id: hoseAssemblySerials.id })
      .from(hoseAssemblySerials)
      .where(
        and(
          eq(hoseAssemblySerials.organizationId, organizationId),
          eq(hoseAssemblySerials.serialId, request.replacesSerialId),
        ),
      );
    if (!replaced) {
      throw badInput('replacesSerialId', `Serial ${request.replacesSerialId} was not found`);
    }
  }
  const [builder] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const made: SerialRecord[] = [];
  for (let attempts = 0; made.length < request.quantity; attempts++) {
    if (attempts > request.quantity + 20) throw new Error('could not find free serial ids');
    const wanted = Array.from({ length: request.quantity - made.length }, generateSerialId);
    const inserted = await tx
      .insert(hoseAssemblySerials)
      .values(
        wanted.map((serialId) => ({
          organizationId,
          serialId,
          hoseAssemblyId: row.id,
          replacesSerialId: request.replacesSerialId ?? null,
          builtBy: userId,
        })),
      )
      .onConflictDoNothing()
      .returning();
    made.push(...inserted.map((s) => toSerial(s, row.revision, builder?.name ?? null)));
  }
  return { items: made };
}

/** The serial's organisation, found as the owner (a serial is global; nothing else is read this way). */
async function organizationOfSerial(database: Database, serialId: string): Promise<string | null> {
  const [row] = await database.withSystem((tx) =>
    tx
      .select({ organizationId: hoseAssemblySerials.organizationId })
      .from(hoseAssemblySerials)
      .where(eq(hoseAssemblySerials.serialId, serialId)),
  );
  return row?.organizationId ?? null;
}

export const SERIAL_NOT_FOUND = 'This serial number was not found';

/** `GET /qs/{serialId}`: what a customer scanning the tag may see. No costs, prices or customers. */
export async function publicAssembly(database: Database, serialId: string): Promise<PublicAssembly> {
  if (!SERIAL_ID_PATTERN.test(serialId)) throw new AppError(AppErrorCode.NotFound, SERIAL_NOT_FOUND);
  const organizationId = await organizationOfSerial(database, serialId);
  if (!organizationId) throw new AppError(AppErrorCode.NotFound, SERIAL_NOT_FOUND);
  return database.withTenant(organizationId, async (tx) => {
    const [found] = await tx
      .select({ serial: hoseAssemblySerials, assembly: hoseAssemblies, organizationName: organizations.name })
      .from(hoseAssemblySerials)
      .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, hoseAssemblySerials.hoseAssemblyId))
      .innerJoin(organizations, eq(organizations.id, hoseAssemblySerials.organizationId))
      .where(
        and(
          eq(hoseAssemblySerials.organizationId, organizationId),
          eq(hoseAssemblySerials.serialId, serialId),
        ),
      );
    if (!found) throw new AppError(AppErrorCode.NotFound, SERIAL_NOT_FOUND);
    const [settings, contact] = await Promise.all([
      settingsOf(tx, organizationId),
      shopContactOf(tx, organizationId),
    ]);
    const { assembly, serial, organizationName } = found;
    // A unit built on a work order carries its proof test (workorders/building.ts writes it).
    const [unit] = await tx
      .select({ test: workOrderUnits.test })
      .from(workOrderUnits)
      .where(and(eq(workOrderUnits.organizationId, organizationId), eq(workOrderUnits.serialId, serialId)));
    const test = unit?.test as
      | { at: string; result: 'pass' | 'fail'; pressurePsi: number; holdSeconds: number }
      | null
      | undefined;
    const spec = assembly.spec as StoredSpec;
    const title = assemblyTitle(assembly.partNumber, assembly.revision, settings.delimiter);
    return {
      serialId: serial.serialId,
      partNumber: assembly.partNumber,
      revision: assembly.revision,
      title,
      description: assembly.description,
      builtAt: serial.builtAt.toISOString(),
      workingPressurePsi: spec.computed.maxWorkingPressurePsi,
      overallLengthMm: spec.computed.overallLengthMm,
      cutLengthMm: spec.computed.cutLengthMm,
      lengthMeasuredTo: spec.input.lengthMeasuredTo,
      orientationDeg: spec.input.orientationDeg ?? null,
      orientationConvention: spec.input.orientationConvention ?? null,
      parts: publicParts(spec.parts),
      organizationName,
      contact,
      reorder: `To reorder, contact ${organizationName} and quote part number ${title} and serial ${serial.serialId}.`,
      proofTest: test
        ? {
            testedAt: test.at,
            result: test.result,
            pressurePsi: test.pressurePsi,
            holdSeconds: test.holdSeconds,
          }
        : null,
    };
  });
}

/**
 * The shop's address, phone and email as its settings keep them (Shop details); the address falls back to the
 * default warehouse's when the shop keeps none, as on its documents (`loadShop` in organization/shop.ts, which
 * also reads the logo and terms a PDF prints and this page does not).
 */
async function shopContactOf(tx: Tx, organizationId: string): Promise<PublicAssembly['contact']> {
  const [[kept], [warehouse]] = await Promise.all([
    tx
      .select({
        address: organizationSettings.shopAddress,
        phone: organizationSettings.shopPhone,
        email: organizationSettings.shopEmail,
      })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId)),
    tx
      .select({ address: warehouses.address })
      .from(warehouses)
      .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.isDefault, true))),
  ]);
  return {
    address: filledAddressOf(kept?.address) ?? filledAddressOf(warehouse?.address),
    phone: kept?.phone ?? '',
    email: kept?.email ?? '',
  };
}

/** Only the public fields of each part (ids are the shop's internal references: left out). */
function publicParts(parts: AssemblyPartsSummary): AssemblyPartsSummary {
  const clean = <T extends AssemblyPartSummary | null>(p: T): T => (p ? { ...p, _id: '' } : p);
  const end = (e: AssemblyEndSummary): AssemblyEndSummary => ({
    fitting: clean(e.fitting),
    ferrule: clean(e.ferrule),
    adaptor: clean(e.adaptor),
  });
  return {
    hose: clean(parts.hose),
    endA: end(parts.endA),
    endB: end(parts.endB),
    wrap: parts.wrap ? { ...clean(parts.wrap), lengthMm: parts.wrap.lengthMm } : null,
  };
}
