/**
 * Exchange rates as an import target (ADR 7), declared in the currencies module's manifest: admins of any
 * plan, like `updateCurrencies`. Each row (`exchangeRateImportRowSchema`) adds its currency or sets its rate
 * with the list's own upsert (`upsertRates`: a rate given again unchanged keeps its date and is counted
 * unchanged; a changed one is listed with its rate before); currencies the file leaves out stay. The base currency needs no rate, so a row naming it is refused, and so is a
 * currency's second row.
 */
import { AppErrorCode, type ExchangeRateImportRow, exchangeRateImportRowSchema } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { currencies } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { fieldChanges } from '../imports/changes.ts';
import type { ImportTarget, KeyedRow, RowKey, RowSchema, WrittenChange } from '../imports/targets.ts';
import { getSettings } from '../organization/service.ts';
import { upsertRates } from './service.ts';

export const EXCHANGE_RATE_TARGET = 'exchangeRate';

/** The base currency's refusal, worded as the Currencies tab's save words it. */
const baseMessage = (code: string) => `${code} is the base currency; it needs no rate`;

/** Headers shops and rate sources use, normalised (lower case, letters and digits only). */
export const EXCHANGE_RATE_SYNONYMS: Record<string, string> = {
  currency: 'code',
  currencycode: 'code',
  currencyiso: 'code',
  iso: 'code',
  isocode: 'code',
  iso4217: 'code',
  ccy: 'code',
  cur: 'code',
  curr: 'code',
  exchangerate: 'rate',
  exchange: 'rate',
  fxrate: 'rate',
  fx: 'rate',
  conversionrate: 'rate',
  conversion: 'rate',
  xrate: 'rate',
};

/** The code as the contract reads it (trimmed, upper case); '' when it is not three letters. */
function codeOf(value: unknown): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{3}$/.test(code) ? code : '';
}

export const exchangeRateTarget: ImportTarget = {
  name: EXCHANGE_RATE_TARGET,
  aliases: ['exchangerates', 'exchangerate', 'rates', 'currencies', 'currency'],
  label: { one: 'exchange rate', other: 'exchange rates' },
  schema: exchangeRateImportRowSchema as unknown as RowSchema,
  synonyms: EXCHANGE_RATE_SYNONYMS,
  keyOf(values): RowKey | null {
    // A code that is not three letters has its own message; it is no currency to compare.
    const code = codeOf(values.code);
    return code ? { key: code, field: 'code', ref: { code } } : null;
  },
  duplicateMessage: (ref, firstRow) =>
    `${ref.code} appears more than once in the file; first on row ${firstRow}. Keep one rate per currency.`,
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const { baseCurrency } = await getSettings(tx, organizationId);
    return [...rows.values()]
      .filter(({ ref }) => ref.code === baseCurrency)
      .map(({ row, ref }) => ({ row, column: 'code', message: baseMessage(ref.code ?? '') }));
  },
  async write(tx, organizationId, inputs, onProgress) {
    const rows = inputs as ExchangeRateImportRow[];
    // Checked before the write; a base currency changed since then refuses the file, nothing written.
    const { baseCurrency } = await getSettings(tx, organizationId);
    if (rows.some((r) => r.code === baseCurrency)) {
      throw new AppError(AppErrorCode.BadRequest, `${baseMessage(baseCurrency)}.`);
    }
    const saved = await tx
      .select({ code: currencies.code, rate: currencies.rate })
      .from(currencies)
      .where(eq(currencies.organizationId, organizationId));
    const rateBefore = new Map(saved.map((r) => [r.code, Number(r.rate)]));
    const { added, changed } = await upsertRates(tx, organizationId, rows);
    onProgress(rows.length);
    const isAdded = new Set(added);
    const isChanged = new Set(changed);
    const changes: WrittenChange[] = [];
    for (const [index, { code, rate }] of rows.entries()) {
      if (isAdded.has(code)) changes.push({ index, change: 'created', item: code, fields: [] });
      if (isChanged.has(code)) {
        const fields = fieldChanges(['rate'], { rate: rateBefore.get(code) }, { rate });
        changes.push({ index, change: 'updated', item: code, fields });
      }
    }
    // A rate the file repeats unchanged is neither new nor updated.
    return {
      created: added.length,
      updated: changed.length,
      unchanged: rows.length - added.length - changed.length,
      changes,
    };
  },
  url: (importLogId) => `organization/currencies?log=${importLogId}`,
  template: {
    fileStem: 'exchange-rates',
    sheet: 'Exchange rates',
    example: { code: 'CAD', rate: 1.37 },
  },
};

export const CURRENCY_TARGETS: readonly ImportTarget[] = [exchangeRateTarget];
