import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, updateServiceWorker } from './service-worker';

/** A stand-in for the browser's service worker container (jsdom has none). */
function fakeContainer(registration: unknown) {
  const container = {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

function fakeWorker(state: ServiceWorkerState) {
  const worker = Object.assign(new EventTarget(), {
    state,
    postMessage: vi.fn((message: unknown) => {
      if ((message as { type?: string }).type === 'SKIP_WAITING') {
        worker.state = 'activated';
        worker.dispatchEvent(new Event('statechange'));
      }
    }),
  });
  return worker;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('service worker', () => {
  it('registers /service-worker.js once the page has loaded', () => {
    const container = fakeContainer({});
    registerServiceWorker();
    expect(document.readyState).toBe('complete');
    expect(container.register).toHaveBeenCalledWith('/service-worker.js');
  });

  it('before an update reload, asks the waiting worker to take over and waits until it has', async () => {
    const waiting = fakeWorker('installed');
    const registration = { update: vi.fn(async () => {}), installing: null, waiting };
    fakeContainer(registration);
    await updateServiceWorker(1000);
    expect(registration.update).toHaveBeenCalled();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(waiting.state).toBe('activated');
  });

  it('does nothing without a registration, and never throws', async () => {
    fakeContainer(undefined);
    await expect(updateServiceWorker(10)).resolves.toBeUndefined();
    const broken = {
      update: vi.fn(async () => Promise.reject(new Error('offline'))),
      installing: null,
      waiting: null,
    };
    fakeContainer(broken);
    await expect(updateServiceWorker(10)).resolves.toBeUndefined();
  });
});
