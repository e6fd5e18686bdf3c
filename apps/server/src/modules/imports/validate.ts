/**
 * Turning file rows into a target's inputs: the column mapping, cell conversion (numbers, yes/no, enum
 * codes) and validation of every row with the target's contract, plus duplicates within the file. One error
 * per cell, worded for the person fixing the spreadsheet.
 */
import { AppErrorCode } from '@hosewright/domain';
import { AppError } from '../../lib/errors.ts';
import { importFields } from './fields.ts';
import { type Cell, cellText, type FileFormat, type TableRow } from './parse.ts';
import type { ImportTarget, KeyedRow, ValidRow } from './targets.ts';
import type { ImportError, ImportField } from './types.ts';

/** A stored import lists at most this many problems (one per cell; a 200,000-row file stays readable). */
export const MAX_STORED_ERRORS = 200_000;

interface MappedColumn {
  index: number;
  column: string;
  field: ImportField;
  /** Enum options by lower-case spelling. */
  options?: Map<string, string>;
}

export interface MappingPlan {
  /** The import target the rows are for. */
  target: ImportTarget;
  columns: readonly string[];
  mapped: MappedColumn[];
  /** The file column a field is read from (or the field name when unmapped), for error messages. */
  columnOf(field: string): string;
  columnIndex(column: string): number;
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Checks a mapping (file column -> field or null) against the file's columns and the kind's fields.
 * Throws a 400 naming the problem: an unknown column or field, a field mapped twice, a required field
 * left unmapped ('Map a column to partNumber').
 */
export function planMapping(
  target: ImportTarget,
  columns: readonly string[],
  mapping: Readonly<Record<string, string | null | undefined>>,
): MappingPlan {
  const fields = importFields(target);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const columnSet = new Set(columns);
  const fromColumn = new Map<string, string>();
  for (const [column, value] of Object.entries(mapping)) {
    if (value === null || value === undefined || value === '') continue;
    if (!columnSet.has(column)) {
      throw new AppError(AppErrorCode.BadRequest, `The file has no column "${column}" to map.`);
    }
    if (!byName.has(value)) {
      throw new AppError(
        AppErrorCode.BadRequest,
        `"${value}" is not a field of this item type. Map "${column}" to one of ${fields.map((f) => f.name).join(', ')}, or leave it out.`,
      );
    }
    const previous = fromColumn.get(value);
    if (previous !== undefined) {
      throw new AppError(
        AppErrorCode.BadRequest,
        `${value} is mapped from two columns, "${previous}" and "${column}". Map it from one column only.`,
      );
    }
    fromColumn.set(value, column);
  }
  const missing = fields.filter((f) => f.required && !fromColumn.has(f.name)).map((f) => f.name);
  if (missing.length > 0) {
    throw new AppError(AppErrorCode.BadRequest, `Map a column to ${listWords(missing)}.`, {
      missingFields: missing,
    });
  }
  const indexOf = new Map(columns.map((c, i) => [c, i]));
  const mapped: MappedColumn[] = [];
  for (const [fieldName, column] of fromColumn) {
    const field = byName.get(fieldName)!;
    mapped.push({
      index: indexOf.get(column)!,
      column,
      field,
      options: field.options ? new Map(field.options.map((o) => [o.toLowerCase(), o])) : undefined,
    });
  }
  mapped.sort((a, b) => a.index - b.index);
  return {
    target,
    columns,
    mapped,
    columnOf: (field) => fromColumn.get(field) ?? field,
    columnIndex: (column) => indexOf.get(column) ?? columns.length,
  };
}

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);
const BAD_BOOLEAN = Symbol('bad boolean');
export const BOOLEAN_MESSAGE = 'Write yes or no (true/false, y/n and 1/0 work too)';

/**
 * A cell as the contract expects it; undefined when empty (not given). A number cell that is not a plain
 * decimal number stays text so the contract's own message ('Enter the cost as a number') explains it.
 */
function convertCell(column: MappedColumn, cell: Cell | undefined): unknown {
  if (cell === null || cell === undefined) return undefined;
  switch (column.field.type) {
    case 'number': {
      if (typeof cell === 'number') return cell;
      const text = cellText(cell);
      if (text === '') return undefined;
      return PLAIN_NUMBER.test(text) ? Number(text) : text;
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return cell;
      const text = cellText(cell).toLowerCase();
      if (text === '') return undefined;
      if (TRUE_WORDS.has(text)) return true;
      if (FALSE_WORDS.has(text)) return false;
      return BAD_BOOLEAN;
    }
    case 'enum': {
      const text = cellText(cell);
      if (text === '') return undefined;
      return column.options?.get(text.toLowerCase()) ?? text;
    }
    default: {
      const text = cellText(cell);
      return text === '' ? undefined : text;
    }
  }
}

/** Zod's own wording ('Invalid input: expected string, received undefined') is replaced by ours. */
function messageFor(field: string, message: string, given: unknown): string {
  if (!message.startsWith('Invalid input')) return message;
  return given === undefined ? `This cell is empty; ${field} is required` : `This is not a valid ${field}`;
}

export interface ValidationResult {
  /** Data rows read (blank rows are not counted). */
  rowsTotal: number;
  /** Every problem, by row; at most MAX_STORED_ERRORS are kept. */
  errors: ImportError[];
  /** All problems found, kept or not. */
  errorTotal: number;
  /** Rows with at least one problem. */
  badRows: Set<number>;
  /** The valid inputs in file order, while every row passes (empty when `onValid` takes them). */
  inputs: unknown[];
  /** The file row of each of `inputs`. */
  inputRows: number[];
  /** Each row identity (the target's keyOf) with the row it first appears on. */
  firstRowOfKey: Map<string, KeyedRow>;
  /** Time spent converting and validating, in ms (not reading the file or waiting for `onValid`). */
  validateMs: number;
}

export interface ValidateOptions {
  format: FileFormat;
  /** Called after each batch of rows with the number of rows read so far. */
  onRows?: (rowsRead: number) => void;
  /**
   * Takes each batch's valid rows instead of keeping them (awaited before the next batch is read); once
   * any row has had a problem it gets none. `result` is the validation so far.
   */
  onValid?: (rows: ValidRow[], result: ValidationResult) => Promise<void>;
}

/**
 * Converts and validates every row, collecting every problem. The valid inputs are kept (or handed to
 * `onValid`) only while all rows pass: after a problem nothing will be written.
 */
export async function validateRows(
  plan: MappingPlan,
  rows: AsyncIterable<TableRow[]>,
  options: ValidateOptions,
): Promise<ValidationResult> {
  const { target } = plan;
  const { schema } = target;
  const constants = target.constants ?? {};
  // A problem of the row as a whole is reported against its first field.
  const firstField = importFields(target)[0]?.name ?? '';
  const { mapped, columns } = plan;
  const headerWidth = columns.length;
  const result: ValidationResult = {
    rowsTotal: 0,
    errors: [],
    errorTotal: 0,
    badRows: new Set(),
    inputs: [],
    inputRows: [],
    firstRowOfKey: new Map(),
    validateMs: 0,
  };
  const rowErrors = new Map<string, string>();

  const fail = (row: number, column: string, message: string) => {
    result.errorTotal += 1;
    if (result.errors.length < MAX_STORED_ERRORS) result.errors.push({ row, column, message });
  };

  const { onValid } = options;
  for await (const batch of rows) {
    const valid: ValidRow[] = [];
    const started = performance.now();
    for (const { row, cells } of batch) {
      result.rowsTotal += 1;

      if (options.format === 'csv' && cells.length > headerWidth) {
        let extra = -1;
        for (let i = headerWidth; i < cells.length; i++) {
          if (cellText(cells[i]) !== '') {
            extra = i;
            break;
          }
        }
        if (extra >= 0) {
          result.badRows.add(row);
          result.inputs = [];
          result.inputRows = [];
          fail(
            row,
            `Column ${extra + 1}`,
            `This row has ${cells.length} cells but the header row names ${headerWidth} columns. Put text that contains commas or semicolons in double quotes.`,
          );
          continue;
        }
      }

      rowErrors.clear();
      // Not `{ ...constants }`: an object made by spreading has no room for the fields added next and
      // turns slow (a second per 100,000 rows).
      const values: Record<string, unknown> = {};
      for (const key in constants) values[key] = constants[key];
      for (const column of mapped) {
        const value = convertCell(column, cells[column.index]);
        if (value === BAD_BOOLEAN) rowErrors.set(column.field.name, BOOLEAN_MESSAGE);
        else if (value !== undefined) values[column.field.name] = value;
      }

      const parsed = schema.safeParse(values);
      if (!parsed.success && parsed.error) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? firstField);
          if (!rowErrors.has(field)) rowErrors.set(field, messageFor(field, issue.message, values[field]));
        }
      }

      const identity = target.keyOf(values);
      if (identity && !rowErrors.has(identity.field)) {
        const first = result.firstRowOfKey.get(identity.key);
        if (first) {
          rowErrors.set(identity.field, target.duplicateMessage(identity.ref, first.row));
        } else {
          result.firstRowOfKey.set(identity.key, { row, ref: identity.ref });
        }
      }

      if (rowErrors.size === 0) {
        if (result.badRows.size > 0) continue;
        if (onValid) valid.push({ row, input: parsed.data });
        else {
          result.inputs.push(parsed.data);
          result.inputRows.push(row);
        }
        continue;
      }
      result.badRows.add(row);
      result.inputs = [];
      result.inputRows = [];
      // Report in the file's column order.
      const sorted = [...rowErrors].map(([field, message]) => {
        const column = plan.columnOf(field);
        return { column, message, at: plan.columnIndex(column) };
      });
      sorted.sort((a, b) => a.at - b.at);
      for (const e of sorted) fail(row, e.column, e.message);
    }
    result.validateMs += performance.now() - started;
    if (onValid) await onValid(result.badRows.size === 0 ? valid : [], result);
    options.onRows?.(result.rowsTotal);
  }
  return result;
}

/** Adds the errors of rows found later (catalogue collisions) and keeps the list in row and column order. */
export function addRowErrors(
  plan: MappingPlan,
  result: ValidationResult,
  extra: readonly ImportError[],
): void {
  if (extra.length === 0) return;
  for (const e of extra) {
    result.errorTotal += 1;
    result.badRows.add(e.row);
    if (result.errors.length < MAX_STORED_ERRORS) result.errors.push(e);
  }
  result.inputs = [];
  result.inputRows = [];
  result.errors.sort((a, b) => a.row - b.row || plan.columnIndex(a.column) - plan.columnIndex(b.column));
}
