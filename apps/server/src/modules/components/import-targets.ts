/**
 * The component kinds as import targets: rows follow the kind's contract, a row is identified by kind +
 * brand + part number, a catalogue item's part number cannot be taken, and rows are upserted in batches
 * while the rest of the file is validated; each batch is first compared with what is saved (one read), so
 * a row that changes nothing is not written and an update says what it changed. The components module's
 * manifest declares them (ADR 7).
 */
import {
  COMPONENT_INPUT_SCHEMAS,
  COMPONENT_KIND_INFO,
  COMPONENT_KINDS,
  type ComponentInput,
  type ComponentKind,
  minorDigits,
} from '@hosewright/domain';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/client.ts';
import { components } from '../../db/schema.ts';
import { fieldChanges } from '../imports/changes.ts';
import { importFields, withUnitCells } from '../imports/fields.ts';
import type { ImportTarget, KeyedRow, RowSchema, ValidRow, WriteOutcome } from '../imports/targets.ts';
import type { ImportError } from '../imports/types.ts';
import { getSettings } from '../organization/service.ts';
import { componentKey, upsertComponents } from './service.ts';

/** Headers shops commonly use for a field, normalised. Exact field names need no entry. */
export const COMPONENT_SYNONYMS: Record<string, string> = {
  part: 'partNumber',
  partno: 'partNumber',
  partnum: 'partNumber',
  partnr: 'partNumber',
  pn: 'partNumber',
  pno: 'partNumber',
  sku: 'partNumber',
  itemnumber: 'partNumber',
  itemno: 'partNumber',
  manufacturer: 'brand',
  make: 'brand',
  mfr: 'brand',
  mfg: 'brand',
  desc: 'description',
  group: 'productGroup',
  vendor: 'supplier',
  price: 'cost',
  unitcost: 'cost',
  unitprice: 'cost',
  unit: 'costUnit',
  uom: 'costUnit',
  coupling: 'series',
  couplingseries: 'series',
  size: 'dash',
  dashsize: 'dash',
  wp: 'workingPressurePsi',
  workingpressure: 'workingPressurePsi',
  maxworkingpressure: 'workingPressurePsi',
  pressure: 'workingPressurePsi',
  bp: 'burstPressurePsi',
  burst: 'burstPressurePsi',
  burstpressure: 'burstPressurePsi',
  mintemp: 'tempMinC',
  tempmin: 'tempMinC',
  maxtemp: 'tempMaxC',
  tempmax: 'tempMaxC',
  bendradius: 'minBendRadiusMm',
  minbendradius: 'minBendRadiusMm',
  mbr: 'minBendRadiusMm',
  od: 'odMm',
  outsidediameter: 'odMm',
  end: 'endType',
  endtype: 'endType',
  cutoff: 'cutoffMm',
};

const COMMON = { productGroup: 'Hydraulics', supplier: 'Prairie Supply', active: true };

/** One realistic row per kind; every field of the contract is filled so the template shows its format. */
export const TEMPLATE_EXAMPLES: Record<ComponentKind, Record<string, string | number | boolean>> = {
  hose: {
    partNumber: 'H-2AT-08',
    brand: 'ACME',
    description: '1/2" two-wire braided hydraulic hose, SAE 100R2AT',
    ...COMMON,
    cost: 4.25,
    costUnit: 'ft',
    series: 'AC',
    dash: -8,
    standard: 'SAE 100R2AT',
    workingPressurePsi: 3500,
    burstPressurePsi: 14000,
    tempMinC: -40,
    tempMaxC: 100,
    minBendRadiusMm: 180,
    odMm: 19.4,
    skive: false,
  },
  crimpFitting: {
    partNumber: 'F-JIC-0808-90',
    brand: 'ACME',
    description: 'Female JIC 37° swivel, 90° elbow, -8 hose x 3/4-16',
    ...COMMON,
    cost: 6.8,
    costUnit: 'each',
    series: 'AC',
    dash: -8,
    endType: 'JIC37',
    thread: '3/4-16',
    gender: 'F',
    swivel: true,
    angle: 90,
    pieces: 1,
    cutoffMm: 42.5,
    workingPressurePsi: 4000,
  },
  ferrule: {
    partNumber: 'FR-AC-08',
    brand: 'ACME',
    description: 'Ferrule for -8 two-wire hose',
    ...COMMON,
    cost: 1.1,
    costUnit: 'each',
    series: 'AC',
    dash: -8,
    skive: false,
  },
  adaptor: {
    partNumber: 'A-JIC-ORB-0808',
    brand: 'ACME',
    description: 'Straight adaptor, JIC 37° male -8 to ORB male -8',
    ...COMMON,
    cost: 3.4,
    costUnit: 'each',
    endA: 'JIC37 M -8',
    endB: 'ORB M -8',
    angle: 0,
    workingPressurePsi: 5000,
  },
  wrap: {
    partNumber: 'W-SPIRAL-25',
    brand: 'ACME',
    description: 'Plastic spiral guard for 18-25 mm hose',
    ...COMMON,
    cost: 2.2,
    costUnit: 'm',
    style: 'plastic spiral guard',
    fitsOdMinMm: 18,
    fitsOdMaxMm: 25,
    tempMaxC: 90,
    fitAfterAssembly: true,
  },
  otherItem: {
    partNumber: 'O-CAP-08',
    brand: 'ACME',
    description: 'Dust cap, -8 JIC',
    ...COMMON,
    cost: 0.35,
    costUnit: 'each',
  },
};

const FILE_STEM: Record<ComponentKind, string> = {
  hose: 'hoses',
  crimpFitting: 'crimp-fittings',
  ferrule: 'ferrules',
  adaptor: 'adaptors',
  wrap: 'wraps',
  otherItem: 'other-items',
};

/** Where the web app shows a component import. */
export function componentImportUrl(importLogId: string): string {
  return `components/import?log=${importLogId}`;
}

function catalogueMessage(brand: string, partNumber: string): string {
  return `Part number ${partNumber}${brand ? ` (${brand})` : ''} is catalogue data, which cannot be changed. Use a part number of your own.`;
}

/**
 * The componentKey of each given row that belongs to a catalogue item of `kind`. One query for the whole
 * file: a hash join over the organisation's catalogue items of the kind (per-chunk lookups took 10 s for a
 * 100,000-row re-import on PGlite, this takes 1 s).
 */
async function catalogueClashes(
  tx: Tx,
  organizationId: string,
  kind: ComponentKind,
  rows: ReadonlyMap<string, KeyedRow>,
): Promise<ImportError[]> {
  const list: { b: string; p: string }[] = [];
  for (const { ref } of rows.values()) list.push({ b: ref.brand ?? '', p: ref.partNumber ?? '' });
  if (list.length === 0) return [];
  const found = await queryRows<{ brand: string; partNumber: string }>(
    tx,
    sql`select c.brand, c.part_number as "partNumber"
        from ${components} c
        join jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as k(b text, p text)
          on lower(c.brand) = lower(k.b) and lower(c.part_number) = lower(k.p)
        where c.organization_id = ${organizationId} and c.kind = ${kind} and c.origin = 'catalogue'`,
  );
  const errors: ImportError[] = [];
  for (const r of found) {
    const first = rows.get(componentKey({ kind, brand: r.brand, partNumber: r.partNumber }));
    if (!first) continue;
    errors.push({
      row: first.row,
      column: 'partNumber',
      message: catalogueMessage(first.ref.brand ?? '', first.ref.partNumber ?? ''),
    });
  }
  return errors;
}

/** The fields a re-import may change: every field of the kind's row but its identity. */
function comparedFields(target: ImportTarget): string[] {
  return importFields(target)
    .map((f) => f.name)
    .filter((name) => name !== 'partNumber' && name !== 'brand');
}

/** A saved component an input names: its origin, and each compared field that differs as [saved, given]. */
interface Saved {
  i: number;
  origin: string;
  differs: Record<string, [unknown, unknown]>;
}

/**
 * Whether the organisation had no component of the kind before an import's first batch, by the import's
 * transaction. Then every row of the file is new (its keys are unique) and its batches are not compared: a
 * first import of a large file costs what it did, and never reads back what its own earlier batches wrote.
 */
const NOTHING_SAVED = new WeakMap<Tx, Map<ComponentKind, boolean>>();

async function hadNothingSaved(tx: Tx, organizationId: string, kind: ComponentKind): Promise<boolean> {
  let kinds = NOTHING_SAVED.get(tx);
  if (!kinds) {
    kinds = new Map();
    NOTHING_SAVED.set(tx, kinds);
  }
  let none = kinds.get(kind);
  if (none === undefined) {
    const [row] = await queryRows<{ any: boolean }>(
      tx,
      sql`select exists (select 1 from ${components}
            where organization_id = ${organizationId} and kind = ${kind}) as any`,
    );
    none = !row?.any;
    kinds.set(kind, none);
  }
  return none;
}

/**
 * The saved components of `kind` that `inputs` name (by the database's own lower-casing, as the upsert
 * matches them), compared in one query: by the input's index, the fields whose saved value differs from
 * what the upsert would write (cast as it casts them), so a row that changes nothing comes back without a
 * value to read.
 */
async function savedDifferences(
  tx: Tx,
  organizationId: string,
  kind: ComponentKind,
  inputs: readonly ComponentInput[],
  fields: readonly string[],
): Promise<Map<number, Saved>> {
  const columns = getTableColumns(components) as Record<string, PgColumn>;
  const given: SQL[] = [];
  const pairs = fields.flatMap((field, n) => {
    const column = columns[field];
    if (!column) throw new Error(`components have no column ${field}`);
    given.push(sql.raw(`(v->>${n})::${column.getSQLType()} as g${n}`));
    const saved = sql`c.${sql.identifier(column.name)}`;
    const value = sql.raw(`k.g${n}`);
    return [
      sql`${field}::text`,
      sql`case when ${saved} is distinct from ${value} then jsonb_build_array(${saved}, ${value}) end`,
    ];
  });
  const keys = inputs.map((input, i) => {
    const given = input as unknown as Record<string, unknown>;
    return { i, b: input.brand, p: input.partNumber, v: fields.map((f) => given[f] ?? null) };
  });
  const found = await queryRows<Saved>(
    tx,
    // The key is made before the join: compared as a plain value, it is looked up in the unique index
    // (one probe per row) rather than filtered after the policy, over every component of the kind.
    sql`with k as materialized (
          select i, lower(b) || '|' || lower(p) as key, ${sql.join(given, sql`, `)}
          from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as x(i integer, b text, p text, v jsonb)
        )
        select k.i, c.origin, jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)})) as differs
        from k join ${components} c on c.organization_id = ${organizationId} and c.kind = ${kind}
          and c.part_key = k.key`,
  );
  return new Map(found.map((r) => [r.i, r]));
}

/**
 * Writes a batch of rows of `kind`: rows equal to the saved component are left alone, the others upserted;
 * answers what each was and the rows refused (a catalogue item's part number).
 */
async function writeComponents(
  target: ImportTarget,
  tx: Tx,
  organizationId: string,
  rows: readonly ValidRow[],
): Promise<WriteOutcome & { refused: ImportError[] }> {
  const kind = target.name as ComponentKind;
  const inputs = rows.map((r) => r.input as ComponentInput);
  const fields = comparedFields(target);
  const saved = (await hadNothingSaved(tx, organizationId, kind))
    ? new Map<number, Saved>()
    : await savedDifferences(tx, organizationId, kind, inputs, fields);
  const outcome: WriteOutcome = { created: 0, updated: 0, unchanged: 0, changes: [] };
  // The inputs to upsert, by index: new ones, changed ones, and a catalogue item's (refused by the upsert).
  const writing: number[] = [];
  let digits: number | undefined;
  for (const [i, input] of inputs.entries()) {
    const item = `${input.brand} ${input.partNumber}`.trim();
    const was = saved.get(i);
    if (was?.origin !== 'custom') {
      writing.push(i);
      if (!was) outcome.changes.push({ index: i, change: 'created', item, fields: [] });
      continue;
    }
    const differing = fields.filter((f) => f in was.differs);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const f of differing) [before[f], after[f]] = was.differs[f] ?? [];
    if (differing.length > 0) digits ??= minorDigits((await getSettings(tx, organizationId)).baseCurrency);
    // What differs only in a way nobody sees (an empty text for none) is not written either.
    const changed = fieldChanges(differing, before, after, { money: ['cost'], digits });
    if (changed.length === 0) {
      outcome.unchanged += 1;
      continue;
    }
    writing.push(i);
    outcome.changes.push({ index: i, change: 'updated', item, fields: changed });
  }
  const { created, updated, skipped } = await upsertComponents(
    tx,
    organizationId,
    writing.map((i) => inputs[i] as ComponentInput),
  );
  const refused = skipped.map((n) => {
    const i = writing[n] ?? 0;
    const { brand, partNumber } = inputs[i] as ComponentInput;
    return { row: rows[i]?.row ?? 0, column: 'partNumber', message: catalogueMessage(brand, partNumber) };
  });
  return { ...outcome, created, updated, refused };
}

function componentTarget(kind: ComponentKind): ImportTarget {
  const info = COMPONENT_KIND_INFO[kind];
  const target: ImportTarget = {
    name: kind,
    // An upload may name the kind by its slug (`crimpfitting`).
    aliases: [info.slug],
    label: { one: info.label.toLowerCase(), other: info.pluralLabel.toLowerCase() },
    // Lengths and pressures may carry their unit ('39-3/8 in', '250 bar'); plain numbers are mm and psi.
    schema: withUnitCells(COMPONENT_INPUT_SCHEMAS[kind] as unknown as RowSchema),
    constants: { kind },
    synonyms: COMPONENT_SYNONYMS,
    keyOf(values) {
      const partNumber = values.partNumber;
      if (typeof partNumber !== 'string') return null;
      const brand = typeof values.brand === 'string' ? values.brand : '';
      return {
        key: componentKey({ kind, brand, partNumber }),
        field: 'partNumber',
        ref: { brand, partNumber },
      };
    },
    duplicateMessage: ({ brand, partNumber }, firstRow) =>
      `Part number ${partNumber}${brand ? ` (${brand})` : ''} appears more than once in the file; first on row ${firstRow}`,
    check: (tx, organizationId, rows) => catalogueClashes(tx, organizationId, kind, rows),
    writeBatch: (tx, organizationId, rows) => writeComponents(target, tx, organizationId, rows),
    url: componentImportUrl,
    template: { fileStem: FILE_STEM[kind], sheet: info.pluralLabel, example: TEMPLATE_EXAMPLES[kind] },
  };
  return target;
}

export const COMPONENT_TARGETS: ImportTarget[] = COMPONENT_KINDS.map(componentTarget);
