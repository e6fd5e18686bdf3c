/**
 * Currencies (`/api/v1/organization/currencies`): the organisation's base currency, in which costs and prices
 * are kept, and the other currencies its customers are priced in, each with an exchange rate: `rate` units of
 * that currency buy one unit of the base currency.
 */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER } from '../api/endpoint.ts';
import { isoDateTimeSchema } from '../api/schemas.ts';

/** ISO 4217 codes this runtime knows (every current currency). */
export function isKnownCurrency(code: string): boolean {
  return KNOWN_CURRENCIES.has(code);
}
const KNOWN_CURRENCIES = new Set<string>(Intl.supportedValuesOf('currency'));

export const currencyCodeSchema = z
  .string({ error: 'Choose a currency' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'Use a three-letter currency code such as CAD or USD' })
  // Only three letters are looked up: anything else has the message above alone.
  .refine((code) => !/^[A-Z]{3}$/.test(code) || isKnownCurrency(code), {
    error: (issue) => `${String(issue.input)} is not a currency code we know`,
  });

export const exchangeRateSchema = z.object({
  code: currencyCodeSchema,
  rate: z
    .number({ error: 'Enter the exchange rate as a number' })
    .positive('The exchange rate must be more than 0')
    .max(1_000_000, 'The exchange rate is too large'),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/**
 * One row of an exchange-rate import (the `exchangeRate` target, Currencies tab): a currency and its rate,
 * under the same rules as one entered by hand. It adds the currency or changes its rate; currencies the file
 * does not list stay as they are, and the base currency needs no rate.
 */
export const exchangeRateImportRowSchema = z.object({
  // An empty cell says what the column needs rather than the form's 'Choose a currency'.
  code: z.string({ error: 'Enter the currency code, such as CAD' }).pipe(currencyCodeSchema),
  rate: exchangeRateSchema.shape.rate,
});
export type ExchangeRateImportRow = z.infer<typeof exchangeRateImportRowSchema>;

export const currenciesSchema = z.object({
  baseCurrency: z.string(),
  /** The other currencies, by code; the base currency is not among them. */
  currencies: z.array(exchangeRateSchema.extend({ code: z.string(), updatedAt: isoDateTimeSchema })),
});
export type Currencies = z.infer<typeof currenciesSchema>;

/**
 * Replaces the list: a currency left out is removed. Removing a currency customers are priced in (or moving
 * the base away from it without listing it) is refused until their currency is changed.
 */
export const currenciesUpdateSchema = z
  .object({
    baseCurrency: currencyCodeSchema.optional(),
    currencies: z.array(exchangeRateSchema).max(200, 'At most 200 currencies'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.currencies.forEach((c, i) => {
      if (seen.has(c.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['currencies', i, 'code'],
          message: `${c.code} is listed twice`,
        });
      }
      seen.add(c.code);
      if (value.baseCurrency && c.code === value.baseCurrency) {
        ctx.addIssue({
          code: 'custom',
          path: ['currencies', i, 'code'],
          message: `${c.code} is the base currency; it needs no rate`,
        });
      }
    });
  });
export type CurrenciesUpdate = z.infer<typeof currenciesUpdateSchema>;

/** An amount in the base currency expressed in another: base × rate, to the cent. */
export function convertFromBase(amount: number, rate: number): number {
  return Math.round(amount * rate * 100) / 100;
}

const TAG = 'Organization';

export const getCurrencies = endpoint({
  name: 'getCurrencies',
  method: 'GET',
  path: '/api/v1/organization/currencies',
  tag: TAG,
  summary: 'The base currency and the other currencies with their exchange rates',
  access: MEMBER,
  response: currenciesSchema,
  example: {},
});

export const updateCurrencies = endpoint({
  name: 'updateCurrencies',
  method: 'POST',
  path: '/api/v1/organization/currencies/update',
  tag: TAG,
  summary: 'Set the base currency and replace the other currencies and their rates',
  access: ADMIN,
  body: currenciesUpdateSchema,
  response: currenciesSchema,
  example: { body: { baseCurrency: 'USD', currencies: [{ code: 'CAD', rate: 1.37 }] } },
});

export const CURRENCY_ENDPOINTS = [getCurrencies, updateCurrencies];
