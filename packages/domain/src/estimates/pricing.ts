/**
 * Pricing a sales estimate. Each line's unit price comes, in this order, from:
 * 1. the price list assigned to the customer, in the version in force on the estimate's date, at the
 *    quantity break the line's quantity reaches (`price-lists.ts`);
 * 2. the customer's terms, a margin and a discount per product group (`sellPrice`, `termsFor`);
 * 3. the organisation's defaults: its default margin on the item's cost, or its labour rate for labour.
 * A price typed on the line wins over all three (freight has no other). Every line says what priced it.
 *
 * Money is exact (`money.ts`): integers in the minor units of the estimate's currency (the customer's). Each
 * line total is quantity x unit price rounded half away from zero to the minor unit, once per line; the
 * subtotal adds the rounded lines. A subtotal below the minimum charge is raised to it by an adjustment of
 * its own. Taxes are computed on the subtotal after that adjustment, one amount per tax rate, each rounded
 * half away from zero once; a tax-exempt customer pays none.
 */
import { type PricingTerms, sellPrice, termsFor } from '../customers/customers.ts';
import { extendPrice, percentOf } from './money.ts';
import {
  baseToMinorUnits,
  type CurrencyContext,
  indexVersionItems,
  isBelowTargetMargin,
  marginPctOf,
  type PriceList,
  type PriceListItemType,
  priceForQuantity,
  priceListItemKey,
  versionInForce,
} from './price-lists.ts';

export const ESTIMATE_LINE_TYPES = ['kit', 'assembly', 'component', 'other', 'labour', 'freight'] as const;
export type EstimateLineType = (typeof ESTIMATE_LINE_TYPES)[number];

/** Which price list items a line type is found among; labour and freight are never on a price list. */
const PRICE_LIST_TYPE: Readonly<Record<EstimateLineType, PriceListItemType | null>> = {
  kit: 'kit',
  assembly: 'assembly',
  component: 'component',
  other: 'component',
  labour: null,
  freight: null,
};

export interface EstimateLineInput {
  id: string;
  type: EstimateLineType;
  /** The kit, assembly or component priced; null for labour, freight and an assembly built inline. */
  itemId?: string | null;
  /** Units, metres or hours; read to 3 decimals. */
  quantity: number;
  /** Today's unit cost in the base currency (a kit's or an assembly's roll-up); null when unknown. */
  unitCost?: number | null;
  productGroup?: string | null;
  /** A price typed on the line, minor units of the estimate's currency. */
  unitPriceOverride?: number | null;
}

/** The customer's tax details: each rate is a percentage of the subtotal (GST 5, QST 9.975). */
export interface TaxDetails {
  exempt: boolean;
  taxes: readonly { name: string; ratePct: number }[];
}

/** The organisation's pricing defaults, in the base currency unless said otherwise. */
export interface PricingDefaults {
  /** Margin on the sell price for what the customer's terms leave open (`organization_settings`). */
  defaultMarginPct: number;
  /** One unit of labour (a crimp or an hour, as the organisation counts it), base currency. */
  labourRate: number;
  /** Lines whose margin falls below it are flagged; none when absent. */
  targetMarginPct?: number | null;
  /** Minor units of the estimate's currency; 0 or absent for none. */
  minimumCharge?: number | null;
}

export interface EstimatePricingContext {
  /** The estimate's date (ISO YYYY-MM-DD): it picks the price list version. */
  date: string;
  /** The estimate's currency (the customer's) against the base currency of costs. */
  currency: CurrencyContext;
  /** The price list assigned to the customer, if any; used only when in the estimate's currency. */
  priceList: PriceList | null;
  /** The customer's terms. */
  terms: PricingTerms | null;
  defaults: PricingDefaults;
  tax: TaxDetails;
}

/** What priced a line, for the screen to show (`describePricedBy`). */
export type PricedBy =
  | {
      source: 'priceList';
      priceListId: string;
      priceListName: string;
      versionId: string;
      effectiveFrom: string;
      /** The quantity break used; null for the item's own price. */
      minQuantity: number | null;
    }
  | { source: 'customerTerms'; marginPct: number; discountPct: number; productGroup: string | null }
  | { source: 'default'; basis: 'defaultMargin'; marginPct: number }
  | { source: 'default'; basis: 'labourRate' }
  | { source: 'manual' }
  | { source: 'none'; reason: string };

export type PriceSource = PricedBy['source'];

export interface UnitPriceResolution {
  /** Minor units of the estimate's currency; null when nothing could price the line. */
  unitPrice: number | null;
  pricedBy: PricedBy;
}

/** Whether the customer's own terms say anything for this product group (else the defaults price it). */
function hasOwnTerms(terms: PricingTerms | null, productGroup: string | null): boolean {
  if (!terms) return false;
  if (terms.marginPct != null || terms.discountPct != null) return true;
  const group = productGroup
    ? terms.productGroupTerms?.find((g) => g.productGroup.toLowerCase() === productGroup.toLowerCase())
    : undefined;
  return group != null && (group.marginPct != null || group.discountPct != null);
}

/** The unit price of one line and where it came from, in the order the file's comment gives. */
export function resolveUnitPrice(line: EstimateLineInput, ctx: EstimatePricingContext): UnitPriceResolution {
  const { currency } = ctx.currency;
  if (line.unitPriceOverride != null) {
    return { unitPrice: line.unitPriceOverride, pricedBy: { source: 'manual' } };
  }

  const listType = PRICE_LIST_TYPE[line.type];
  const list = ctx.priceList;
  if (listType && line.itemId && list && list.currency === currency) {
    const version = versionInForce(list.versions, ctx.date);
    const item = version && indexVersionItems(version).get(priceListItemKey(listType, line.itemId));
    if (version && item) {
      const { unitPrice, minQuantity } = priceForQuantity(item, line.quantity);
      return {
        unitPrice,
        pricedBy: {
          source: 'priceList',
          priceListId: list.id,
          priceListName: list.name,
          versionId: version.id,
          effectiveFrom: version.effectiveFrom,
          minQuantity,
        },
      };
    }
  }

  if (line.type === 'labour') {
    return {
      unitPrice: baseToMinorUnits(ctx.defaults.labourRate, ctx.currency),
      pricedBy: { source: 'default', basis: 'labourRate' },
    };
  }
  if (line.type === 'freight') {
    return { unitPrice: null, pricedBy: { source: 'none', reason: 'Enter the freight charge' } };
  }
  if (line.unitCost == null || !Number.isFinite(line.unitCost)) {
    return {
      unitPrice: null,
      pricedBy: { source: 'none', reason: 'No price list price and no cost to price it from' },
    };
  }

  const group = line.productGroup ?? null;
  const { defaultMarginPct } = ctx.defaults;
  // The same sell price the kit and assembly screens show (`sellPrice` then the currency's rate).
  const unitPrice = baseToMinorUnits(
    sellPrice(line.unitCost, ctx.terms, group, defaultMarginPct),
    ctx.currency,
  );
  if (hasOwnTerms(ctx.terms, group)) {
    const applied = termsFor(ctx.terms, group, defaultMarginPct);
    return { unitPrice, pricedBy: { source: 'customerTerms', ...applied, productGroup: group } };
  }
  return { unitPrice, pricedBy: { source: 'default', basis: 'defaultMargin', marginPct: defaultMarginPct } };
}

export interface PricedEstimateLine {
  id: string;
  type: EstimateLineType;
  quantity: number;
  /** Minor units; null when unpriced. */
  unitPrice: number | null;
  /** Quantity x unit price, rounded half away from zero to the minor unit; 0 when unpriced. */
  lineTotal: number;
  pricedBy: PricedBy;
  /** Today's unit cost in the estimate's currency, minor units; null when unknown. */
  unitCost: number | null;
  /** Margin on the unit price, percent to 2 decimals; null without a cost or a price. */
  marginPct: number | null;
  /** Below the organisation's target margin (`PricingDefaults.targetMarginPct`). */
  isBelowTargetMargin: boolean;
}

export interface EstimateTax {
  name: string;
  ratePct: number;
  /** Minor units: the rate on `taxableAmount`, rounded half away from zero. */
  amount: number;
}

export interface EstimatePricing {
  currency: string;
  lines: PricedEstimateLine[];
  /** The rounded line totals added up. */
  subtotal: number;
  minimumCharge: number;
  /** What raises the subtotal to the minimum charge; 0 when it is reached (or the estimate has no line). */
  minimumChargeAdjustment: number;
  /** Subtotal plus the adjustment: what taxes are computed on. */
  taxableAmount: number;
  taxExempt: boolean;
  taxes: EstimateTax[];
  taxTotal: number;
  total: number;
  /** Lines nothing could price (they count 0): the estimate should not be sent with any. */
  unpricedLineIds: string[];
  belowTargetLineIds: string[];
}

/** Prices every line and adds the estimate up (see the file's comment for the order and the rounding). */
export function priceEstimate(
  lines: readonly EstimateLineInput[],
  ctx: EstimatePricingContext,
): EstimatePricing {
  const target = ctx.defaults.targetMarginPct;
  const priced = lines.map((line): PricedEstimateLine => {
    const { unitPrice, pricedBy } = resolveUnitPrice(line, ctx);
    const unitCost =
      line.unitCost != null && Number.isFinite(line.unitCost)
        ? baseToMinorUnits(line.unitCost, ctx.currency)
        : null;
    const hasBoth = unitPrice !== null && unitCost !== null;
    return {
      id: line.id,
      type: line.type,
      quantity: line.quantity,
      unitPrice,
      lineTotal: unitPrice === null ? 0 : extendPrice(line.quantity, unitPrice),
      pricedBy,
      unitCost,
      marginPct: hasBoth ? marginPctOf(unitPrice, unitCost) : null,
      isBelowTargetMargin: hasBoth && target != null && isBelowTargetMargin(unitPrice, unitCost, target),
    };
  });

  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const minimumCharge = Math.max(0, ctx.defaults.minimumCharge ?? 0);
  const minimumChargeAdjustment =
    priced.length > 0 && subtotal < minimumCharge ? minimumCharge - subtotal : 0;
  const taxableAmount = subtotal + minimumChargeAdjustment;
  const taxes = ctx.tax.exempt
    ? []
    : ctx.tax.taxes.map((tax) => ({ ...tax, amount: percentOf(taxableAmount, tax.ratePct) }));
  const taxTotal = taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return {
    currency: ctx.currency.currency,
    lines: priced,
    subtotal,
    minimumCharge,
    minimumChargeAdjustment,
    taxableAmount,
    taxExempt: ctx.tax.exempt,
    taxes,
    taxTotal,
    total: taxableAmount + taxTotal,
    unpricedLineIds: priced.filter((l) => l.unitPrice === null).map((l) => l.id),
    belowTargetLineIds: priced.filter((l) => l.isBelowTargetMargin).map((l) => l.id),
  };
}

/** One line of text saying what priced a line, for the estimate screen and its tooltip. */
export function describePricedBy(pricedBy: PricedBy): string {
  switch (pricedBy.source) {
    case 'priceList': {
      const tier = pricedBy.minQuantity === null ? '' : `, ${pricedBy.minQuantity}+ break`;
      return `Price list ${pricedBy.priceListName} (from ${pricedBy.effectiveFrom}${tier})`;
    }
    case 'customerTerms': {
      const discount = pricedBy.discountPct ? `, ${pricedBy.discountPct}% discount` : '';
      const group = pricedBy.productGroup ? ` for ${pricedBy.productGroup}` : '';
      return `Customer terms${group}: ${pricedBy.marginPct}% margin${discount}`;
    }
    case 'default':
      return pricedBy.basis === 'labourRate'
        ? 'Organisation labour rate'
        : `Organisation default margin (${pricedBy.marginPct}%)`;
    case 'manual':
      return 'Price entered on the estimate';
    case 'none':
      return pricedBy.reason;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Statuses: four are stored; 'expired' is read from the date.

export const ESTIMATE_STORED_STATUSES = ['draft', 'sent', 'accepted', 'declined'] as const;
export type EstimateStoredStatus = (typeof ESTIMATE_STORED_STATUSES)[number];
export const ESTIMATE_STATUSES = [...ESTIMATE_STORED_STATUSES, 'expired'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const ESTIMATE_STATUS_LABELS: Readonly<Record<EstimateStatus, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/**
 * The status to show on `today` (ISO YYYY-MM-DD, the organisation's day): a sent estimate whose validity
 * ended before today is expired (it is valid through its `validUntil` day); any other keeps its stored status.
 */
export function estimateStatusOn(
  estimate: { status: EstimateStoredStatus; validUntil: string | null },
  today: string,
): EstimateStatus {
  if (
    estimate.status === 'sent' &&
    estimate.validUntil &&
    estimate.validUntil.slice(0, 10) < today.slice(0, 10)
  ) {
    return 'expired';
  }
  return estimate.status;
}
