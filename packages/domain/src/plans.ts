/** Subscription tiers, roles and the plan table: each tier's price, limits and what it adds. */
export const TIERS = ['trial', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const ROLES = ['regular', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Tiers that unlock the premium features (warehouses, inventory, work orders, sales estimates). */
export const PREMIUM_TIERS: readonly Tier[] = ['professional', 'enterprise'];
export function isPremiumTier(tier: Tier | null | undefined): boolean {
  return tier != null && PREMIUM_TIERS.includes(tier);
}
/** Price lists are enterprise only. */
export const ENTERPRISE_TIERS: readonly Tier[] = ['enterprise'];

export interface PlanLimits {
  maxCustomers: number;
  maxHoseAssemblies: number;
  maxHoseKits: number;
}

export interface Plan extends PlanLimits {
  tier: Tier;
  label: string;
  /**
   * Bytes of pictures the organisation may keep (`uploadImage`): the sum of the sizes of its stored pictures.
   * Read from this table by tier (the subscription row does not carry it).
   */
  maxImageStorageBytes: number;
  /** Monthly price in US cents; 0 for the free trial. */
  priceCentsPerMonth: number;
  /** What the tier adds, shown on the pricing page. */
  adds: string;
}

/** "No limit" is stored as a very large number so comparisons stay simple and JSON stays finite. */
export const UNLIMITED = 2_147_483_647;

export const TRIAL_DAYS = 30;

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const PLANS: Record<Tier, Plan> = {
  trial: {
    tier: 'trial',
    label: 'Trial',
    priceCentsPerMonth: 0,
    maxCustomers: 25,
    maxHoseAssemblies: 50,
    maxHoseKits: 10,
    maxImageStorageBytes: 50 * MB,
    adds: 'Hose assemblies, kits, customers and the component library',
  },
  professional: {
    tier: 'professional',
    label: 'Professional',
    priceCentsPerMonth: 7900,
    maxCustomers: 1000,
    maxHoseAssemblies: 10000,
    maxHoseKits: 2000,
    maxImageStorageBytes: 2 * GB,
    adds: 'Warehouses, inventory, work orders and sales estimates',
  },
  enterprise: {
    tier: 'enterprise',
    label: 'Enterprise',
    priceCentsPerMonth: 19900,
    maxCustomers: UNLIMITED,
    maxHoseAssemblies: UNLIMITED,
    maxHoseKits: UNLIMITED,
    maxImageStorageBytes: 10 * GB,
    adds: 'Price lists',
  },
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
