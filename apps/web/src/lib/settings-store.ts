import { create } from 'zustand';

/**
 * The settings. API mode (the app embedded in a parent page, acting for a customer with a token
 * handed over by the parent) arrives in a later issue; the fields are here so the API client already obeys them.
 */
export interface SettingsState {
  isApi: boolean;
  /** Sent as the `apicustomerid` header. */
  customerId: string;
  /** Set when an API-mode call fails with `details.apiFailed` (the parent is then asked for a token). */
  securityTokenExpired: boolean;
  /** The API-mode token and when it expires (epoch ms); unused outside API mode. */
  accessToken: string | null;
  accessTokenExpires: number | null;
  setSettings: (patch: Partial<Omit<SettingsState, 'setSettings'>>) => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  isApi: false,
  customerId: '',
  securityTokenExpired: false,
  accessToken: null,
  accessTokenExpires: null,
  setSettings: (patch) => set(patch),
}));
