/** The terms of service (`organization/terms.ts`): accepted once per organisation, by an admin. */
import { acceptTerms, hasAcceptedTerms } from '@hosewright/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp } from './helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());

const accepted = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: hasAcceptedTerms.path, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as boolean;
};
const accept = (token: string) =>
  t.app.inject({ method: 'POST', url: acceptTerms.path, headers: bearer(token), payload: {} });

describe('the terms of service', () => {
  it('are accepted by an admin for the whole organisation, and by nobody else', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const other = await createTenant(t, { tier: 'trial' });
    expect([await accepted(shop.adminToken), await accepted(shop.regularToken)]).toEqual([false, false]);

    const refused = await accept(shop.regularToken);
    expect(refused.statusCode).toBe(403);
    expect(await accepted(shop.adminToken)).toBe(false);

    expect((await accept(shop.adminToken)).json()).toEqual({ ok: true });
    expect((await accept(shop.adminToken)).statusCode).toBe(200);
    expect([await accepted(shop.adminToken), await accepted(shop.regularToken)]).toEqual([true, true]);
    expect(await accepted(other.adminToken)).toBe(false);
  });
});
