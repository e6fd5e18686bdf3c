/**
 * The update check: after login and every `VERSION_CHECK_INTERVAL_MS` the app reads `GET /version.json`;
 * when the server's version is more than `UPDATE_TOLERANCE_MS` newer than the running one it asks to update.
 * Accepting stores the new version (local storage `appVersion`, Unix seconds) and reloads; declining snoozes
 * the question for `UPDATE_DECLINE_SNOOZE_MS`. Failed checks are ignored: the next one will tell.
 */
import { UPDATE_DECLINE_SNOOZE_MS, UPDATE_TOLERANCE_MS, VERSION_CHECK_INTERVAL_MS } from '@hosewright/domain';
import { useCallback, useEffect, useState } from 'react';
import { BUILD_VERSION } from './app-version';
import { updateServiceWorker } from './service-worker';

export const APP_VERSION_KEY = 'appVersion';
export const UPDATE_DECLINED_KEY = 'appVersionDeclinedAt';

function readNumber(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeNumber(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Private mode: the version lives only as long as the page.
  }
}

/** The version this page runs: the stored one, or this bundle's build time if that is newer. */
export function runningVersion(): number {
  return Math.max(readNumber(APP_VERSION_KEY), BUILD_VERSION);
}

/** Remember the running version (on start, and the server's version when an update is accepted). */
export function storeAppVersion(version: number): void {
  writeNumber(APP_VERSION_KEY, version);
}

/** Offered only when the server's version is more than `UPDATE_TOLERANCE_MS` newer (Unix seconds). */
export function isUpdateNewer(serverVersion: number, running: number): boolean {
  return (serverVersion - running) * 1000 > UPDATE_TOLERANCE_MS;
}

/** Declined less than an hour ago. */
export function isUpdateSnoozed(now = Date.now()): boolean {
  const declinedAt = readNumber(UPDATE_DECLINED_KEY);
  return declinedAt > 0 && now - declinedAt < UPDATE_DECLINE_SNOOZE_MS;
}

/** The server's version, or null when the check fails. */
export async function fetchServerVersion(): Promise<number | null> {
  try {
    const response = await fetch('/version.json', {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'number' && Number.isFinite(body.version) ? body.version : null;
  } catch {
    return null;
  }
}

/** The page reload, behind an object so tests can watch it. */
export const pageReloader = {
  reload: () => window.location.reload(),
};

export interface UpdateCheck {
  /** The newer server version on offer, or null. */
  offeredVersion: number | null;
  isUpdating: boolean;
  accept: () => Promise<void>;
  decline: () => void;
}

/** Runs the checks while `enabled` (signed in with a ready session). */
export function useUpdateCheck(enabled: boolean): UpdateCheck {
  const [offeredVersion, setOfferedVersion] = useState<number | null>(null);
  const [isUpdating, setUpdating] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    if (readNumber(APP_VERSION_KEY) < BUILD_VERSION) storeAppVersion(BUILD_VERSION);
    let isCancelled = false;
    const check = async () => {
      if (isUpdateSnoozed()) return;
      const server = await fetchServerVersion();
      if (isCancelled || server === null || isUpdateSnoozed()) return;
      if (isUpdateNewer(server, runningVersion())) setOfferedVersion(server);
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    return () => {
      isCancelled = true;
      clearInterval(timer);
    };
  }, [enabled]);

  const accept = useCallback(async () => {
    if (offeredVersion === null) return;
    storeAppVersion(offeredVersion);
    setUpdating(true);
    await updateServiceWorker();
    pageReloader.reload();
  }, [offeredVersion]);

  const decline = useCallback(() => {
    writeNumber(UPDATE_DECLINED_KEY, Date.now());
    setOfferedVersion(null);
  }, []);

  return { offeredVersion, isUpdating, accept, decline };
}
