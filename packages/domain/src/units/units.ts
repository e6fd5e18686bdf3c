/**
 * Units of measure. Lengths are stored in millimetres and pressures in psi; each organisation chooses metric
 * (mm, bar) or imperial (inches, psi), and each user may override it (ADR 16).
 */
import { z } from 'zod';
import type { Locale } from '../constants.ts';

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export const unitSystemSchema = z.enum(UNIT_SYSTEMS, {
  error: 'Choose metric (mm, bar) or imperial (in, psi)',
});

/** The units a user sees: their own choice, else the organisation's, else imperial for en_us and metric otherwise. */
export function effectiveUnitSystem(
  userChoice: UnitSystem | null | undefined,
  organizationChoice: UnitSystem | null | undefined,
  locale: Locale | string,
): UnitSystem {
  return userChoice ?? organizationChoice ?? (locale === 'en_us' ? 'imperial' : 'metric');
}

export function isUnitSystem(value: unknown): value is UnitSystem {
  return typeof value === 'string' && (UNIT_SYSTEMS as readonly string[]).includes(value);
}
