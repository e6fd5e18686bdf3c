import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Reply =
  | { status?: number; body?: unknown }
  | ((call: RecordedCall) => { status?: number; body?: unknown });

/**
 * Stubs `fetch` for calls to our own server in unit tests only: `'POST /api/v1/sessions/create'` -> reply.
 * Unknown calls answer 404 so a missing stub shows up as a failure, not a hang.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost:3000',
    );
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = typeof route === 'function' ? route(call) : route;
    const status = reply?.status ?? (reply ? 200 : 404);
    const body = reply
      ? reply.body
      : { statusCode: 404, code: 'NOT_FOUND', message: `No stub for ${call.method} ${call.path}` };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
