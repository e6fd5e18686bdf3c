/**
 * The API as the user a page signed in as (the SPA keeps the access token in the `accessToken` cookie), for
 * a journey's setup and its checks. The page and the server come from `beforeAll`, hence the getters.
 */
import type { Session } from './browser.ts';
import { need } from './journey.ts';
import type { RunningServer } from './server.ts';

export function apiAs(session: () => Session | undefined, server: () => RunningServer | undefined) {
  async function apiCall<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
    const signedIn = need(session(), 'The signed-in page');
    const token = (await signedIn.context.cookies()).find((c) => c.name === 'accessToken')?.value;
    if (!token) throw new Error('No access token cookie after signing in');
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
