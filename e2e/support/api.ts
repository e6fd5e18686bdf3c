/**
 * The API as the user a page signed in as (the SPA keeps the access token in the `accessToken` cookie), for
 * a journey's setup and its checks. The page and the server come from `beforeAll`, hence the getters.
 */
import type { BrowserContext } from 'playwright-core';
import type { Session } from './browser.ts';
import { eventually, need } from './journey.ts';
import type { RunningServer } from './server.ts';

/**
 * The access token the SPA keeps in the `accessToken` cookie. Sign-in returns once the SPA's URL settles,
 * which can be just before the SPA has stored the token, so this waits for it.
 */
export async function accessToken(context: BrowserContext): Promise<string> {
  const read = async () => (await context.cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
  const token = await eventually('the access token cookie after signing in', read, (v) => v !== '');
  return token;
}

export function apiAs(session: () => Session | undefined, server: () => RunningServer | undefined) {
  async function apiCall<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
    const signedIn = need(session(), 'The signed-in page');
    const token = await accessToken(signedIn.context);
    const res = await fetch(`${need(server(), 'The server').baseUrl}/api/v1/${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** The id of a part of the demo catalogue. */
  async function partId(partNumber: string): Promise<string> {
    const page = await apiCall<{ items: { _id: string; partNumber: string }[] }>(
      'GET',
      `organization/items?q=${encodeURIComponent(partNumber)}&itemsPerPage=50`,
    );
    const found = page.items.find((i) => i.partNumber === partNumber);
    if (!found) throw new Error(`${partNumber} is not in the demo catalogue`);
    return found._id;
  }

  return { apiCall, partId };
}
