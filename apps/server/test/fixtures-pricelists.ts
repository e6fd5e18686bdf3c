/**
 * Contract example fixtures of price lists (see fixtures.ts). `priceListId` is a list of the owner (an
 * enterprise tenant) with a version in force today holding a price for a component, and a draft repricing it,
 * so the examples that review, publish, discard and remove from the draft have one. `componentId` named after
 * it is that component; named alone, a new crimp fitting.
 */
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
  if (res.statusCode !== 200 && res.statusCode !== 201) {
    throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.json();
}

const newComponent: Fixture = async (t, owner) =>
  (await postApi(t, owner, 'organization/crimpfitting/new/update', componentInput('crimpFitting')))._id;

/** The component each fixture list prices, by list id. */
const pricedComponent = new Map<string, string>();
let counter = 0;

export const priceListFixture: Fixture = async (t, owner) => {
  counter += 1;
  const componentId = await newComponent(t, owner);
  const list = await postApi(t, owner, 'pricelists/create', {
    name: `Fixture prices ${Date.now() % 100000}-${counter}`,
    description: 'Fixture list',
  });
  const item = (unitPrice: number) => ({
    itemType: 'component',
    itemId: componentId,
    unitPrice,
    breaks: [{ minQuantity: 10, unitPrice: unitPrice - 50 }],
  });
  await postApi(t, owner, `pricelist/${list._id}/draft/items`, item(900));
  await postApi(t, owner, `pricelist/${list._id}/draft/publish`, {
    effectiveFrom: new Date().toISOString().slice(0, 10),
  });
  await postApi(t, owner, `pricelist/${list._id}/draft/items`, item(950));
  pricedComponent.set(list._id, componentId);
  return list._id;
};

export const PRICE_LIST_FIXTURES: Record<string, Fixture> = {
  priceListId: priceListFixture,
  componentId: async (t, owner, ids) => {
    const priced = ids?.priceListId ? pricedComponent.get(ids.priceListId) : undefined;
    return priced ?? newComponent(t, owner);
  },
};
