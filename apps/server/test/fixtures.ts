/**
 * Objects the cross-tenant suite creates in organisation A, keyed by the route parameter name that takes
 * their id. A module that adds a route with a new `:param` adds its factory here; the suite fails and
 * names the parameter until it does.
 */
import { COMPONENT_KIND_INFO, type ComponentKind } from '@hosewright/domain';
import { notify } from '../src/modules/notifications/service.ts';
import { componentInput } from './factories.ts';
import { ASSEMBLY_FIXTURES } from './fixtures-assemblies.ts';
import { BILLING_FIXTURES } from './fixtures-billing.ts';
import { CUSTOMER_FIXTURES } from './fixtures-customers.ts';
import { ESTIMATE_FIXTURES } from './fixtures-estimates.ts';
import { INVENTORY_FIXTURES } from './fixtures-inventory.ts';
import { KIT_FIXTURES } from './fixtures-kits.ts';
import { PRICE_LIST_FIXTURES } from './fixtures-pricelists.ts';
import { WAREHOUSE_FIXTURES } from './fixtures-warehouses.ts';
import { WORK_ORDER_FIXTURES } from './fixtures-workorders.ts';
import { addMember, bearer, type TestApp, type TestTenant } from './helpers.ts';
import { importFixture, multipartBody } from './import-fixtures.ts';

/**
 * Makes one object in `owner`'s organisation and answers its id. `ids` holds the objects the same example
 * named before, so a fixture can make its object belong to them (an item of the example's customer).
 */
export type Fixture = (
  t: TestApp,
  owner: TestTenant,
  ids?: Readonly<Record<string, string>>,
) => Promise<string>;

export async function post(
  t: TestApp,
  owner: TestTenant,
  url: string,
  payload: unknown,
): Promise<{ _id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/organization/${url}`,
    headers: bearer(owner.adminToken),
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const component =
  (kind: ComponentKind): Fixture =>
  async (t, owner) =>
    (await post(t, owner, `${COMPONENT_KIND_INFO[kind].slug}/new/update`, componentInput(kind)))._id;

/** Secrets of the keys `apiKeyId` made, by key id (an answer shows a secret only once). */
const apiKeySecrets = new Map<string, string>();

export const FIXTURES: Record<string, Fixture> = {
  ...CUSTOMER_FIXTURES,
  ...ASSEMBLY_FIXTURES,
  ...KIT_FIXTURES,
  ...WAREHOUSE_FIXTURES,
  ...INVENTORY_FIXTURES,
  ...WORK_ORDER_FIXTURES,
  ...BILLING_FIXTURES,
  ...ESTIMATE_FIXTURES,
  ...PRICE_LIST_FIXTURES,
  hoseId: component('hose'),
  crimpFittingId: component('crimpFitting'),
  ferruleId: component('ferrule'),
  adaptorId: component('adaptor'),
  wrapId: component('wrap'),
  otherItemId: component('otherItem'),
  itemId: component('crimpFitting'),
  couplingSeriesId: async (t, owner) =>
    (await post(t, owner, 'couplingseries/new/update', { code: `S${Date.now() % 100000}`, brand: 'ACME' }))
      ._id,
  crimpSpecId: async (t, owner) => {
    const hoseId = await component('hose')(t, owner);
    return (
      await post(t, owner, 'crimpspec/new/update', {
        hoseId,
        fittingSeries: 'AC',
        crimpOdMm: 24.4,
        toleranceMm: 0.2,
        die: 'D-24',
      })
    )._id;
  },
  importId: importFixture,
  invitationId: async (t, owner) =>
    (
      await post(t, owner, 'users/invite', {
        email: `invitee-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
        role: 'regular',
      })
    )._id,
  userId: (t, owner) =>
    addMember(
      t,
      owner.organizationId,
      'regular',
      `member-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    ),
  apiKeyId: async (t, owner) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/apikeys',
      headers: bearer(owner.adminToken),
      payload: { name: 'Fixture ERP', role: 'regular' },
    });
    if (res.statusCode !== 201) throw new Error(`fixture apikeys: ${res.statusCode} ${res.body}`);
    const created = res.json() as { key: { _id: string }; clientSecret: string };
    apiKeySecrets.set(created.key._id, created.clientSecret);
    return created.key._id;
  },
  /** The secret of the key the same example named (`apiKeyId`): the token exchange sends both. */
  apiKeySecret: async (_t, _owner, ids) => {
    const secret = ids?.apiKeyId ? apiKeySecrets.get(ids.apiKeyId) : undefined;
    if (!secret) throw new Error("fixture apiKeySecret: the example names ref('apiKeyId') first");
    return secret;
  },
  pendingItemId: async (t, owner) =>
    (await post(t, owner, 'pendingitems/create', componentInput('otherItem')))._id,
  /** A hose of `owner` with a picture (a picture is only for an object of the organisation). */
  objectId: async (t, owner) => {
    const objectId = await component('hose')(t, owner);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const body = multipartBody({}, { name: 'a.png', content: png });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/image/${objectId}`,
      headers: { ...bearer(owner.adminToken), ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(`fixture image: ${res.statusCode} ${res.body}`);
    return objectId;
  },
  notificationId: async (t, owner) => {
    await notify(t.database, {
      organizationId: owner.organizationId,
      userId: owner.adminId,
      status: 2,
      description: 'Fixture notification',
      url: 'dashboard',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?itemsPerPage=1',
      headers: bearer(owner.adminToken),
    });
    if (res.statusCode !== 200) throw new Error(`fixture notification: ${res.statusCode} ${res.body}`);
    return (res.json() as { items: { id: string }[] }).items[0]!.id;
  },
};
