/**
 * The columns an import can fill for each target, read from the target's row contract in
 * `@hosewright/domain` (so a new contract field is importable without touching this file), and the
 * suggested mapping from a file's header row to those fields; lengths and pressures in cells may carry their
 * unit (`withUnitCells`).
 */
import { parseLength, parsePressure, type UnitParseResult } from '@hosewright/domain';
import type { ImportTarget, RowSchema } from './targets.ts';
import type { ImportField, ImportFieldType } from './types.ts';

interface ZodDefLike {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  options?: ZodLike[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}
interface ZodLike {
  _zod: { def: ZodDefLike };
  safeParse(value: unknown): { success: boolean };
}

/** What kind of value a contract field takes, looking through optional/default/transform wrappers. */
function typeOf(schema: ZodLike): { type: ImportFieldType; options?: string[] } {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return def.innerType ? typeOf(def.innerType) : { type: 'text' };
    case 'pipe':
      return def.in ? typeOf(def.in) : { type: 'text' };
    case 'number':
    case 'int':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'enum', options: Object.values(def.entries ?? {}).map(String) };
    case 'literal':
      return typeof def.values?.[0] === 'number' ? { type: 'number' } : { type: 'text' };
    case 'union': {
      const types = (def.options ?? []).map(typeOf);
      return types.every((t) => t.type === 'number') ? { type: 'number' } : { type: 'text' };
    }
    default:
      return { type: 'text' };
  }
}

function buildFields(target: ImportTarget): ImportField[] {
  const shape = target.schema.shape as Record<string, ZodLike>;
  const constants = target.constants ?? {};
  return Object.entries(shape)
    .filter(([field]) => !(field in constants))
    .map(([field, schema]) => ({
      name: field,
      ...typeOf(schema),
      required: !schema.safeParse(undefined).success,
    }));
}

const FIELDS = new WeakMap<ImportTarget, ImportField[]>();

/** The target's importable fields in contract order (the template's column order), with required flags. */
export function importFields(target: ImportTarget): ImportField[] {
  let fields = FIELDS.get(target);
  if (!fields) {
    fields = buildFields(target);
    FIELDS.set(target, fields);
  }
  return fields;
}

/** Lower case, letters and digits only: 'Part No.' -> 'partno', 'Working Pressure (psi)' -> 'workingpressurepsi'. */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Suggests a field for each file column; each field is suggested for the first column that matches it. */
export function suggestMapping(
  target: ImportTarget,
  columns: readonly string[],
): Record<string, string | null> {
  const fields = importFields(target);
  const { synonyms } = target;
  const byNormalized = new Map(fields.map((f) => [normalizeHeader(f.name), f.name]));
  const available = new Set(fields.map((f) => f.name));
  const mapping: Record<string, string | null> = {};
  for (const column of columns) {
    const key = normalizeHeader(column);
    const field = byNormalized.get(key) ?? synonyms[key];
    if (field && available.has(field)) {
      mapping[column] = field;
      available.delete(field);
    } else {
      mapping[column] = null;
    }
  }
  return mapping;
}

type UnitRead = (text: string) => UnitParseResult;

/** The unit a field's values are stored in, by the contract's naming: `…Mm` lengths, `…Psi` pressures. */
export function unitReaderOf(field: string): UnitRead | null {
  // A bare number keeps meaning what the column says (mm or psi); a unit with it converts.
  if (/Mm$/.test(field)) return (text) => parseLength(text, 'metric');
  if (/Psi$/.test(field)) return (text) => parsePressure(text, 'imperial');
  return null;
}

/**
 * The row contract with its length and pressure cells read with their units: '39-3/8 in', '1 m' or '250 bar'
 * become mm and psi before the contract checks them; a plain number stays in the column's own unit (the
 * importer has already made it a number); what cannot be read is reported against its cell like any other
 * bad value.
 */
export function withUnitCells(schema: RowSchema): RowSchema {
  const readers = Object.keys(schema.shape)
    .map((name) => ({ name, read: unitReaderOf(name) }))
    .filter((r): r is { name: string; read: UnitRead } => r.read !== null);
  if (readers.length === 0) return schema;
  return {
    shape: schema.shape,
    safeParse(value) {
      if (!value || typeof value !== 'object') return schema.safeParse(value);
      let values = value as Record<string, unknown>;
      const issues: { path: PropertyKey[]; message: string }[] = [];
      for (const { name, read } of readers) {
        const cell = values[name];
        if (typeof cell !== 'string') continue;
        const result = read(cell);
        // Text that is no length or pressure at all is left to the contract's own message ('Enter the
        // pressure in psi'); a fraction without inches or over 0 gets its own.
        if (!result.ok && result.error === 'unreadable') continue;
        // Copied only for a row that has unit text (most rows are plain numbers).
        if (values === value) values = { ...values };
        if (result.ok) values[name] = result.value;
        else issues.push({ path: [name], message: result.message });
      }
      const parsed = schema.safeParse(values);
      if (issues.length === 0) return parsed;
      return { success: false, error: { issues: [...issues, ...(parsed.error?.issues ?? [])] } };
    },
  };
}
