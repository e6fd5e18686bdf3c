/**
 * The component kinds as import targets: rows follow the kind's contract, a row is identified by kind +
 * brand + part number, a catalogue item's part number cannot be taken, and rows are upserted in batches
 * while the rest of the file is validated. The components module's manifest declares them (ADR 7).
 */
import {
  COMPONENT_INPUT_SCHEMAS,
  COMPONENT_KIND_INFO,
  COMPONENT_KINDS,
  type ComponentInput,
  type ComponentKind,
} from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { components } from '../../db/schema.ts';
import { withUnitCells } from '../imports/fields.ts';
import type { ImportTarget, KeyedRow, RowSchema } from '../imports/targets.ts';
import type { ImportError } from '../imports/types.ts';
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

function componentTarget(kind: ComponentKind): ImportTarget {
  const info = COMPONENT_KIND_INFO[kind];
  return {
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
    async writeBatch(tx, organizationId, rows) {
      const inputs = rows.map((r) => r.input as ComponentInput);
      const { created, updated, skipped } = await upsertComponents(tx, organizationId, inputs);
      const refused = skipped.map((i) => {
        const { brand, partNumber } = inputs[i] as ComponentInput;
        return { row: rows[i]?.row ?? 0, column: 'partNumber', message: catalogueMessage(brand, partNumber) };
      });
      return { created, updated, refused };
    },
    url: componentImportUrl,
    template: { fileStem: FILE_STEM[kind], sheet: info.pluralLabel, example: TEMPLATE_EXAMPLES[kind] },
  };
}

export const COMPONENT_TARGETS: ImportTarget[] = COMPONENT_KINDS.map(componentTarget);
