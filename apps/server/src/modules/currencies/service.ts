/**
 * The organisation's currencies (`/api/v1/organization/currencies`): the base currency, in which costs and
 * prices are kept (`organization_settings.base_currency`), and the others with their rates (`currencies`).
 * Also what pricing for one customer needs (`pricingFor`): the assemblies and kits modules price with it.
 */
import {
  AppErrorCode,
  type Currencies,
  type CurrenciesUpdate,
  DEFAULT_MARGIN_PCT,
  type ExchangeRate,
  HOSE_WASTE_ALLOWANCE_PCT,
  LABOUR_PER_CRIMP,
} from '@hosewright/domain';
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { currencies, customers, organizationSettings } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../organization/service.ts';

/** The base currency and every other currency's rate (units of it per base unit). */
export interface CurrencyRates {
  base: string;
  rates: Map<string, number>;
}

export async function currencyRates(tx: Tx, organizationId: string): Promise<CurrencyRates> {
  const settings = await getSettings(tx, organizationId);
  const rows = await tx
    .select({ code: currencies.code, rate: currencies.rate })
    .from(currencies)
    .where(eq(currencies.organizationId, organizationId));
  return { base: settings.baseCurrency, rates: new Map(rows.map((r) => [r.code, Number(r.rate)])) };
}

export async function getCurrencies(tx: Tx, organizationId: string): Promise<Currencies> {
  const settings = await getSettings(tx, organizationId);
  const rows = await tx
    .select()
    .from(currencies)
    .where(eq(currencies.organizationId, organizationId))
    .orderBy(asc(currencies.code));
  return {
    baseCurrency: settings.baseCurrency,
    currencies: rows
      .filter((r) => r.code !== settings.baseCurrency)
      .map((r) => ({ code: r.code, rate: Number(r.rate), updatedAt: r.updatedAt.toISOString() })),
  };
}

function refuse(message: string, path: (string | number)[]): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path, message }] });
}

/** How many customers are priced in each currency outside `allowed`. */
async function customersOutside(
  tx: Tx,
  organizationId: string,
  allowed: string[],
): Promise<{ currency: string; n: number }[]> {
  return tx
    .select({ currency: customers.currency, n: count() })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), notInArray(customers.currency, allowed)))
    .groupBy(customers.currency)
    .orderBy(asc(customers.currency));
}

/**
 * Sets the base currency (when given) and replaces the list, in the caller's one transaction. Refuses,
 * changing nothing, a currency listed as well as being the base, and leaving out a currency customers are
 * priced in ('3 customers are priced in CAD; change their currency first').
 */
export async function updateCurrencies(
  tx: Tx,
  organizationId: string,
  change: CurrenciesUpdate,
): Promise<Currencies> {
  const settings = await getSettings(tx, organizationId);
  const base = change.baseCurrency ?? settings.baseCurrency;
  const listedAsBase = change.currencies.findIndex((c) => c.code === base);
  if (listedAsBase >= 0) {
    throw refuse(`${base} is the base currency; it needs no rate`, ['currencies', listedAsBase, 'code']);
  }
  const allowed = [base, ...change.currencies.map((c) => c.code)];
  const stranded = await customersOutside(tx, organizationId, allowed);
  if (stranded.length > 0) {
    const parts = stranded.map(({ currency, n }) =>
      n === 1 ? `1 customer is priced in ${currency}` : `${n} customers are priced in ${currency}`,
    );
    throw new AppError(AppErrorCode.BadRequest, `${parts.join(' and ')}; change their currency first`, {
      issues: [{ path: ['currencies'], message: `${parts.join(' and ')}; change their currency first` }],
      currenciesInUse: stranded.map(({ currency, n }) => ({ code: currency, customers: n })),
    });
  }

  if (base !== settings.baseCurrency) {
    await tx
      .update(organizationSettings)
      .set({ baseCurrency: base, updatedAt: new Date() })
      .where(eq(organizationSettings.organizationId, organizationId));
  }
  const codes = change.currencies.map((c) => c.code);
  await tx
    .delete(currencies)
    .where(
      and(
        eq(currencies.organizationId, organizationId),
        codes.length ? notInArray(currencies.code, codes) : undefined,
      ),
    );
  await upsertRates(tx, organizationId, change.currencies);
  return getCurrencies(tx, organizationId);
}

/**
 * Adds each currency or sets its rate, leaving the others alone (the list's save and the rates import);
 * answers the codes it added and those whose rate changed. A rate given again unchanged keeps the date it
 * was set and is in neither list. The caller has refused the base currency.
 */
export async function upsertRates(
  tx: Tx,
  organizationId: string,
  rates: readonly ExchangeRate[],
): Promise<{ added: string[]; changed: string[] }> {
  if (rates.length === 0) return { added: [], changed: [] };
  const before = await tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.organizationId, organizationId));
  const had = new Set(before.map((r) => r.code));
  // Only rows inserted or actually updated come back: the unchanged ones fail `setWhere`.
  const written = await tx
    .insert(currencies)
    .values(rates.map((c) => ({ organizationId, code: c.code, rate: c.rate })))
    .onConflictDoUpdate({
      target: [currencies.organizationId, currencies.code],
      set: { rate: sql`excluded.rate`, updatedAt: sql`now()` },
      setWhere: sql`${currencies.rate} <> excluded.rate`,
    })
    .returning({ code: currencies.code });
  const codes = written.map((r) => r.code);
  return { added: codes.filter((c) => !had.has(c)), changed: codes.filter((c) => had.has(c)) };
}

/** What prices for one customer (or none) are made with: `computeAssembly`'s and `rollUpKit`'s options. */
export interface Pricing {
  /** The prices' currency: the customer's when the organisation has it, else the base currency. */
  currency: string;
  /** The costs' currency: the base currency. */
  costCurrency: string;
  /** Units of `currency` per base unit. */
  rate: number;
  defaultMarginPct: number;
  labourRate: number;
  wasteAllowancePct: number;
}

/**
 * Pricing for a customer priced in `customerCurrency` (null: no customer). A currency the organisation no
 * longer has (saved before the rules in `updateCurrencies`) prices in the base currency, and says so.
 */
export async function pricingFor(
  tx: Tx,
  organizationId: string,
  customerCurrency: string | null | undefined,
): Promise<Pricing> {
  const settings = await getSettings(tx, organizationId);
  const base = settings.baseCurrency;
  const defaults = {
    costCurrency: base,
    defaultMarginPct: Number(settings.defaultMarginPct ?? DEFAULT_MARGIN_PCT),
    labourRate: Number(settings.labourRate ?? LABOUR_PER_CRIMP),
    wasteAllowancePct: Number(settings.wasteAllowancePct ?? HOSE_WASTE_ALLOWANCE_PCT),
  };
  if (!customerCurrency || customerCurrency === base) return { ...defaults, currency: base, rate: 1 };
  const [row] = await tx
    .select({ rate: currencies.rate })
    .from(currencies)
    .where(and(eq(currencies.organizationId, organizationId), eq(currencies.code, customerCurrency)));
  if (!row) return { ...defaults, currency: base, rate: 1 };
  return { ...defaults, currency: customerCurrency, rate: Number(row.rate) };
}

/**
 * Refuses (400 on `field`) a customer currency that is neither the base currency nor one of the
 * organisation's currencies.
 */
export async function assertCurrencyAvailable(
  tx: Tx,
  organizationId: string,
  code: string,
  field: (string | number)[] = ['currency'],
): Promise<void> {
  const { base, rates } = await currencyRates(tx, organizationId);
  if (code === base || rates.has(code)) return;
  throw refuse(notAvailableMessage(code, base, rates), field);
}

/** 'EUR is not one of your currencies (USD, CAD); an admin adds it under Currencies first'. */
export function notAvailableMessage(code: string, base: string, rates: ReadonlyMap<string, number>): string {
  const have = [base, ...[...rates.keys()].sort()].join(', ');
  return `${code} is not one of your currencies (${have}); an admin adds it under Currencies first`;
}
