/**
 * The organisation's settings (the contracts in the domain's `organization/organization.ts`): one call per
 * setting as the app reads them lazily (`@/lib/organization-settings` caches them), every setting at once for
 * the Settings tab, and the admin's change, which answers every setting.
 */
import {
  getAllowNegativeStock,
  getDefaultAdaptorBrand,
  getDefaults,
  getDefaultWarehouse,
  getErpName,
  getHasParker,
  getHideInventory,
  getRevisionDelimiter,
  getUseBetaFeatures,
  type OrganizationSettings,
  type OrganizationUpdate,
  updateOrganization,
} from '@hosewright/domain';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, call } from './call';
import { ROOT_KEYS } from './keys';

/**
 * A setting loaded in the background moves no one: a refused sign-in is handled by the screen's own calls, and
 * a failed load shows no message (the cache counts it and tries again on the next use).
 */
const quiet = (signal?: AbortSignal): CallOptions => ({
  handleAuthErrors: false,
  ...(signal ? { signal } : {}),
});

export const fetchHasParker = (signal?: AbortSignal) => call(getHasParker, undefined, quiet(signal));
export const fetchHideInventory = (signal?: AbortSignal) => call(getHideInventory, undefined, quiet(signal));
export const fetchUseBetaFeatures = (signal?: AbortSignal) =>
  call(getUseBetaFeatures, undefined, quiet(signal));
export const fetchRevisionDelimiter = (signal?: AbortSignal) =>
  call(getRevisionDelimiter, undefined, quiet(signal));
export const fetchErpName = (signal?: AbortSignal) => call(getErpName, undefined, quiet(signal));
export const fetchDefaultAdaptorBrand = (signal?: AbortSignal) =>
  call(getDefaultAdaptorBrand, undefined, quiet(signal));
export const fetchDefaults = (signal?: AbortSignal) => call(getDefaults, undefined, quiet(signal));
export const fetchDefaultWarehouse = (signal?: AbortSignal) =>
  call(getDefaultWarehouse, undefined, quiet(signal));

/** Every setting, as `updateOrganization` answers them, from the read calls (the Settings tab's form). */
export async function fetchAllSettings(signal?: AbortSignal): Promise<OrganizationSettings> {
  const options = signal ? { signal } : {};
  const [
    hasParker,
    hideInventory,
    useBetaFeatures,
    revisionDelimiter,
    erpName,
    defaultAdaptorBrand,
    defaults,
    warehouse,
    allowNegativeStock,
  ] = await Promise.all([
    call(getHasParker, undefined, options),
    call(getHideInventory, undefined, options),
    call(getUseBetaFeatures, undefined, options),
    call(getRevisionDelimiter, undefined, options),
    call(getErpName, undefined, options),
    call(getDefaultAdaptorBrand, undefined, options),
    call(getDefaults, undefined, options),
    call(getDefaultWarehouse, undefined, options),
    call(getAllowNegativeStock, undefined, options),
  ]);
  return {
    hasParker,
    hideInventory,
    useBetaFeatures,
    revisionDelimiter,
    erpName,
    defaultAdaptorBrand,
    partNumberPattern: defaults.partNumberPattern,
    workOrderNumberPattern: defaults.workOrderNumberPattern,
    remnantLengthMm: defaults.remnantLengthMm,
    hoseShelfLifeMonths: defaults.hoseShelfLifeMonths,
    estimateNumberPattern: defaults.estimateNumberPattern,
    estimateValidityDays: defaults.estimateValidityDays,
    minimumCharge: defaults.minimumCharge,
    targetMarginPct: defaults.targetMarginPct,
    estimateTerms: defaults.estimateTerms,
    shopAddress: defaults.shopAddress,
    shopPhone: defaults.shopPhone,
    shopEmail: defaults.shopEmail,
    unitSystem: defaults.unitSystem,
    baseCurrency: defaults.currency,
    defaultMarginPct: defaults.defaultMarginPct,
    labourRate: defaults.labourRate,
    wasteAllowancePct: defaults.wasteAllowancePct,
    // Which warehouse row is the default shows in the warehouse list (`isDefault`), read by the tab itself.
    defaultWarehouseId: null,
    defaultWarehouseName: warehouse.defaultWarehouseName,
    defaultWarehouseCode: warehouse.defaultWarehouseCode,
    allowNegativeStock,
  };
}

export const settingsKeys = {
  all: () => [...ROOT_KEYS.organization, 'settings'] as const,
};

/** Every setting, for the admin's Settings tab. */
export const allSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all(),
    queryFn: ({ signal }) => fetchAllSettings(signal),
  });

/** An admin's change (fields left out stay); answers every setting. */
export const updateSettings = (change: OrganizationUpdate) => call(updateOrganization, { body: change });
