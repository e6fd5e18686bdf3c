/** Cross-tenant fixtures of the customers module (see fixtures.ts). */
import { componentInput } from './factories.ts';
import type { Fixture } from './fixtures.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';

async function postApi(
  t: TestApp,
  owner: TestTenant,
  url: string,
  payload: unknown,
): Promise<{ _id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: bearer(owner.adminToken),
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

let counter = 0;

/**
 * CAD among the owner's currencies (the `updateCustomer` example prices its customer in CAD, which must be
 * one of the organisation's); added to whatever the owner has.
 */
async function ensureCad(t: TestApp, owner: TestTenant): Promise<void> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/organization/currencies',
    headers: bearer(owner.adminToken),
  });
  if (res.statusCode !== 200) throw new Error(`fixture currencies: ${res.statusCode} ${res.body}`);
  const { baseCurrency, currencies } = res.json() as {
    baseCurrency: string;
    currencies: { code: string; rate: number }[];
  };
  if (baseCurrency === 'CAD' || currencies.some((c) => c.code === 'CAD')) return;
  await postApi(t, owner, 'organization/currencies/update', {
    currencies: [...currencies.map(({ code, rate }) => ({ code, rate })), { code: 'CAD', rate: 1.37 }],
  });
}

/** A customer of `owner` (a fresh account number each time), in the base currency; CAD is available. */
export const customerFixture: Fixture = async (t, owner) => {
  await ensureCad(t, owner);
  counter += 1;
  return (
    await postApi(t, owner, 'customer/new/update', {
      name: `Fixture Farms ${counter}`,
      accountNumber: `FX-${Date.now() % 100000}-${counter}`,
    })
  )._id;
};

export const CUSTOMER_FIXTURES: Record<string, Fixture> = {
  customerId: customerFixture,
  /** An item of the customer the example named first, or of a new one. */
  customerItemId: async (t, owner, ids) => {
    const customerId = ids?.customerId ?? (await customerFixture(t, owner));
    counter += 1;
    const component = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/otheritem/new/update',
      headers: bearer(owner.adminToken),
      payload: componentInput('otherItem') as unknown as Record<string, unknown>,
    });
    if (component.statusCode !== 200) throw new Error(`fixture component: ${component.body}`);
    return (
      await postApi(t, owner, `customer/${customerId}/item/new/update`, {
        customerPartNumber: `CP-${counter}`,
        targetType: 'component',
        targetId: component.json()._id,
        price: 12.5,
      })
    )._id;
  },
};
