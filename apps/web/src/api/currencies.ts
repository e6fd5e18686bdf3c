/**
 * The organisation's currencies (the contracts in the domain's `currencies/currencies.ts`): the base
 * currency and the others with their rates, which every member reads (customer forms offer them) and an
 * admin replaces as a whole.
 */
import {
  type AssemblyPricingOptions,
  type Currencies,
  type CurrenciesUpdate,
  getCurrencies,
  getDefaults,
  updateCurrencies,
} from '@hosewright/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './call';
import { customerQuery } from './customers';
import { invalidate, ROOT_KEYS } from './keys';

const root = ROOT_KEYS.currencies;
export const currencyKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
};

export const currenciesQuery = () =>
  queryOptions({
    queryKey: currencyKeys.list(),
    queryFn: ({ signal }) => call(getCurrencies, undefined, { signal }),
  });

/**
 * An admin sets the base currency and replaces the list. Prices of customers, assemblies and kits are
 * made with the rates, so those refresh too.
 */
export function useSaveCurrencies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CurrenciesUpdate) => call(updateCurrencies, { body }),
    onSuccess: (saved) => {
      client.setQueryData(currencyKeys.list(), saved);
      return invalidate(client, ['currencies', 'organization', 'customers', 'hoseAssemblies', 'hoseKits']);
    },
  });
}

/**
 * What prices are made with besides a customer's terms (`getDefaults`): the base currency, the default
 * margin and the labour rate. Under the organisation's root, so a settings save refreshes it.
 */
export const pricingDefaultsQuery = () =>
  queryOptions({
    queryKey: [...ROOT_KEYS.organization, 'pricing-defaults'] as const,
    queryFn: ({ signal }) => call(getDefaults, undefined, { signal }),
  });

/** The organisation's base currency, the one costs are kept in; undefined until the currencies have loaded. */
export function useBaseCurrency(): string | undefined {
  return useQuery(currenciesQuery()).data?.baseCurrency;
}

/**
 * How prices in `currency` are made from base prices: its rate (1 for the base currency, and for a currency
 * the organisation no longer has, which the server prices in the base currency too) and the currency the
 * prices then say.
 */
export function priceCurrencyOf(
  currencies: Currencies | undefined,
  currency: string | null | undefined,
): { currency: string; costCurrency: string; rate: number } | undefined {
  if (!currencies) return undefined;
  const base = currencies.baseCurrency;
  const listed = currencies.currencies.find((c) => c.code === currency);
  return listed
    ? { currency: listed.code, costCurrency: base, rate: listed.rate }
    : { currency: base, costCurrency: base, rate: 1 };
}

/**
 * How the browser prices what a customer (or no customer: '') buys, as the server does
 * (`pricingFor` in the server's currencies module): the customer's terms and currency with its rate, the
 * organisation's default margin and labour rate. Undefined until the currencies have loaded.
 */
export function usePricingFor(customerId: string): AssemblyPricingOptions | undefined {
  const currencies = useQuery(currenciesQuery());
  const defaults = useQuery(pricingDefaultsQuery());
  const customer = useQuery(customerQuery(customerId));
  const customerData = customerId ? customer.data : undefined;
  return useMemo(() => {
    const money = priceCurrencyOf(currencies.data, customerData?.currency);
    if (!money || (customerId && !customerData)) return undefined;
    return {
      ...money,
      ...(customerData
        ? {
            terms: {
              marginPct: customerData.marginPct,
              discountPct: customerData.discountPct,
              productGroupTerms: customerData.productGroupTerms.map((g) => ({
                productGroup: g.productGroup,
                marginPct: g.marginPct ?? null,
                discountPct: g.discountPct ?? null,
              })),
            },
          }
        : {}),
      ...(defaults.data
        ? {
            defaultMarginPct: defaults.data.defaultMarginPct,
            labourRate: defaults.data.labourRate,
            wasteAllowancePct: defaults.data.wasteAllowancePct,
          }
        : {}),
    };
  }, [currencies.data, defaults.data, customerData, customerId]);
}
