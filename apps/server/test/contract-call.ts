/**
 * Calls an endpoint as a client would: its path with the parameters filled in, the query string, and a JSON
 * or multipart body, from an input shaped like the contract's example.
 */
import {
  type AnyEndpoint,
  type ExampleFile,
  type ExampleInput,
  exampleOf,
  exampleRefs,
  isMultipartBody,
  isPublicAccess,
  pathOf,
  receiveBillingWebhook,
} from '@hosewright/domain';
import type { LightMyRequestResponse } from 'fastify';
import { signWebhookPayload } from '../src/modules/billing/test-provider.ts';
import { FIXTURES } from './fixtures.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';
import { multipartBody } from './import-fixtures.ts';

export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function callEndpoint(
  t: TestApp,
  e: AnyEndpoint,
  input: ExampleInput,
  token: string | undefined,
): Promise<LightMyRequestResponse> {
  const url = `${pathOf(e, input.params)}${queryString(input.query)}`;
  const headers: Record<string, string> = token && !isPublicAccess(e.access) ? bearer(token) : {};
  if (isMultipartBody(e.body)) {
    const body = (input.body ?? {}) as { fields?: Record<string, string>; file?: ExampleFile };
    const form = multipartBody(
      body.fields ?? {},
      body.file && {
        field: e.body.fileField,
        name: body.file.fileName,
        type: body.file.contentType,
        content: Buffer.from(body.file.base64, 'base64'),
      },
    );
    return t.app.inject({
      method: e.method,
      url,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  }
  if (e.name === receiveBillingWebhook.name && t.config.STRIPE_WEBHOOK_SECRET) {
    // The payment provider's events are signed over the exact body (ADR 20): sign the example as it would.
    const payload = JSON.stringify(input.body ?? {});
    const signature = signWebhookPayload(
      payload,
      t.config.STRIPE_WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000),
    );
    return t.app.inject({
      method: e.method,
      url,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }
  return t.app.inject({
    method: e.method,
    url,
    headers,
    ...(e.method === 'POST' ? { payload: (input.body ?? {}) as Record<string, unknown> } : {}),
  });
}

/**
 * Creates, in `owner`'s organisation, every object the example of `e` refers to, in the order the example
 * names them; answers the ids by name. Each fixture sees the ids made so far, so a customer item is made
 * for the customer the example already named.
 */
export async function createRefs(
  t: TestApp,
  e: AnyEndpoint,
  owner: TestTenant,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const name of exampleRefs(e)) {
    const fixture = FIXTURES[name];
    if (!fixture) throw new Error(`${e.name}: no fixture for ref('${name}'); add one in test/fixtures.ts`);
    ids[name] = await fixture(t, owner, ids);
  }
  return ids;
}

/** The example of `e` with its refs taken from `ids`. */
export function exampleWith(e: AnyEndpoint, ids: Record<string, string>): ExampleInput {
  return exampleOf(e, (name) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`${e.name}: ref('${name}') was not created`);
    return id;
  });
}
