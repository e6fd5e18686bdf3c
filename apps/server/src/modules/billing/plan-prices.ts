/**
 * Which provider price bills which paid tier. Prices come from the plan table (`PLANS` in
 * packages/domain): the test-mode provider is seeded with them, and in production the Stripe price ids are
 * configuration that must charge the same amounts.
 */
import { PLANS, type Tier } from '@hosewright/domain';

/** The tiers a card can pay for; the trial is never charged. */
export const PAID_TIERS = ['professional', 'enterprise'] as const satisfies readonly Tier[];
export type PaidTier = (typeof PAID_TIERS)[number];

export function isPaidTier(value: unknown): value is PaidTier {
  return typeof value === 'string' && (PAID_TIERS as readonly string[]).includes(value);
}

/** One provider price per paid tier (monthly). */
export type PlanPrices = Record<PaidTier, string>;

/** The price ids the test-mode provider is seeded with. */
export const TEST_PLAN_PRICES: PlanPrices = {
  professional: 'price_test_professional_monthly',
  enterprise: 'price_test_enterprise_monthly',
};

export interface PriceDefinition {
  id: string;
  tier: PaidTier;
  currency: 'usd';
  unitAmount: number;
  interval: 'month';
  productName: string;
}

/** The test-mode price catalogue: one monthly USD price per paid tier, at the plan table's price. */
export function testPriceCatalogue(prices: PlanPrices = TEST_PLAN_PRICES): PriceDefinition[] {
  return PAID_TIERS.map((tier) => ({
    id: prices[tier],
    tier,
    currency: 'usd',
    unitAmount: PLANS[tier].priceCentsPerMonth,
    interval: 'month',
    productName: `Hosewright ${PLANS[tier].label}`,
  }));
}

/** The paid tier a price bills, or null for a price that is not one of ours. */
export function tierForPrice(prices: PlanPrices, priceId: string | null | undefined): PaidTier | null {
  if (!priceId) return null;
  return PAID_TIERS.find((tier) => prices[tier] === priceId) ?? null;
}
