/**
 * Import templates: a header row with the kind's contract field names and one example row that passes the
 * importer, as CSV (UTF-8 with BOM, so Excel opens it correctly) or .xlsx.
 */
import { COMPONENT_KIND_INFO, type ComponentKind } from '@hosewright/domain';
import writeXlsxFile from 'write-excel-file/node';
import { importFields } from './fields.ts';

export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

type Example = Record<string, string | number | boolean>;

const COMMON = { productGroup: 'Hydraulics', supplier: 'Prairie Supply', active: true };

/** One realistic row per kind; every field of the contract is filled so the template shows its format. */
export const TEMPLATE_EXAMPLES: Record<ComponentKind, Example> = {
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

export const CONTENT_TYPES: Record<TemplateFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function templateFileName(kind: ComponentKind, format: TemplateFormat): string {
  return `hosewright-${FILE_STEM[kind]}-template.${format}`;
}

function csvCell(value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface Template {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export async function buildTemplate(kind: ComponentKind, format: TemplateFormat): Promise<Template> {
  const columns = importFields(kind).map((f) => f.name);
  const example = TEMPLATE_EXAMPLES[kind];
  let body: Buffer;
  if (format === 'csv') {
    const lines = [columns.map(csvCell).join(','), columns.map((c) => csvCell(example[c])).join(',')];
    body = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  } else {
    body = await writeXlsxFile(
      [
        columns.map((c) => ({ value: c, fontWeight: 'bold' as const })),
        columns.map((c) => example[c] ?? null),
      ],
      { sheet: COMPONENT_KIND_INFO[kind].pluralLabel, columns: columns.map(() => ({ width: 18 })) },
    ).toBuffer();
  }
  return { fileName: templateFileName(kind, format), contentType: CONTENT_TYPES[format], body };
}
