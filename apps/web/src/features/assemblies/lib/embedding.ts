/**
 * API mode: the configurator embedded in a parent page. The parent posts its settings (the
 * access token, its expiry and the customer the page acts for); the app keeps them in the settings store,
 * which the API client already obeys (bearer from settings, `apicustomerid` header). When the token is
 * missing, expired or refused (401), the app posts `{ type: 'securityTokenExpired' }` to the parent, which
 * answers with fresh settings.
 */
import { useSettingsStore } from '@/lib/settings-store';

/** What the parent posts: `{ type: 'settings', accessToken, expiresAt | expiresIn, customerId }`. */
export interface EmbedSettingsMessage {
  type: 'settings';
  accessToken: string;
  /** Epoch milliseconds or an ISO date. */
  expiresAt?: number | string;
  /** Seconds from now (as an OAuth token response says it). */
  expiresIn?: number;
  customerId?: string;
}

export const READY_MESSAGE = { type: 'configuratorReady' } as const;
export const TOKEN_EXPIRED_MESSAGE = { type: 'securityTokenExpired' } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a settings message; anything else (other apps' messages, bad shapes) is null. */
export function parseSettingsMessage(
  data: unknown,
  now = Date.now(),
): {
  accessToken: string;
  accessTokenExpires: number | null;
  customerId: string;
} | null {
  const record =
    isRecord(data) && data.type === 'settings' ? (isRecord(data.settings) ? data.settings : data) : null;
  if (!record || typeof record.accessToken !== 'string' || !record.accessToken) return null;
  let expires: number | null = null;
  if (typeof record.expiresAt === 'number') expires = record.expiresAt;
  else if (typeof record.expiresAt === 'string' && !Number.isNaN(Date.parse(record.expiresAt))) {
    expires = Date.parse(record.expiresAt);
  } else if (typeof record.expiresIn === 'number') expires = now + record.expiresIn * 1000;
  return {
    accessToken: record.accessToken,
    accessTokenExpires: expires,
    customerId: typeof record.customerId === 'string' ? record.customerId : '',
  };
}

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** Like the API client, posts to `window.parent` even when not framed (then it is the window itself). */
export function postToParent(message: Record<string, unknown>): void {
  window.parent?.postMessage(message, '*');
}

/** Applies a parent's settings message to the store: API mode on, token and customer in place. */
export function applySettingsMessage(event: MessageEvent): boolean {
  if (isEmbedded() && event.source !== window.parent) return false;
  const settings = parseSettingsMessage(event.data);
  if (!settings) return false;
  useSettingsStore.getState().setSettings({ isApi: true, securityTokenExpired: false, ...settings });
  return true;
}
