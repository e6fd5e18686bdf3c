import {
  type Address,
  effectiveUnitSystem,
  isEmptyAddress,
  isUnitSystem,
  type OrganizationSettings,
  type UnitSystem,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizationSettings, organizations, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { findDefaultWarehouse } from '../warehouses/default.ts';

export async function getOrganization(tx: Tx, organizationId: string) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw AppError.notFound('The organisation');
  return org;
}

/** The organisation's settings row, made with the defaults the first time it is asked for. */
export async function getSettings(tx: Tx, organizationId: string) {
  const [row] = await tx
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (row) return row;
  const [created] = await tx
    .insert(organizationSettings)
    .values({ organizationId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await tx
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (!again) throw new Error('organisation settings could not be created');
  return again;
}

/** The settings as the contracts answer them (`organizationSettingsSchema`). */
export async function getSettingsView(tx: Tx, organizationId: string): Promise<OrganizationSettings> {
  const row = await getSettings(tx, organizationId);
  const warehouse = await findDefaultWarehouse(tx, organizationId);
  return {
    hasParker: row.hasParker,
    hideInventory: row.hideInventory,
    useBetaFeatures: row.useBetaFeatures,
    revisionDelimiter: row.revisionDelimiter,
    partNumberPattern: row.partNumberPattern,
    defaultAdaptorBrand: row.defaultAdaptorBrand,
    erpName: row.erpName,
    unitSystem: isUnitSystem(row.unitSystem) ? row.unitSystem : null,
    baseCurrency: row.baseCurrency,
    defaultMarginPct: row.defaultMarginPct,
    labourRate: row.labourRate,
    wasteAllowancePct: row.wasteAllowancePct,
    defaultWarehouseId: warehouse?.id ?? null,
    defaultWarehouseName: warehouse?.name ?? '',
    defaultWarehouseCode: warehouse?.code ?? '',
    allowNegativeStock: row.allowNegativeStock,
    workOrderNumberPattern: row.workOrderNumberPattern,
    remnantLengthMm: row.remnantLengthMm,
    hoseShelfLifeMonths: row.hoseShelfLifeMonths,
    estimateNumberPattern: row.estimateNumberPattern,
    estimateValidityDays: row.estimateValidityDays,
    minimumCharge: row.minimumCharge,
    targetMarginPct: row.targetMarginPct,
    estimateTerms: row.estimateTerms,
    shopAddress: filledAddressOf(row.shopAddress),
    shopPhone: row.shopPhone,
    shopEmail: row.shopEmail,
  };
}

/**
 * A stored address (`organization_settings.shop_address`, `warehouses.address`) with every line; null when no
 * line is filled.
 */
export function filledAddressOf(stored: unknown): Address | null {
  const a = (stored ?? {}) as Partial<Record<keyof Address, unknown>>;
  const line = (v: unknown) => (typeof v === 'string' ? v : '');
  const address: Address = {
    line1: line(a.line1),
    line2: line(a.line2),
    city: line(a.city),
    region: line(a.region),
    postalCode: line(a.postalCode),
    country: line(a.country),
  };
  return isEmptyAddress(address) ? null : address;
}

/** A user's own choice of units (null follows the organisation) and the units they see. */
export async function unitsOf(
  tx: Tx,
  organizationId: string,
  userId: string,
): Promise<{ unitSystem: UnitSystem | null; units: UnitSystem }> {
  const [user] = await tx
    .select({ unitSystem: users.unitSystem, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  const settings = await getSettings(tx, organizationId);
  const own = isUnitSystem(user?.unitSystem) ? user.unitSystem : null;
  const organization = isUnitSystem(settings.unitSystem) ? settings.unitSystem : null;
  return { unitSystem: own, units: effectiveUnitSystem(own, organization, user?.locale ?? 'en_ca') };
}
