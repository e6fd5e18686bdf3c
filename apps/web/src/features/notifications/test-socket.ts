import type { AppNotification } from '@hosewright/domain';
import { vi } from 'vitest';
import { type NotificationSocket, type SocketFactory, setSocketFactory } from './lib/notifications-socket';

type Handler = (...args: unknown[]) => void;

/** A stand-in for a socket.io client socket: records what the app emits, lets a test play the server. */
export class FakeSocket {
  readonly handlers = new Map<string, Handler[]>();
  readonly emitted: unknown[][] = [];
  active = true;
  readonly connect = vi.fn(() => this);
  readonly disconnect = vi.fn(() => this);
  readonly removeAllListeners = vi.fn(() => {
    this.handlers.clear();
    return this;
  });

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    return this;
  }

  /** The server (or socket.io) sends `event`. */
  receive(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  /** What the `auth` option hands socket.io for the next connection attempt. */
  async auth(): Promise<unknown> {
    const auth = this.options.auth as (send: (data: object) => void) => void;
    return new Promise((resolve) => auth(resolve));
  }
}

/** Every socket the app opens while installed; call `restore` after. */
export function installFakeSockets() {
  const sockets: FakeSocket[] = [];
  const factory = vi.fn((options: Record<string, unknown>) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket as unknown as NotificationSocket;
  });
  setSocketFactory(factory as unknown as SocketFactory);
  return { sockets, factory, restore: () => setSocketFactory(null) };
}

/** An unsigned token whose payload names the organisation (the client only reads `org_id`). */
export function tokenFor(orgId: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode({ sub: 'user-1', org_id: orgId })}.sig`;
}

export function createNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n-1',
    status: 2,
    description: 'Imported 12 hoses: 12 new, 0 updated.',
    url: 'components/import?log=imp-1',
    viewStatus: 1,
    createdAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  };
}
