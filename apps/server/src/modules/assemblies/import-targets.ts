/**
 * Hose assemblies as an import target (ADR 7), declared in the assemblies module's manifest: one row per
 * assembly, naming its parts by part number the way a shop keeps them in a spreadsheet.
 *
 * - The parts must be in the organisation's component library (the brand column chooses between makers
 *   that use one part number); an empty ferrule of a two-piece fitting is chosen as the builder chooses it
 *   (`chooseFerrule`, over the hose's series and dash in part-number order).
 * - Every row is checked with the builder's own rules (`computeAssembly`): a row the builder would refuse
 *   is reported with the domain's message against the column it concerns, an application pressure above
 *   the parts' rating among them. A safety finding (ADR 22) needs a person's confirmation with a reason,
 *   which a file cannot give: a row with a finding its assembly has not confirmed before is refused, saying
 *   to confirm it in the builder.
 * - A row whose part number is an existing assembly is compared with its latest revision: unchanged, it
 *   writes nothing; changed, it becomes the next revision (what the assembly's adaptors, wrap, application
 *   figures and confirmations were stays, since the file has no columns for them). A row without a part
 *   number gets the next one of the organisation's pattern.
 * - Creating is within the plan's `maxHoseAssemblies`, checked inside the write for the whole file.
 */
import {
  AppErrorCode,
  type AssemblyAdaptor,
  type AssemblyFerrule,
  type AssemblyFitting,
  type AssemblyHose,
  type AssemblyParts,
  type AssemblyWrap,
  type Component,
  checkFitting,
  chooseFerrule,
  computeAssembly,
  type HoseAssemblyInput,
  hoseAssemblyInputSchema,
  isSafetyConfirmationCode,
  LENGTH_MEASURED_TO,
  MAX_ASSEMBLY_LENGTH_MM,
  measuringPointOf,
  ORIENTATION_CONVENTIONS,
  partNumberSchema,
} from '@hosewright/domain';
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { components, couplingSeries, customers, hoseAssemblies } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertWithinPlanLimit } from '../../lib/plan-limits.ts';
import { toComponent } from '../components/service.ts';
import { fieldChanges } from '../imports/changes.ts';
import { withUnitCells } from '../imports/fields.ts';
import type { ImportTarget, KeyedRow, RowKey, RowSchema, WrittenChange } from '../imports/targets.ts';
import type { ImportError } from '../imports/types.ts';
import {
  type AssemblySettings,
  countAssemblies,
  createAssembly,
  reviseAssembly,
  type StoredSpec,
  settingsOf,
} from './service.ts';

// ---------------------------------------------------------------------------------------------------------
// The row contract (its field order is the template's column order)

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')} characters`)
    .optional();
const requiredPart = (what: string) =>
  z
    .string({ error: `Enter the ${what}’s part number` })
    .trim()
    .min(1, `Enter the ${what}’s part number`)
    .max(100, 'A part number must be at most 100 characters');

/** The ways a spreadsheet spells the measuring points and conventions (letters only, lower case). */
const MEASURED_TO_WORDS: Record<string, string> = {
  endofthread: 'endOfThread',
  thread: 'endOfThread',
  eot: 'endOfThread',
  sealingsurface: 'sealingSurface',
  sealing: 'sealingSurface',
  seat: 'sealingSurface',
  centreline: 'centreline',
  centerline: 'centreline',
  centre: 'centreline',
  center: 'centreline',
  cl: 'centreline',
};
const CONVENTION_WORDS: Record<string, string> = {
  clockwise: 'clockwise',
  cw: 'clockwise',
  counterclockwise: 'counterClockwise',
  anticlockwise: 'counterClockwise',
  ccw: 'counterClockwise',
  acw: 'counterClockwise',
};
/** A cell's text as the contract's value when it is one of the known spellings; otherwise as it is. */
const spelling = (words: Record<string, string>) => (value: unknown) =>
  typeof value === 'string' ? (words[value.toLowerCase().replace(/[^a-z]/g, '')] ?? value) : value;

export const assemblyImportRowSchema = z.object({
  /** Empty: the next part number of the organisation's pattern. */
  partNumber: partNumberSchema.optional(),
  description: optionalText(500, 'The description'),
  /** Chooses between makers that use one part number; applies to every part of the row. */
  brand: optionalText(100, 'The brand'),
  hosePartNumber: requiredPart('hose'),
  endAFittingPartNumber: requiredPart('End A fitting'),
  /** Empty: chosen for a two-piece fitting as the builder chooses it. */
  endAFerrulePartNumber: optionalText(100, 'A part number'),
  endBFittingPartNumber: requiredPart('End B fitting'),
  endBFerrulePartNumber: optionalText(100, 'A part number'),
  /** A plain number is mm; with its unit it converts ('39-3/8 in', '1 m': `withUnitCells`). */
  overallLengthMm: z
    .number({
      error: 'Enter the overall length in mm as a number, such as 1000, or with its unit: 39-3/8 in',
    })
    .positive('The overall length must be more than 0 mm')
    .max(MAX_ASSEMBLY_LENGTH_MM, `The overall length must be at most ${MAX_ASSEMBLY_LENGTH_MM} mm`),
  /** Empty: where End A's fitting is measured to. */
  lengthMeasuredTo: z
    .preprocess(
      spelling(MEASURED_TO_WORDS),
      z.enum(LENGTH_MEASURED_TO, { error: 'Write end of thread, sealing surface or centreline' }),
    )
    .optional(),
  orientationDeg: z
    .number({ error: 'Enter the orientation in degrees as a number, such as 90' })
    .min(0, 'The orientation must be between 0 and 359 degrees')
    .max(359, 'The orientation must be between 0 and 359 degrees')
    .optional(),
  /** Empty with an angle: clockwise, the common convention. */
  orientationConvention: z
    .preprocess(
      spelling(CONVENTION_WORDS),
      z.enum(ORIENTATION_CONVENTIONS, { error: 'Write clockwise or counter-clockwise' }),
    )
    .optional(),
  customerAccountNumber: optionalText(100, 'The account number'),
  notes: optionalText(4000, 'The notes'),
});
export type AssemblyImportRow = z.infer<typeof assemblyImportRowSchema>;
/** The row contract as the importer reads a row: lengths with their units in mm. */
const assemblyRowSchema = withUnitCells(assemblyImportRowSchema as unknown as RowSchema);
type RowField = keyof AssemblyImportRow;

export const ASSEMBLY_SYNONYMS: Record<string, RowField> = {
  part: 'partNumber',
  partno: 'partNumber',
  pn: 'partNumber',
  assembly: 'partNumber',
  assemblypartnumber: 'partNumber',
  assemblyno: 'partNumber',
  desc: 'description',
  make: 'brand',
  manufacturer: 'brand',
  hose: 'hosePartNumber',
  hosepart: 'hosePartNumber',
  hosepn: 'hosePartNumber',
  endafitting: 'endAFittingPartNumber',
  fittinga: 'endAFittingPartNumber',
  endaferrule: 'endAFerrulePartNumber',
  ferrulea: 'endAFerrulePartNumber',
  endbfitting: 'endBFittingPartNumber',
  fittingb: 'endBFittingPartNumber',
  endbferrule: 'endBFerrulePartNumber',
  ferruleb: 'endBFerrulePartNumber',
  length: 'overallLengthMm',
  lengthmm: 'overallLengthMm',
  overalllength: 'overallLengthMm',
  oal: 'overallLengthMm',
  oalmm: 'overallLengthMm',
  measuredto: 'lengthMeasuredTo',
  orientation: 'orientationDeg',
  orientationdegrees: 'orientationDeg',
  angle: 'orientationDeg',
  convention: 'orientationConvention',
  account: 'customerAccountNumber',
  accountnumber: 'customerAccountNumber',
  accountno: 'customerAccountNumber',
  customer: 'customerAccountNumber',
  customeraccount: 'customerAccountNumber',
  note: 'notes',
};

// ---------------------------------------------------------------------------------------------------------
// Resolving rows against the library

const article = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
const lower = (value: string | undefined | null) => (value ?? '').trim().toLowerCase();
const same = (a: string | undefined, b: string | undefined) => lower(a) === lower(b);

type PartKind = 'hose' | 'crimpFitting' | 'ferrule';
const KIND_LABEL: Record<string, string> = {
  hose: 'hose',
  crimpFitting: 'crimp fitting',
  ferrule: 'ferrule',
  adaptor: 'adaptor',
  wrap: 'wrap',
  other: 'component',
};

/** The domain's input path of an issue -> the row field it is reported against. */
function fieldOfPath(path: string | undefined): RowField {
  switch (path) {
    case 'hoseId':
      return 'hosePartNumber';
    case 'endA.fittingId':
      return 'endAFittingPartNumber';
    case 'endA.ferruleId':
      return 'endAFerrulePartNumber';
    case 'endB.fittingId':
      return 'endBFittingPartNumber';
    case 'endB.ferruleId':
      return 'endBFerrulePartNumber';
    case 'overallLengthMm':
    case 'lengthMeasuredTo':
    case 'orientationDeg':
    case 'orientationConvention':
    case 'description':
    case 'notes':
      return path;
    case 'customerId':
      return 'customerAccountNumber';
    default:
      // Adaptors, wrap and application figures come from the existing assembly: the row as a whole.
      return 'partNumber';
  }
}

interface RowProblem {
  field: RowField;
  message: string;
}

/** One row ready to write: the builder's input and the latest revision it would replace, if any. */
interface ResolvedRow {
  input: HoseAssemblyInput;
  existing: { id: string; spec: StoredSpec } | null;
  changed: boolean;
  /** What the next revision changes, by the file's columns (empty for a new assembly). */
  fields: ReturnType<typeof fieldChanges>;
}

type PartRef = { _id: string; partNumber: string; brand: string } | null | undefined;

/**
 * What a row changes in an existing assembly, by the file's columns, compared as `projection` compares
 * them: a part by what it is (shown by part number, with its brand when only the brand differs), the
 * customer by account number.
 */
function revisionChanges(
  existing: StoredSpec,
  input: HoseAssemblyInput,
  parts: Record<'hose' | 'fittingA' | 'ferruleA' | 'fittingB' | 'ferruleB', PartRef>,
  bothEndsBent: boolean,
  accountOf: ReadonlyMap<string, string>,
) {
  const was = existing.input;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const part = (
    field: string,
    oldId: string | undefined,
    old: { partNumber: string; brand: string } | null | undefined,
    now: PartRef,
  ) => {
    if ((oldId ?? null) === (now?._id ?? null)) return;
    const sameNumber = old && now && old.partNumber === now.partNumber;
    before[field] = old ? (sameNumber ? `${old.brand} ${old.partNumber}` : old.partNumber) : null;
    after[field] = now ? (sameNumber ? `${now.brand} ${now.partNumber}` : now.partNumber) : null;
  };
  const { hose, endA, endB } = existing.parts;
  part('hosePartNumber', was.hoseId, hose, parts.hose);
  part('endAFittingPartNumber', was.endA.fittingId, endA.fitting, parts.fittingA);
  part('endAFerrulePartNumber', was.endA.ferruleId, endA.ferrule, parts.ferruleA);
  part('endBFittingPartNumber', was.endB.fittingId, endB.fitting, parts.fittingB);
  part('endBFerrulePartNumber', was.endB.ferruleId, endB.ferrule, parts.ferruleB);
  const customer = (id: string | undefined) => (id ? (accountOf.get(id) ?? id) : null);
  Object.assign(before, {
    overallLengthMm: was.overallLengthMm,
    lengthMeasuredTo: was.lengthMeasuredTo,
    orientationDeg: was.orientationDeg ?? null,
    orientationConvention: was.orientationConvention ?? null,
    customerAccountNumber: customer(was.customerId),
    description: was.description,
    notes: was.notes,
  });
  Object.assign(after, {
    overallLengthMm: input.overallLengthMm,
    lengthMeasuredTo: input.lengthMeasuredTo,
    orientationDeg: bothEndsBent ? (input.orientationDeg ?? null) : null,
    orientationConvention: bothEndsBent ? (input.orientationConvention ?? null) : null,
    customerAccountNumber: customer(input.customerId),
    description: input.description,
    notes: input.notes,
  });
  return fieldChanges(
    [
      'hosePartNumber',
      'endAFittingPartNumber',
      'endAFerrulePartNumber',
      'endBFittingPartNumber',
      'endBFerrulePartNumber',
      'overallLengthMm',
      'lengthMeasuredTo',
      'orientationDeg',
      'orientationConvention',
      'customerAccountNumber',
      'description',
      'notes',
    ],
    before,
    after,
  );
}

type Outcome = { problems: RowProblem[]; resolved: ResolvedRow | null };

/** Parker's catalogue only where the organisation has it (as the builder's part lookups). */
function visible(settings: AssemblySettings): SQL | undefined {
  if (settings.hasParker) return undefined;
  return or(ne(components.origin, 'catalogue'), sql`lower(${components.brand}) <> 'parker'`);
}

const jsonList = (values: Iterable<string>) => JSON.stringify([...new Set(values)]);

/** What the builder's input would compare on: two inputs with one projection are the same assembly. */
function projection(input: Omit<HoseAssemblyInput, 'confirmations'>, bothEndsBent: boolean): string {
  const end = (e: HoseAssemblyInput['endA']) => [e.fittingId, e.ferruleId ?? null, e.adaptorId ?? null];
  return JSON.stringify([
    input.hoseId,
    end(input.endA),
    end(input.endB),
    input.overallLengthMm,
    input.lengthMeasuredTo,
    bothEndsBent ? (input.orientationDeg ?? null) : null,
    bothEndsBent ? (input.orientationConvention ?? null) : null,
    input.customerId ?? null,
    input.description,
    input.notes,
  ]);
}

/**
 * Every row checked against the library and the builder's rules, in one pass with batched lookups. A row
 * that failed its contract (`parsed` null) is only checked for its part numbers and account number.
 */
async function resolveRows(
  tx: Tx,
  organizationId: string,
  rows: readonly { values: Record<string, unknown>; parsed: AssemblyImportRow | null }[],
): Promise<Outcome[]> {
  const settings = await settingsOf(tx, organizationId);
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const partFields = [
    'hosePartNumber',
    'endAFittingPartNumber',
    'endAFerrulePartNumber',
    'endBFittingPartNumber',
    'endBFerrulePartNumber',
  ] as const;
  const partNumbers = rows.flatMap((r) => partFields.map((f) => lower(text(r.values[f])))).filter(Boolean);
  const accounts = rows.map((r) => lower(text(r.values.customerAccountNumber))).filter(Boolean);
  const assemblyNumbers = rows.map((r) => lower(r.parsed?.partNumber)).filter(Boolean);

  const [partRows, series, customerRows, existingRows] = await Promise.all([
    partNumbers.length
      ? tx
          .select()
          .from(components)
          .where(
            and(
              eq(components.organizationId, organizationId),
              sql`lower(${components.partNumber}) in (select jsonb_array_elements_text(${jsonList(partNumbers)}::jsonb))`,
              visible(settings),
            ),
          )
          .orderBy(desc(sql`${components.origin} = 'custom'`), asc(components.brand))
      : Promise.resolve([]),
    tx
      .select({ code: couplingSeries.code, brand: couplingSeries.brand, skive: couplingSeries.skive })
      .from(couplingSeries)
      .where(eq(couplingSeries.organizationId, organizationId)),
    accounts.length
      ? tx
          .select({ id: customers.id, account: customers.accountNumber })
          .from(customers)
          .where(
            and(
              eq(customers.organizationId, organizationId),
              sql`lower(${customers.accountNumber}) in (select jsonb_array_elements_text(${jsonList(accounts)}::jsonb))`,
            ),
          )
      : Promise.resolve([]),
    assemblyNumbers.length
      ? tx
          .select({ id: hoseAssemblies.id, partNumber: hoseAssemblies.partNumber, spec: hoseAssemblies.spec })
          .from(hoseAssemblies)
          .where(
            and(
              eq(hoseAssemblies.organizationId, organizationId),
              eq(hoseAssemblies.latest, true),
              sql`lower(${hoseAssemblies.partNumber}) in (select jsonb_array_elements_text(${jsonList(assemblyNumbers)}::jsonb))`,
            ),
          )
      : Promise.resolve([]),
  ]);

  const byPartNumber = new Map<string, Component[]>();
  for (const row of partRows) {
    const key = lower(row.partNumber);
    const list = byPartNumber.get(key) ?? [];
    list.push(toComponent(row));
    byPartNumber.set(key, list);
  }
  const customerByAccount = new Map(customerRows.map((c) => [lower(c.account), c.id]));
  const existingByNumber = new Map(
    existingRows.map((r) => [lower(r.partNumber), { id: r.id, spec: r.spec as StoredSpec }]),
  );
  // The account numbers of the customers named, for what a row changes.
  const savedCustomerIds = [...existingByNumber.values()].flatMap(({ spec }) =>
    spec.input.customerId ? [spec.input.customerId] : [],
  );
  const accountOf = new Map(customerRows.map((c) => [c.id, c.account]));
  if (savedCustomerIds.length > 0) {
    const saved = await tx
      .select({ id: customers.id, account: customers.accountNumber })
      .from(customers)
      .where(
        and(
          eq(customers.organizationId, organizationId),
          inArray(customers.id, [...new Set(savedCustomerIds)]),
        ),
      );
    for (const c of saved) accountOf.set(c.id, c.account);
  }

  // The adaptors and wraps of existing assemblies stay; the builder's rules see them too.
  const keptIds = new Set<string>();
  for (const { spec } of existingByNumber.values()) {
    for (const id of [spec.input.endA.adaptorId, spec.input.endB.adaptorId, spec.input.wrap?.wrapId]) {
      if (id) keptIds.add(id);
    }
  }
  const keptParts = new Map(
    (keptIds.size
      ? await tx
          .select()
          .from(components)
          .where(and(eq(components.organizationId, organizationId), inArray(components.id, [...keptIds])))
      : []
    ).map((r) => [r.id, toComponent(r)]),
  );

  // Ferrules to choose from, per hose (its series and dash, in part-number order as the builder lists them).
  const ferrulesOfHose = new Map<string, Component[]>();
  async function ferruleCandidates(hose: AssemblyHose): Promise<Component[]> {
    let list = ferrulesOfHose.get(hose._id);
    if (!list) {
      const codes = [...new Set([hose.series, hose.series.toUpperCase(), hose.series.toLowerCase()])];
      const found = await tx
        .select()
        .from(components)
        .where(
          and(
            eq(components.organizationId, organizationId),
            eq(components.kind, 'ferrule'),
            inArray(components.series, codes),
            eq(components.dash, hose.dash),
            visible(settings),
          ),
        )
        .orderBy(asc(components.partNumber));
      list = found.map(toComponent);
      ferrulesOfHose.set(hose._id, list);
    }
    return list;
  }

  const outcomes: Outcome[] = [];
  for (const { values, parsed } of rows) {
    const problems: RowProblem[] = [];
    const brand = text(values.brand);

    /** The library part a cell names, or a problem against that cell. */
    const pick = <T>(field: RowField, kind: PartKind, label: string, preferBrand?: string): T | null => {
      const partNumber = text(values[field]);
      if (!partNumber) return null;
      const all = byPartNumber.get(lower(partNumber)) ?? [];
      const ofKind = all.filter((c) => c.kind === kind);
      let candidates = brand ? ofKind.filter((c) => same(c.brand, brand)) : ofKind;
      if (candidates.length === 0) {
        let message: string;
        if (ofKind.length > 0) {
          message = `No ${label} ${partNumber} by ${brand} is in the component library; it has ${partNumber} by ${[...new Set(ofKind.map((c) => c.brand))].join(', ')}`;
        } else if (all.length > 0) {
          const other = KIND_LABEL[all[0]?.kind ?? 'other'] ?? 'component';
          message = `${partNumber} is ${article(other)} in the component library, not ${article(label)}`;
        } else {
          message = `No ${label} has part number ${partNumber} in the component library`;
        }
        problems.push({ field, message });
        return null;
      }
      if (!brand && preferBrand) {
        const preferred = candidates.filter((c) => same(c.brand, preferBrand));
        if (preferred.length > 0) candidates = preferred;
      }
      const brands = [...new Set(candidates.map((c) => lower(c.brand)))];
      if (brands.length > 1) {
        problems.push({
          field,
          message: `${partNumber} is ${article(label)} of more than one maker (${[...new Set(candidates.map((c) => c.brand))].join(', ')}); fill in the brand column to choose`,
        });
        return null;
      }
      return (candidates[0] ?? null) as T | null;
    };

    const hose = pick<AssemblyHose>('hosePartNumber', 'hose', 'hose');
    const fittingA = pick<AssemblyFitting>(
      'endAFittingPartNumber',
      'crimpFitting',
      'crimp fitting',
      hose?.brand,
    );
    const fittingB = pick<AssemblyFitting>(
      'endBFittingPartNumber',
      'crimpFitting',
      'crimp fitting',
      hose?.brand,
    );
    let ferruleA = pick<AssemblyFerrule>('endAFerrulePartNumber', 'ferrule', 'ferrule', hose?.brand);
    let ferruleB = pick<AssemblyFerrule>('endBFerrulePartNumber', 'ferrule', 'ferrule', hose?.brand);
    const account = text(values.customerAccountNumber);
    const customerId = account ? customerByAccount.get(lower(account)) : undefined;
    if (account && !customerId) {
      problems.push({
        field: 'customerAccountNumber',
        message: `No customer has account number ${account}. Import or create the customer first.`,
      });
    }
    if (!parsed || !hose || !fittingA || !fittingB || problems.length > 0) {
      outcomes.push({ problems, resolved: null });
      continue;
    }

    // An empty ferrule of a two-piece fitting: the one the builder would choose.
    const fits = (fitting: AssemblyFitting) =>
      checkFitting(hose, fitting, { series, ferrules: [] }).filter((e) => e.code !== 'no-ferrule').length ===
      0;
    const noFerrule = new Set<'endA' | 'endB'>();
    if (!parsed.endAFerrulePartNumber && fittingA.pieces === 2) {
      ferruleA = chooseFerrule(hose, fittingA, (await ferruleCandidates(hose)) as AssemblyFerrule[]);
      if (!ferruleA) noFerrule.add('endA');
    }
    if (!parsed.endBFerrulePartNumber && fittingB.pieces === 2) {
      ferruleB = chooseFerrule(hose, fittingB, (await ferruleCandidates(hose)) as AssemblyFerrule[]);
      if (!ferruleB) noFerrule.add('endB');
    }

    const existing = parsed.partNumber ? (existingByNumber.get(lower(parsed.partNumber)) ?? null) : null;
    const base = existing?.spec.input;
    const convention =
      parsed.orientationConvention ?? (parsed.orientationDeg !== undefined ? 'clockwise' : undefined);
    const draft = {
      hoseId: hose._id,
      endA: { adaptorId: base?.endA.adaptorId, fittingId: fittingA._id, ferruleId: ferruleA?._id },
      endB: { adaptorId: base?.endB.adaptorId, fittingId: fittingB._id, ferruleId: ferruleB?._id },
      // A wrap as long as the hose follows the new length (the builder's default); a set length stays.
      wrap:
        base?.wrap && base.wrap.lengthMm === existing?.spec.computed.cutLengthMm
          ? { wrapId: base.wrap.wrapId }
          : base?.wrap,
      overallLengthMm: parsed.overallLengthMm,
      lengthMeasuredTo: parsed.lengthMeasuredTo ?? measuringPointOf({ fitting: fittingA }),
      orientationDeg: parsed.orientationDeg,
      orientationConvention: convention,
      quantity: base?.quantity ?? 1,
      customerId: customerId ?? base?.customerId,
      description: parsed.description ?? base?.description ?? '',
      notes: parsed.notes ?? base?.notes ?? '',
      application: base?.application,
      confirmations: base?.confirmations,
      partNumber: existing ? undefined : parsed.partNumber,
    };
    const checked = hoseAssemblyInputSchema.safeParse(draft);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        problems.push({ field: fieldOfPath(issue.path.map(String).join('.')), message: issue.message });
      }
      outcomes.push({ problems, resolved: null });
      continue;
    }
    const input = checked.data;
    const kept = (id: string | undefined) => (id ? (keptParts.get(id) ?? null) : null);
    const lost = [
      ['End A adaptor', input.endA.adaptorId],
      ['End B adaptor', input.endB.adaptorId],
      ['wrap', input.wrap?.wrapId],
    ].filter(([, id]) => id && !kept(id));
    if (lost.length > 0) {
      problems.push({
        field: 'partNumber',
        message: `The ${lost.map(([label]) => label).join(' and ')} of ${parsed.partNumber} is no longer in the component library; open the assembly in the builder and choose it again`,
      });
      outcomes.push({ problems, resolved: null });
      continue;
    }
    const parts: AssemblyParts = {
      hose,
      endA: {
        fitting: fittingA,
        ferrule: ferruleA,
        adaptor: kept(input.endA.adaptorId) as AssemblyAdaptor | null,
      },
      endB: {
        fitting: fittingB,
        ferrule: ferruleB,
        adaptor: kept(input.endB.adaptorId) as AssemblyAdaptor | null,
      },
      wrap: kept(input.wrap?.wrapId) as AssemblyWrap | null,
      series,
    };
    const computed = computeAssembly(parts, input);
    for (const error of computed.errors) {
      if (error.code === 'ferrule-missing') {
        const end = error.path?.startsWith('endB') ? 'endB' : 'endA';
        const fitting = end === 'endA' ? fittingA : fittingB;
        // An incompatible fitting is reported once, against the fitting.
        if (!fits(fitting)) continue;
        if (noFerrule.has(end)) {
          problems.push({
            field: fieldOfPath(error.path),
            message: `${end === 'endA' ? 'End A' : 'End B'}: fitting ${fitting.partNumber} is two-piece and no ferrule in the component library fits hose ${hose.partNumber} (series ${hose.series}, dash ${hose.dash}); fill in the ferrule's part number`,
          });
          continue;
        }
      }
      const finding = isSafetyConfirmationCode(error.code)
        ? computed.findings?.find((f) => f.code === error.code)
        : undefined;
      problems.push({
        field: fieldOfPath(error.path),
        message: finding
          ? `${finding.message}: open the assembly in the builder and confirm it with a reason (an import cannot)`
          : error.message,
      });
    }
    if (problems.length > 0) {
      outcomes.push({ problems, resolved: null });
      continue;
    }
    const changed =
      !existing || projection(existing.spec.input, true) !== projection(input, computed.bothEndsBent);
    const fields =
      existing && changed
        ? revisionChanges(
            existing.spec,
            input,
            { hose, fittingA, ferruleA, fittingB, ferruleB },
            computed.bothEndsBent,
            accountOf,
          )
        : [];
    outcomes.push({ problems, resolved: { input, existing, changed, fields } });
  }
  return outcomes;
}

// ---------------------------------------------------------------------------------------------------------
// The target

/**
 * Two messages about one cell as one: 'End A: fitting X does not fit hose Y. Series XS; …' and
 * 'End A: fitting X does not fit hose Y. Dash size -12; …' share their first sentence, said once.
 */
function joinMessages(first: string, next: string): string {
  const end = next.indexOf('. ');
  const head = end > 0 ? next.slice(0, end + 2) : '';
  return head && first.startsWith(head) ? `${first}. ${next.slice(end + 2)}` : `${first}. ${next}`;
}

/** Rows without a part number are each their own assembly (none is a duplicate of another). */
let unnumbered = 0;

const assemblyTarget: ImportTarget = {
  name: 'hoseAssembly',
  aliases: ['hoseassembly', 'hoseassemblies', 'assemblies'],
  label: { one: 'hose assembly', other: 'hose assemblies' },
  schema: assemblyRowSchema,
  synonyms: ASSEMBLY_SYNONYMS,
  keyOf(values): RowKey {
    const partNumber = typeof values.partNumber === 'string' ? values.partNumber.trim() : '';
    const ref = { partNumber, values: JSON.stringify(values) };
    if (partNumber) return { key: `p|${partNumber.toLowerCase()}`, field: 'partNumber', ref };
    unnumbered = (unnumbered + 1) % Number.MAX_SAFE_INTEGER;
    return { key: `n|${unnumbered}`, field: 'partNumber', ref };
  },
  duplicateMessage: (ref, firstRow) =>
    `Part number ${ref.partNumber} appears more than once in the file; first on row ${firstRow}`,
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const list = [...rows.values()].map(({ row, ref }) => {
      const values = JSON.parse(ref.values ?? '{}') as Record<string, unknown>;
      const parsed = assemblyRowSchema.safeParse(values);
      return { row, values, parsed: parsed.success ? (parsed.data as AssemblyImportRow) : null };
    });
    const outcomes = await resolveRows(tx, organizationId, list);
    const errors: ImportError[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const row = list[i]?.row ?? 0;
      // One problem per cell, as the importer reports a row's own values.
      const byField = new Map<string, string>();
      for (const p of outcome.problems) {
        const before = byField.get(p.field);
        byField.set(p.field, before === undefined ? p.message : joinMessages(before, p.message));
      }
      for (const [column, message] of byField) errors.push({ row, column, message });
    }
    return errors;
  },
  async write(tx, organizationId, inputs, onProgress, userId) {
    const rows = inputs as AssemblyImportRow[];
    const outcomes = await resolveRows(
      tx,
      organizationId,
      rows.map((r) => ({ values: r as Record<string, unknown>, parsed: r })),
    );
    const resolved: (ResolvedRow & { index: number })[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      // Checked before the write; a part or customer removed since then refuses the whole file.
      if (!outcome.resolved) {
        const problem = outcome.problems[0];
        throw new AppError(
          AppErrorCode.BadRequest,
          `The library changed while the file was checked: ${rows[i]?.partNumber ?? `row ${i + 1}`}: ${problem?.message ?? 'it no longer passes'}. Import the file again.`,
        );
      }
      resolved.push({ ...outcome.resolved, index: i });
    }
    const creating = resolved.filter((r) => !r.existing).length;
    if (creating > 0) {
      await assertWithinPlanLimit(
        tx,
        organizationId,
        'maxHoseAssemblies',
        (t) => countAssemblies(t, organizationId),
        creating,
      );
    }
    // Named part numbers first, so a generated one never takes a number a later row names.
    const ordered = [
      ...resolved.filter((r) => r.existing || r.input.partNumber),
      ...resolved.filter((r) => !r.existing && !r.input.partNumber),
    ];
    const changes: WrittenChange[] = [];
    for (const [i, r] of ordered.entries()) {
      const { index, fields } = r;
      if (r.existing) {
        if (r.changed) {
          const saved = await reviseAssembly(tx, organizationId, userId, r.existing.id, r.input);
          const item = `${saved.partNumber} (revision ${saved.revision})`;
          changes.push({ index, change: 'updated', item, fields });
        }
      } else {
        const saved = await createAssembly(tx, organizationId, userId, r.input);
        changes.push({ index, change: 'created', item: saved.partNumber, fields: [] });
      }
      if ((i + 1) % 50 === 0) onProgress(i + 1);
    }
    onProgress(ordered.length);
    changes.sort((a, b) => a.index - b.index);
    const created = changes.filter((c) => c.change === 'created').length;
    return {
      created,
      updated: changes.length - created,
      unchanged: ordered.length - changes.length,
      changes,
    };
  },
  url: (importLogId) => `hoseassemblies/import?log=${importLogId}`,
  template: {
    fileStem: 'hose-assemblies',
    sheet: 'Hose assemblies',
    example: {
      partNumber: '',
      description: 'Boom lift hose, JIC both ends',
      brand: 'GEN',
      hosePartNumber: 'GEN-2SN-08',
      endAFittingPartNumber: 'F-SN-08-FJX90',
      endAFerrulePartNumber: 'FER-SN-08',
      endBFittingPartNumber: 'F-SN-08-FJX90',
      endBFerrulePartNumber: '',
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      orientationDeg: 90,
      orientationConvention: 'clockwise',
      customerAccountNumber: '',
      notes: 'Two-wire, 90° JIC both ends',
    },
  },
};

export const ASSEMBLY_TARGETS: ImportTarget[] = [assemblyTarget];
