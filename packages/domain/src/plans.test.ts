/** The plan table in plans.ts: tiers, roles, prices and limits. */
import { describe, expect, test } from 'vitest';
import {
  ENTERPRISE_TIERS,
  isRole,
  isTier,
  PLANS,
  PREMIUM_TIERS,
  ROLES,
  TIERS,
  TRIAL_DAYS,
  UNLIMITED,
} from './plans.ts';

describe('tiers and roles', () => {
  test('tiers are ordered from lowest to highest: trial, professional, enterprise', () => {
    expect([...TIERS]).toEqual(['trial', 'professional', 'enterprise']);
  });

  test('roles are regular and admin', () => {
    expect([...ROLES]).toEqual(['regular', 'admin']);
  });

  test('premium tiers are professional and enterprise', () => {
    expect([...PREMIUM_TIERS]).toEqual(['professional', 'enterprise']);
  });

  test('price lists are enterprise only', () => {
    expect([...ENTERPRISE_TIERS]).toEqual(['enterprise']);
  });

  test('every enterprise tier is also premium, and trial is neither', () => {
    for (const tier of ENTERPRISE_TIERS) expect(PREMIUM_TIERS).toContain(tier);
    expect(PREMIUM_TIERS).not.toContain('trial');
    expect(ENTERPRISE_TIERS).not.toContain('trial');
  });

  test('isTier and isRole accept exactly the known names', () => {
    for (const tier of TIERS) expect(isTier(tier)).toBe(true);
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const bad of ['', 'Trial', 'free', 'premium', null, undefined, 1, {}])
      expect(isTier(bad)).toBe(false);
    for (const bad of ['', 'Admin', 'owner', null, undefined, 0]) expect(isRole(bad)).toBe(false);
  });
});

describe('plans', () => {
  test('there is exactly one plan per tier, keyed by its tier', () => {
    expect(Object.keys(PLANS).sort()).toEqual([...TIERS].sort());
    for (const tier of TIERS) expect(PLANS[tier].tier).toBe(tier);
  });

  test('trial: free for 30 days, 25 customers, 50 hose assemblies, 10 hose kits, 50 MB of pictures', () => {
    expect(TRIAL_DAYS).toBe(30);
    expect(PLANS.trial).toMatchObject({
      priceCentsPerMonth: 0,
      maxCustomers: 25,
      maxHoseAssemblies: 50,
      maxHoseKits: 10,
      maxImageStorageBytes: 50 * 1024 * 1024,
    });
  });

  test('professional: 79 USD per month, 1,000 customers, 10,000 hose assemblies, 2,000 hose kits, 2 GB of pictures', () => {
    expect(PLANS.professional).toMatchObject({
      priceCentsPerMonth: 7900,
      maxCustomers: 1000,
      maxHoseAssemblies: 10000,
      maxHoseKits: 2000,
      maxImageStorageBytes: 2 * 1024 ** 3,
    });
  });

  test('enterprise: 199 USD per month, no limits on objects, 10 GB of pictures', () => {
    expect(PLANS.enterprise).toMatchObject({
      priceCentsPerMonth: 19900,
      maxCustomers: UNLIMITED,
      maxHoseAssemblies: UNLIMITED,
      maxHoseKits: UNLIMITED,
      maxImageStorageBytes: 10 * 1024 ** 3,
    });
  });

  test('"no limit" is a finite, JSON-safe integer above every other limit', () => {
    expect(Number.isSafeInteger(UNLIMITED)).toBe(true);
    expect(JSON.parse(JSON.stringify({ UNLIMITED }))).toEqual({ UNLIMITED });
    expect(UNLIMITED).toBeGreaterThanOrEqual(2 ** 31 - 1);
  });

  test('limits and prices never decrease going up the tiers', () => {
    const keys = [
      'priceCentsPerMonth',
      'maxCustomers',
      'maxHoseAssemblies',
      'maxHoseKits',
      'maxImageStorageBytes',
    ] as const;
    for (let i = 1; i < TIERS.length; i++) {
      const lower = PLANS[TIERS[i - 1]!];
      const higher = PLANS[TIERS[i]!];
      for (const key of keys) expect(higher[key], `${higher.tier}.${key}`).toBeGreaterThan(lower[key]);
    }
  });

  test('what each tier adds, as the pricing page lists it', () => {
    expect(PLANS.professional.adds.toLowerCase()).toEqual(
      expect.stringMatching(/warehouses.*inventory.*work orders.*sales estimates/),
    );
    expect(PLANS.enterprise.adds.toLowerCase()).toContain('price lists');
    for (const word of ['assemblies', 'kits', 'customers', 'component']) {
      expect(PLANS.trial.adds.toLowerCase()).toContain(word);
    }
  });

  test('every plan has a label', () => {
    expect(TIERS.map((t) => PLANS[t].label)).toEqual(['Trial', 'Professional', 'Enterprise']);
  });
});
