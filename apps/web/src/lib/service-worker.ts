/**
 * The offline service worker, registered from `/service-worker.js` once a user's session is ready
 * (`useSessionSync`), after the page has loaded. vite-plugin-pwa
 * generates it at build time (precached app shell, index.html for navigations); there is none in development.
 */
export const SERVICE_WORKER_URL = '/service-worker.js';

function isSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers the worker once the page has loaded, so it never competes with the first render. */
export function registerServiceWorker(): void {
  if (!isSupported()) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Without a worker the app still works online; nothing to tell the user.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Resolves once `worker` reaches one of `states` (or after `timeoutMs`). */
function reached(
  worker: ServiceWorker,
  states: readonly ServiceWorkerState[],
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      worker.removeEventListener('statechange', check);
      resolve();
    }
    function check() {
      if (states.includes(worker.state) || worker.state === 'redundant') done();
    }
    worker.addEventListener('statechange', check);
    check();
  });
}

/**
 * Before reloading into a new version: fetch the new worker, let it finish installing, ask it to take over
 * (a new worker waits until then; see vite.config.ts) and wait until it has, each step at most `timeoutMs`,
 * so the reload is served the new app shell rather than the cached old one.
 */
export async function updateServiceWorker(timeoutMs = 5000): Promise<void> {
  if (!isSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return;
    await registration.update();
    const installing = registration.installing;
    if (installing) await reached(installing, ['installed', 'activated'], timeoutMs);
    const waiting = registration.waiting;
    if (!waiting) return;
    const activated = reached(waiting, ['activated'], timeoutMs);
    waiting.postMessage({ type: 'SKIP_WAITING' });
    await activated;
  } catch {
    // An update that cannot be fetched now is picked up on a later load.
  }
}
