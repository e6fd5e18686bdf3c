/**
 * What an import changed in one item, field by field, as the import log shows it (`ImportFieldChange` in
 * imports/imports.ts): values the way a person reads them, amounts with their decimals, and the money
 * fields first, since a re-import of a supplier's file is mostly about prices.
 */
import type { ImportChangeValue, ImportFieldChange } from '@hosewright/domain';

/** An amount with at least `digits` decimals and all of its own: 10 -> '10.00', 0.035 -> '0.035'. */
export function moneyText(amount: number, digits = 2): string {
  const fixed = amount.toFixed(digits);
  return Number(fixed) === amount ? fixed : String(amount);
}

/** A number read from the database (numeric columns come back as text); null when empty. */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

export interface ShownFields {
  /** Amounts: listed first, in this order, shown with `digits` decimals at least. */
  money?: readonly string[];
  /** Other fields that set prices (a margin, a discount): listed after the amounts, before the rest. */
  first?: readonly string[];
  /** The decimals of the currency the amounts are in (2 by default). */
  digits?: number;
}

/** A value as the log shows it: empty text is empty, yes/no for booleans, amounts with their decimals. */
export function shownValue(value: unknown, money = false, digits = 2): ImportChangeValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return money ? moneyText(value, digits) : value;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields of `fields` whose value differs between `before` and `after` (each already in its JavaScript
 * type: numbers as numbers), as they are shown (so '' and null are the same), money and the fields that set
 * prices first; empty when nothing changed.
 */
export function fieldChanges(
  fields: readonly string[],
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  options: ShownFields = {},
): ImportFieldChange[] {
  const money = options.money ?? [];
  const lead = [...money, ...(options.first ?? [])];
  const ordered = [...lead.filter((f) => fields.includes(f)), ...fields.filter((f) => !lead.includes(f))];
  const changes: ImportFieldChange[] = [];
  for (const field of ordered) {
    const isMoney = money.includes(field);
    const was = shownValue(before[field], isMoney, options.digits);
    const now = shownValue(after[field], isMoney, options.digits);
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}
