/**
 * Generated over every registered contract: its example, sent by an admin of an enterprise organisation
 * that owns the objects the example names, succeeds with the contract's status. Every answer is checked
 * against the contract's response schema by the app itself (tests run with `validateResponses`), so this
 * reaches every route with a valid input and proves what it answers. A new contract is covered here
 * without anyone listing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, createRefs, exampleWith } from './contract-call.ts';
import { createTenant, createTestApp, mintToken, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

describe('every contract answers its own example', () => {
  let owner: TestTenant;
  beforeAll(async () => {
    owner = await createTenant(t, { tier: 'enterprise', name: 'Example Hydraulics' });
  });

  it('has contracts to call', () => {
    expect(t.contracts.length).toBeGreaterThan(20);
  });

  it.each(t.contracts.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const ids = await createRefs(t, e, owner);
    // A token of its own: the sign-out example ends the session of the token it is sent with.
    const token = await mintToken(t, { userId: owner.adminId, organizationId: owner.organizationId });
    const res = await callEndpoint(t, e, exampleWith(e, ids), token);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(e.status ?? 200);
  });
});
