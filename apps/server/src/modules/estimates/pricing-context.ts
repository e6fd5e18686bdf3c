/**
 * What prices an estimate for a customer on a date (`EstimatePricingContext`, packages/domain/src/estimates/
 * pricing.ts): the customer's currency and its rate against the base currency, the customer's terms and
 * taxes, the organisation's defaults, and the customer's price list in the version in force on the date.
 *
 * Of the price list only the version in force is read (the latest published on or before the date; two on
 * one day, the later published), and of it only the items the lines name: a 200-line estimate against a list
 * of 100,000 items reads at most 200 rows, found by the items' primary key.
 */
import {
  baseToMinorUnits,
  type CurrencyContext,
  type EstimatePricingContext,
  type PriceList,
  type PriceListItem,
  type PriceListItemType,
  type PricingTerms,
  type ProductGroupTerms,
  type QuantityBreak,
  type TaxDetails,
} from '@hosewright/domain';
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, priceListItems, priceLists, priceListVersions } from '../../db/schema.ts';
import { pricingFor } from '../currencies/service.ts';
import { getSettings } from '../organization/service.ts';
import type { ResolvedLine } from './lines.ts';

/** What an estimate needs of its customer. */
export interface EstimateCustomer {
  id: string;
  name: string;
  currency: string;
  terms: PricingTerms;
  tax: TaxDetails;
  priceListId: string | null;
}

/** The customer, or null when the organisation has no such customer. */
export async function loadCustomer(
  tx: Tx,
  organizationId: string,
  customerId: string,
): Promise<EstimateCustomer | null> {
  const [row] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      currency: customers.currency,
      marginPct: customers.marginPct,
      discountPct: customers.discountPct,
      productGroupTerms: customers.productGroupTerms,
      taxExempt: customers.taxExempt,
      taxes: customers.taxes,
      priceListId: customers.priceListId,
    })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    terms: {
      marginPct: row.marginPct,
      discountPct: row.discountPct,
      productGroupTerms: (row.productGroupTerms ?? []) as ProductGroupTerms[],
    },
    tax: {
      exempt: row.taxExempt,
      taxes: ((row.taxes ?? []) as { name: string; ratePct: number }[]).map((t) => ({
        name: t.name,
        ratePct: Number(t.ratePct),
      })),
    },
    priceListId: row.priceListId,
  };
}

/** Which price list items a line is found among (as `pricing.ts` looks them up). */
const LIST_TYPES: Readonly<Record<string, PriceListItemType>> = {
  kit: 'kit',
  assembly: 'assembly',
  component: 'component',
  other: 'component',
};

/**
 * The customer's price list with the one version in force on `date`, holding only the items `lines` name;
 * null without a list, in another currency than `currency`, or before its first version.
 */
async function priceListFor(
  tx: Tx,
  organizationId: string,
  priceListId: string,
  currency: string,
  date: string,
  lines: readonly ResolvedLine[],
): Promise<PriceList | null> {
  const [list] = await tx
    .select({ id: priceLists.id, name: priceLists.name, currency: priceLists.currency })
    .from(priceLists)
    .where(and(eq(priceLists.organizationId, organizationId), eq(priceLists.id, priceListId)));
  if (!list || list.currency !== currency) return null;
  const [version] = await tx
    .select({ id: priceListVersions.id, effectiveFrom: priceListVersions.effectiveFrom })
    .from(priceListVersions)
    .where(
      and(
        eq(priceListVersions.organizationId, organizationId),
        eq(priceListVersions.priceListId, list.id),
        isNotNull(priceListVersions.effectiveFrom),
        lte(priceListVersions.effectiveFrom, date),
      ),
    )
    .orderBy(desc(priceListVersions.effectiveFrom), sql`${priceListVersions.publishedAt} desc nulls last`)
    .limit(1);
  if (!version?.effectiveFrom) return null;
  const types = [
    ...new Set(lines.flatMap((l) => (l.itemId && LIST_TYPES[l.type] ? [LIST_TYPES[l.type]] : []))),
  ];
  const ids = [...new Set(lines.flatMap((l) => (l.itemId && LIST_TYPES[l.type] ? [l.itemId] : [])))];
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({
            itemType: priceListItems.itemType,
            itemId: priceListItems.itemId,
            partNumber: priceListItems.partNumber,
            description: priceListItems.description,
            unitPrice: priceListItems.unitPrice,
            breaks: priceListItems.breaks,
          })
          .from(priceListItems)
          .where(
            and(
              eq(priceListItems.organizationId, organizationId),
              eq(priceListItems.versionId, version.id),
              inArray(priceListItems.itemType, types as string[]),
              inArray(priceListItems.itemId, ids),
            ),
          );
  const items = rows.map(
    (r): PriceListItem => ({
      itemType: r.itemType as PriceListItemType,
      itemId: r.itemId,
      partNumber: r.partNumber,
      description: r.description,
      unitPrice: r.unitPrice,
      breaks: (r.breaks ?? []) as QuantityBreak[],
    }),
  );
  return {
    id: list.id,
    name: list.name,
    currency: list.currency,
    versions: [{ id: version.id, effectiveFrom: version.effectiveFrom, items }],
  };
}

/**
 * Everything `priceEstimate` needs to price `lines` for `customer` on `date` (YYYY-MM-DD). Without a customer
 * (it was deleted) the estimate is priced in the base currency by the organisation's defaults, untaxed.
 */
export async function loadPricingContext(
  tx: Tx,
  organizationId: string,
  customer: EstimateCustomer | null,
  date: string,
  lines: readonly ResolvedLine[],
): Promise<EstimatePricingContext> {
  const settings = await getSettings(tx, organizationId);
  // The customer's currency when it is one of the organisation's, else the base currency (as kits price).
  const pricing = await pricingFor(tx, organizationId, customer?.currency);
  const currency: CurrencyContext = {
    baseCurrency: pricing.costCurrency,
    currency: pricing.currency,
    rate: pricing.rate,
  };
  const priceList = customer?.priceListId
    ? await priceListFor(tx, organizationId, customer.priceListId, currency.currency, date, lines)
    : null;
  return {
    date,
    currency,
    priceList,
    terms: customer?.terms ?? null,
    defaults: {
      defaultMarginPct: pricing.defaultMarginPct,
      labourRate: pricing.labourRate,
      targetMarginPct: Number(settings.targetMarginPct),
      minimumCharge: baseToMinorUnits(Number(settings.minimumCharge), currency),
    },
    tax: customer?.tax ?? { exempt: false, taxes: [] },
  };
}
