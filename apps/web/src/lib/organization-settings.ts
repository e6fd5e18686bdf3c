/**
 * The organisation's settings the whole app obeys, held client-side: loaded lazily on first use and cached.
 * A load that fails resets the value to null and counts the failure, with no message; each later use tries
 * again until `SETTINGS_LOAD_RETRY_CAP` failures have been counted. `clearOrganizationSettings()` forgets
 * everything (sign-out, an admin's save, which then fills it from the answer).
 *
 * Screens read one setting with `useOrganizationSetting(name)`; while it is unknown they get its default
 * (`DEFAULT_REVISION_DELIMITER` for the delimiter, false and empty text otherwise).
 */
import {
  DEFAULT_REVISION_DELIMITER,
  type OrganizationDefaults,
  type OrganizationSettings,
  type OrganizationUpdate,
  SETTINGS_LOAD_RETRY_CAP,
} from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { invalidate, type Resource } from '@/api/keys';
import {
  fetchDefaults,
  fetchDefaultWarehouse,
  fetchErpName,
  fetchHasParker,
  fetchHideInventory,
  fetchRevisionDelimiter,
  fetchUseBetaFeatures,
  settingsKeys,
  updateSettings,
} from '@/api/settings';

/** What one load brings (a call each; the default warehouse's name and code come together). */
interface Sources {
  hasParker: boolean;
  hideInventory: boolean;
  useBetaFeatures: boolean;
  revisionDelimiter: string;
  erpName: string;
  defaultWarehouse: { defaultWarehouseName: string; defaultWarehouseCode: string };
  defaults: OrganizationDefaults;
}
export type SettingsSource = keyof Sources;

const LOADERS: { [K in SettingsSource]: () => Promise<Sources[K]> } = {
  hasParker: () => fetchHasParker(),
  hideInventory: () => fetchHideInventory(),
  useBetaFeatures: () => fetchUseBetaFeatures(),
  revisionDelimiter: () => fetchRevisionDelimiter(),
  erpName: () => fetchErpName(),
  defaultWarehouse: () => fetchDefaultWarehouse(),
  defaults: () => fetchDefaults(),
};

export interface SourceEntry<T> {
  /** Null until loaded, and again after a failed load. */
  value: T | null;
  /** Failed loads since the last clear; at `SETTINGS_LOAD_RETRY_CAP` no more are tried. */
  failures: number;
  isLoading: boolean;
}

interface OrganizationSettingsState {
  entries: { [K in SettingsSource]: SourceEntry<Sources[K]> };
  /** Grows at each clear: a load started before it is not kept. */
  generation: number;
}

const emptyEntries = (): OrganizationSettingsState['entries'] => ({
  hasParker: { value: null, failures: 0, isLoading: false },
  hideInventory: { value: null, failures: 0, isLoading: false },
  useBetaFeatures: { value: null, failures: 0, isLoading: false },
  revisionDelimiter: { value: null, failures: 0, isLoading: false },
  erpName: { value: null, failures: 0, isLoading: false },
  defaultWarehouse: { value: null, failures: 0, isLoading: false },
  defaults: { value: null, failures: 0, isLoading: false },
});

export const useOrganizationSettingsStore = create<OrganizationSettingsState>()(() => ({
  entries: emptyEntries(),
  generation: 0,
}));

function patch<K extends SettingsSource>(source: K, change: Partial<SourceEntry<Sources[K]>>): void {
  useOrganizationSettingsStore.setState((state) => ({
    entries: { ...state.entries, [source]: { ...state.entries[source], ...change } },
  }));
}

/**
 * One use of a setting: answers the cached value, or loads it when it is not cached, no load is under way and
 * fewer than `SETTINGS_LOAD_RETRY_CAP` loads have failed. Never rejects: a failure answers null.
 */
export async function accessOrganizationSetting<K extends SettingsSource>(
  source: K,
): Promise<Sources[K] | null> {
  const { entries, generation } = useOrganizationSettingsStore.getState();
  const entry = entries[source] as SourceEntry<Sources[K]>;
  if (entry.value !== null || entry.isLoading || entry.failures >= SETTINGS_LOAD_RETRY_CAP) {
    return entry.value;
  }
  patch(source, { isLoading: true });
  let value: Sources[K] | null = null;
  let failed = false;
  try {
    value = await LOADERS[source]();
  } catch {
    failed = true;
  }
  // Cleared meanwhile (sign-out, an admin's save): this answer may belong to the old settings.
  if (useOrganizationSettingsStore.getState().generation !== generation) return null;
  const failures = useOrganizationSettingsStore.getState().entries[source].failures;
  patch(
    source,
    failed ? { value: null, failures: failures + 1, isLoading: false } : { value, isLoading: false },
  );
  return value;
}

/** Forget every setting and every counted failure; the next use of each loads it again. */
export function clearOrganizationSettings(): void {
  useOrganizationSettingsStore.setState((state) => ({
    entries: emptyEntries(),
    generation: state.generation + 1,
  }));
}

/** Fill the cache from an answer that carries every setting (`updateOrganization` answers them all). */
export function primeOrganizationSettings(settings: OrganizationSettings): void {
  const loaded = <T>(value: T): SourceEntry<T> => ({ value, failures: 0, isLoading: false });
  useOrganizationSettingsStore.setState({
    entries: {
      hasParker: loaded(settings.hasParker),
      hideInventory: loaded(settings.hideInventory),
      useBetaFeatures: loaded(settings.useBetaFeatures),
      revisionDelimiter: loaded(settings.revisionDelimiter),
      erpName: loaded(settings.erpName),
      defaultWarehouse: loaded({
        defaultWarehouseName: settings.defaultWarehouseName,
        defaultWarehouseCode: settings.defaultWarehouseCode,
      }),
      defaults: loaded({
        defaultMarginPct: settings.defaultMarginPct,
        currency: settings.baseCurrency,
        labourRate: settings.labourRate,
        wasteAllowancePct: settings.wasteAllowancePct,
        partNumberPattern: settings.partNumberPattern,
        workOrderNumberPattern: settings.workOrderNumberPattern,
        remnantLengthMm: settings.remnantLengthMm,
        hoseShelfLifeMonths: settings.hoseShelfLifeMonths,
        estimateNumberPattern: settings.estimateNumberPattern,
        estimateValidityDays: settings.estimateValidityDays,
        minimumCharge: settings.minimumCharge,
        targetMarginPct: settings.targetMarginPct,
        estimateTerms: settings.estimateTerms,
        shopAddress: settings.shopAddress,
        shopPhone: settings.shopPhone,
        shopEmail: settings.shopEmail,
        unitSystem: settings.unitSystem,
      }),
    },
  });
}

/** The ERP's icon name: the ERP name in lower case followed by 'Icon' ('SAP' -> 'sapIcon'); empty without one. */
export function erpIconOf(erpName: string | null | undefined): string {
  const name = (erpName ?? '').trim().toLowerCase();
  return name ? `${name}Icon` : '';
}

/** The settings screens read, with what each is while unknown. */
export interface ClientSettings {
  hasParker: boolean;
  hideInventory: boolean;
  useBetaFeatures: boolean;
  /** Between a part number and its revision in every title of an assembly or kit. */
  revisionDelimiter: string;
  /** The ERP's custom icon name (`erpIconOf`), empty when no ERP is named. */
  erpIcon: string;
  erpName: string;
  defaultWarehouseName: string;
  defaultWarehouseCode: string;
  /** Default margin, currency, labour rate, waste allowance, part-number pattern and units; null while unknown. */
  defaults: OrganizationDefaults | null;
}
export type ClientSettingName = keyof ClientSettings;

type Entries = OrganizationSettingsState['entries'];
const SETTINGS: {
  [K in ClientSettingName]: { source: SettingsSource; read: (e: Entries) => ClientSettings[K] };
} = {
  hasParker: { source: 'hasParker', read: (e) => e.hasParker.value ?? false },
  hideInventory: { source: 'hideInventory', read: (e) => e.hideInventory.value ?? false },
  useBetaFeatures: { source: 'useBetaFeatures', read: (e) => e.useBetaFeatures.value ?? false },
  revisionDelimiter: {
    source: 'revisionDelimiter',
    read: (e) => e.revisionDelimiter.value || DEFAULT_REVISION_DELIMITER,
  },
  erpIcon: { source: 'erpName', read: (e) => erpIconOf(e.erpName.value) },
  erpName: { source: 'erpName', read: (e) => e.erpName.value ?? '' },
  defaultWarehouseName: {
    source: 'defaultWarehouse',
    read: (e) => e.defaultWarehouse.value?.defaultWarehouseName ?? '',
  },
  defaultWarehouseCode: {
    source: 'defaultWarehouse',
    read: (e) => e.defaultWarehouse.value?.defaultWarehouseCode ?? '',
  },
  defaults: { source: 'defaults', read: (e) => e.defaults.value },
};

/** A setting as it is now (its default while unknown), without loading it. */
export function readOrganizationSetting<K extends ClientSettingName>(name: K): ClientSettings[K] {
  return SETTINGS[name].read(useOrganizationSettingsStore.getState().entries);
}

/**
 * A setting (its default while unknown). Each render of a screen showing it is a use: it loads the setting
 * when it is not cached. A clear does not load again by itself (on sign-out nothing should); an admin's save
 * fills the cache from its answer, so screens on show follow at once.
 */
export function useOrganizationSetting<K extends ClientSettingName>(
  name: K,
  { enabled = true }: { enabled?: boolean } = {},
): ClientSettings[K] {
  const { source, read } = SETTINGS[name];
  const value = useOrganizationSettingsStore((state) => read(state.entries));
  // Every render is a use (no dependency list): a cached value costs nothing, and a failed load is tried
  // again the next time the screen renders, until the cap.
  useEffect(() => {
    if (enabled) void accessOrganizationSetting(source);
  });
  return value;
}

/** Whether the organisation turned beta features on (nothing is gated on it yet). */
export const useBetaFeatures = () => useOrganizationSetting('useBetaFeatures');

/**
 * What answers change with the settings: titles of assemblies and kits (the server writes them with the
 * delimiter) and the search that shows them, units ('user' answers the units in force), the Parker catalogue
 * and default adaptor brand (components), default margin (customers), and the organisation's own reads.
 */
export const SETTINGS_DEPENDENT: readonly Resource[] = [
  'organization',
  'hoseAssemblies',
  'hoseKits',
  'search',
  'user',
  'components',
  'customers',
  'dashboard',
];

/**
 * An admin's change to the settings. On success the cache is cleared and filled from the answer (which
 * carries every setting), and every query whose answer depends on a setting is refreshed: no reload needed.
 */
export function useSaveOrganizationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: OrganizationUpdate) => updateSettings(change),
    onSuccess: (settings) => {
      clearOrganizationSettings();
      primeOrganizationSettings(settings);
      client.setQueryData(settingsKeys.all(), settings);
      void invalidate(client, SETTINGS_DEPENDENT);
    },
  });
}
