/**
 * The fields of each component kind, in the order a shop reads them, for the detail view and the form.
 * Values in the form are strings (and booleans for switches); `toInput` turns them into the kind's input
 * and the domain zod schema decides what is valid.
 */
import {
  COMPONENT_INPUT_SCHEMAS,
  COST_UNITS,
  type Component,
  type ComponentKind,
  DASH_SIZES,
  END_TYPES,
  GENDERS,
  lengthInputText,
  parseLength,
  parsePressure,
  pressureInputText,
  type UnitParseResult,
  type UnitSystem,
  WRAP_STYLES,
} from '@hosewright/domain';
import type { TFunction } from 'i18next';
import { formatDash, formatGender, formatPieces } from './format';

export type FieldName =
  | 'partNumber'
  | 'brand'
  | 'description'
  | 'productGroup'
  | 'supplier'
  | 'cost'
  | 'costUnit'
  | 'active'
  | 'series'
  | 'dash'
  | 'standard'
  | 'workingPressurePsi'
  | 'burstPressurePsi'
  | 'tempMinC'
  | 'tempMaxC'
  | 'minBendRadiusMm'
  | 'odMm'
  | 'skive'
  | 'endType'
  | 'thread'
  | 'gender'
  | 'swivel'
  | 'angle'
  | 'pieces'
  | 'cutoffMm'
  | 'endA'
  | 'endB'
  | 'style'
  | 'fitsOdMinMm'
  | 'fitsOdMaxMm'
  | 'fitAfterAssembly';

export type FieldType = 'text' | 'multiline' | 'number' | 'integer' | 'select' | 'boolean' | 'lookup';
export type FieldUnit = 'psi' | 'mm' | '°C' | '°';

export interface SelectOption {
  value: string;
  label: string;
}

export interface FieldDef {
  name: FieldName;
  type: FieldType;
  required?: boolean;
  unit?: FieldUnit;
  /** Select options; the form adds the current value when it is not among them. */
  options?: (t: TFunction) => SelectOption[];
  /** Lookup fields offer the organisation's list (codes) and accept free text when it is empty. */
  lookup?: 'productgroups' | 'suppliers';
  /** Has a help text under `components.help.<name>`. */
  hasHelp?: boolean;
  /** A diameter or allowance shown in decimal inches to this many places (else 1/16 fractions). */
  inchDecimals?: number;
}

const dashOptions = () => DASH_SIZES.map((d) => ({ value: String(d.dash), label: formatDash(d.dash) }));
const endTypeOptions = () => END_TYPES.map((e) => ({ value: e.code, label: e.label }));
const genderOptions = (t: TFunction) => GENDERS.map((g) => ({ value: g, label: formatGender(t, g) }));
const piecesOptions = (t: TFunction) => [1, 2].map((p) => ({ value: String(p), label: formatPieces(t, p) }));
const costUnitOptions = (t: TFunction) =>
  COST_UNITS.map((u) => ({ value: u, label: t(`components.values.costUnits.${u}`) }));
const styleOptions = () => WRAP_STYLES.map((s) => ({ value: s, label: s }));

export const IDENTITY_FIELDS: readonly FieldDef[] = [
  { name: 'partNumber', type: 'text', required: true, hasHelp: true },
  { name: 'brand', type: 'text' },
  { name: 'description', type: 'multiline' },
];

export const COMMERCIAL_FIELDS: readonly FieldDef[] = [
  { name: 'cost', type: 'number', hasHelp: true },
  { name: 'costUnit', type: 'select', options: costUnitOptions },
  { name: 'productGroup', type: 'lookup', lookup: 'productgroups' },
  { name: 'supplier', type: 'lookup', lookup: 'suppliers' },
  { name: 'active', type: 'boolean', hasHelp: true },
];

const series: FieldDef = { name: 'series', type: 'text', required: true, hasHelp: true };
const dash: FieldDef = { name: 'dash', type: 'select', required: true, options: dashOptions, hasHelp: true };
const workingPressure: FieldDef = {
  name: 'workingPressurePsi',
  type: 'integer',
  required: true,
  unit: 'psi',
};

export const SPEC_FIELDS: Record<ComponentKind, readonly FieldDef[]> = {
  hose: [
    series,
    dash,
    { name: 'standard', type: 'text' },
    workingPressure,
    { name: 'burstPressurePsi', type: 'integer', unit: 'psi' },
    { name: 'tempMinC', type: 'number', unit: '°C' },
    { name: 'tempMaxC', type: 'number', unit: '°C' },
    { name: 'minBendRadiusMm', type: 'number', unit: 'mm' },
    { name: 'odMm', type: 'number', unit: 'mm', inchDecimals: 3 },
    { name: 'skive', type: 'boolean', hasHelp: true },
  ],
  crimpFitting: [
    series,
    dash,
    { name: 'endType', type: 'select', required: true, options: endTypeOptions },
    { name: 'thread', type: 'text', hasHelp: true },
    { name: 'gender', type: 'select', required: true, options: genderOptions },
    { name: 'angle', type: 'integer', required: true, unit: '°', hasHelp: true },
    { name: 'swivel', type: 'boolean' },
    { name: 'pieces', type: 'select', required: true, options: piecesOptions },
    { name: 'cutoffMm', type: 'number', required: true, unit: 'mm', hasHelp: true, inchDecimals: 2 },
    workingPressure,
  ],
  ferrule: [series, dash, { name: 'skive', type: 'boolean', hasHelp: true }],
  adaptor: [
    { name: 'endA', type: 'text', required: true, hasHelp: true },
    { name: 'endB', type: 'text', required: true, hasHelp: true },
    { name: 'angle', type: 'integer', unit: '°', hasHelp: true },
    workingPressure,
  ],
  wrap: [
    { name: 'style', type: 'select', required: true, options: styleOptions },
    { name: 'fitsOdMinMm', type: 'number', required: true, unit: 'mm', inchDecimals: 3 },
    { name: 'fitsOdMaxMm', type: 'number', required: true, unit: 'mm', inchDecimals: 3 },
    { name: 'tempMaxC', type: 'number', unit: '°C' },
    { name: 'fitAfterAssembly', type: 'boolean', hasHelp: true },
  ],
  otherItem: [],
};

export function fieldsOf(kind: ComponentKind): FieldDef[] {
  return [...IDENTITY_FIELDS, ...SPEC_FIELDS[kind], ...COMMERCIAL_FIELDS];
}

export type FormValues = Partial<Record<FieldName, string | boolean>>;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Defaults of a new item: what the kind's schema defaults to (hose cost per ft, wrap per m). */
const NEW_DEFAULTS: Record<ComponentKind, FormValues> = {
  hose: { costUnit: 'ft', skive: false },
  crimpFitting: { costUnit: 'each', swivel: false, angle: '0', pieces: '2' },
  ferrule: { costUnit: 'each', skive: false },
  adaptor: { costUnit: 'each', angle: '0' },
  wrap: { costUnit: 'm', fitAfterAssembly: false },
  otherItem: { costUnit: 'each' },
};

export function emptyFormValues(kind: ComponentKind, partNumber = ''): FormValues {
  const values: FormValues = {};
  for (const field of fieldsOf(kind)) values[field.name] = field.type === 'boolean' ? false : '';
  return { ...values, active: true, ...NEW_DEFAULTS[kind], partNumber };
}

/**
 * A stored component (or a proposal's payload) as form values. With `units`, lengths and pressures are
 * written in them ('39-3/8', '276'); without, as stored (mm and psi).
 */
export function toFormValues(
  kind: ComponentKind,
  source: Partial<Component> | Record<string, unknown>,
  units?: UnitSystem,
): FormValues {
  const record = source as Record<string, unknown>;
  const values = emptyFormValues(kind);
  for (const field of fieldsOf(kind)) {
    const value = record[field.name];
    if (value === undefined || value === null) continue;
    const n = Number(value);
    if (units && field.unit === 'mm' && Number.isFinite(n)) values[field.name] = lengthInputText(n, units);
    else if (units && field.unit === 'psi' && Number.isFinite(n))
      values[field.name] = pressureInputText(n, units);
    else values[field.name] = field.type === 'boolean' ? value === true : String(value);
  }
  return values;
}

/**
 * The same form values with lengths and pressures written again in `to` (from `from`, or from the stored mm
 * and psi when `from` is undefined); what cannot be read stays as typed.
 */
export function convertFormUnits(
  kind: ComponentKind,
  values: FormValues,
  from: UnitSystem | undefined,
  to: UnitSystem,
): FormValues {
  if (from === to) return values;
  const next: FormValues = { ...values };
  for (const field of fieldsOf(kind)) {
    const value = values[field.name];
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text || (field.unit !== 'mm' && field.unit !== 'psi')) continue;
    const read = from ? readUnitField(field, text, from) : { ok: true as const, value: parseNumber(text) };
    if (!read?.ok || !Number.isFinite(read.value)) continue;
    next[field.name] =
      field.unit === 'mm' ? lengthInputText(read.value, to) : pressureInputText(read.value, to);
  }
  return next;
}

/** A length or pressure field's text read in `units` into mm or psi, or why not. */
function readUnitField(field: FieldDef, text: string, units: UnitSystem): UnitParseResult | null {
  if (field.unit === 'mm') return parseLength(text, units);
  if (field.unit === 'psi') return parsePressure(text, units);
  return null;
}

/** '4,000' and ' 4000 ' both read 4000; anything else that is not a number stays NaN for zod to refuse. */
function parseNumber(text: string): number {
  return Number(text.replace(/[\s,]/g, ''));
}

const NUMERIC_SELECTS: ReadonlySet<FieldName> = new Set(['dash', 'pieces']);

/**
 * Form values -> the kind's input shape (before validation). Empty optional fields are left out. With
 * `units`, lengths and pressures are read in them (a unit typed with the value wins: '1000 mm').
 */
export function toInput(
  kind: ComponentKind,
  values: FormValues,
  units?: UnitSystem,
): Record<string, unknown> {
  const input: Record<string, unknown> = { kind };
  for (const field of fieldsOf(kind)) {
    const value = values[field.name];
    if (field.type === 'boolean') {
      input[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      // Text fields with a default ('' brand and description) take it; required ones are refused by zod.
      if (field.type === 'text' || field.type === 'multiline') input[field.name] = '';
      continue;
    }
    const read = units ? readUnitField(field, text, units) : null;
    if (read) {
      input[field.name] = read.ok ? read.value : Number.NaN;
    } else if (field.type === 'number' || field.type === 'integer' || NUMERIC_SELECTS.has(field.name)) {
      input[field.name] = parseNumber(text);
    } else {
      input[field.name] = text;
    }
  }
  return input;
}

export interface Validated {
  input?: Record<string, unknown>;
  errors: FieldErrors;
}

/**
 * Validates with the domain schema; the first message of each field, as the server would send it. A length
 * or pressure that cannot be read in `units` says so ('Write a length such as 1000 mm, 39-3/8 in …').
 */
export function validateForm(kind: ComponentKind, values: FormValues, units?: UnitSystem): Validated {
  const unreadable: FieldErrors = {};
  if (units) {
    for (const field of fieldsOf(kind)) {
      const value = values[field.name];
      const text = typeof value === 'string' ? value.trim() : '';
      const read = text ? readUnitField(field, text, units) : null;
      if (read && !read.ok) unreadable[field.name] = read.message;
    }
  }
  const result = COMPONENT_INPUT_SCHEMAS[kind].safeParse(toInput(kind, values, units));
  if (result.success && Object.keys(unreadable).length === 0) {
    return { input: result.data as Record<string, unknown>, errors: {} };
  }
  const errors = result.success ? {} : issuesToFieldErrors(result.error.issues).errors;
  return { errors: { ...errors, ...unreadable } };
}

export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

const FIELD_NAMES: ReadonlySet<string> = new Set<FieldName>([
  ...IDENTITY_FIELDS.map((f) => f.name),
  ...COMMERCIAL_FIELDS.map((f) => f.name),
  ...Object.values(SPEC_FIELDS).flatMap((fields) => fields.map((f) => f.name)),
]);

/** Issues on known fields go under the field; anything else (no path, unknown field) is returned apart. */
export function issuesToFieldErrors(issues: readonly IssueLike[]): { errors: FieldErrors; other: string[] } {
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const head = issue.path[0];
    if (typeof head === 'string' && FIELD_NAMES.has(head)) {
      const name = head as FieldName;
      if (!errors[name]) errors[name] = issue.message;
    } else {
      other.push(issue.message);
    }
  }
  return { errors, other };
}
