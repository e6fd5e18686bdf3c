/**
 * Customer pricing terms (DOMAIN.md "Pricing"). A *margin* is a share of the sell price (30% margin: cost 70,
 * price 100); a *markup* is a share of the cost (30% markup: cost 100, price 130). Hosewright's customer terms
 * are a margin and then a discount off the price that margin gives. A product group's own terms, where the
 * customer has them, win over the customer's general terms; with no margin anywhere the organisation's
 * default margin applies.
 */
import { z } from 'zod';

/** The margin used when neither the customer nor the product group names one (percent of the sell price). */
export const DEFAULT_MARGIN_PCT = 30;

const pct = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, { error: `${what} cannot be negative` })
    .max(99.99, { error: `${what} must be below 100%` });

export const productGroupTermsSchema = z.object({
  productGroup: z.string().trim().min(1, { error: 'Choose a product group' }),
  marginPct: pct('The margin').nullish(),
  discountPct: pct('The discount').nullish(),
});
export type ProductGroupTerms = z.infer<typeof productGroupTermsSchema>;

export interface PricingTerms {
  marginPct?: number | null;
  discountPct?: number | null;
  productGroupTerms?: readonly ProductGroupTerms[];
}

/** The margin and discount in force for one product group (or the general terms when it has none). */
export function termsFor(
  terms: PricingTerms | null | undefined,
  productGroup?: string | null,
): { marginPct: number; discountPct: number } {
  const group = productGroup
    ? terms?.productGroupTerms?.find((g) => g.productGroup.toLowerCase() === productGroup.toLowerCase())
    : undefined;
  return {
    marginPct: group?.marginPct ?? terms?.marginPct ?? DEFAULT_MARGIN_PCT,
    discountPct: group?.discountPct ?? terms?.discountPct ?? 0,
  };
}

/** Rounds money to cents. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * Sell price of something that costs `cost`, for these terms: cost / (1 - margin), then the discount off.
 * Cents, rounded once at the end.
 */
export function sellPrice(cost: number, terms?: PricingTerms | null, productGroup?: string | null): number {
  const { marginPct, discountPct } = termsFor(terms, productGroup);
  const list = cost / (1 - marginPct / 100);
  return roundMoney(list * (1 - discountPct / 100));
}

/** The markup a margin amounts to (30% margin = 42.86% markup), for labels that show both. */
export function markupForMargin(marginPct: number): number {
  return roundMoney((marginPct / (100 - marginPct)) * 100);
}
