/**
 * Customers and their items through the real app: create and edit, the list's paging, sort and search, the
 * plan's customer limit, roles, tenant isolation, customer items pointing at our own things, global search.
 */
import { PLANS } from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, hoseAssemblies, hoseKits, subscriptions } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

describe('customers', () => {
  let t: TestApp;
  let shop: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'professional', name: 'Prairie Hose' });
    other = await createTenant(t, { tier: 'professional', name: 'Other Hose' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = shop.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  const post = (url: string, payload: unknown, token = shop.adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  async function create(payload: Record<string, unknown>, tenant = shop, token = tenant.adminToken) {
    const res = await post('customer/new/update', payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { _id: string } & Record<string, unknown>;
  }

  const customerCount = (organizationId: string) =>
    t.database.withTenant(organizationId, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(customers)
        .where(eq(customers.organizationId, organizationId));
      return row?.n ?? 0;
    });

  describe('create and edit', () => {
    it('creates a customer with contacts, addresses and terms, with defaults for the rest', async () => {
      const created = await create({
        name: 'Red Deer Excavating',
        domain: 'https://www.RedDeerEx.ca/',
        accountNumber: 'RDX-100',
        contacts: [
          { name: 'Pat Buyer', role: 'Purchasing', email: 'pat@reddeerex.ca', phone: '403-555-0100' },
        ],
        billingAddress: {
          line1: '1 Main St',
          city: 'Red Deer',
          region: 'AB',
          postalCode: 'T4N 1A1',
          country: 'Canada',
        },
        marginPct: 35,
        discountPct: 5,
        productGroupTerms: [{ productGroup: 'Hose', marginPct: 40 }],
      });
      expect(created).toMatchObject({
        name: 'Red Deer Excavating',
        domain: 'reddeerex.ca',
        accountNumber: 'RDX-100',
        currency: 'USD', // the base currency when none is given
        active: true,
        taxExempt: false,
        marginPct: 35,
        discountPct: 5,
        shippingAddress: null,
        contacts: [
          { name: 'Pat Buyer', role: 'Purchasing', email: 'pat@reddeerex.ca', phone: '403-555-0100' },
        ],
        productGroupTerms: [{ productGroup: 'Hose', marginPct: 40 }],
      });
      expect(created.billingAddress).toMatchObject({ line1: '1 Main St', line2: '', city: 'Red Deer' });
      const res = await get(`customer/${created._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    });

    it('refuses a missing name, a bad email and a margin of 100%, each with a message', async () => {
      const noName = await post('customer/new/update', { name: '  ' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe('Enter the customer’s name');
      const badEmail = await post('customer/new/update', {
        name: 'X',
        contacts: [{ name: 'A', email: 'not-an-email' }],
      });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().details.issues[0]).toEqual({
        path: ['contacts', 0, 'email'],
        message: 'Enter an email such as buyer@acme.com',
      });
      const margin = await post('customer/new/update', { name: 'X', marginPct: 100 });
      expect(margin.json().message).toBe('The margin must be below 100%');
    });

    it('updates in place and refuses an account number another customer has', async () => {
      const a = await create({ name: 'Alpha Ag', accountNumber: 'AA-1' });
      await create({ name: 'Beta Build', accountNumber: 'BB-1' });
      const updated = await post(`customer/${a._id}/update`, {
        name: 'Alpha Agriculture',
        accountNumber: 'AA-1',
        active: false,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ _id: a._id, name: 'Alpha Agriculture', active: false });
      const clash = await post(`customer/${a._id}/update`, { name: 'Alpha', accountNumber: 'bb-1' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(
        'Account number bb-1 already belongs to Beta Build. Use another account number.',
      );
      const dup = await post('customer/new/update', { name: 'Gamma', accountNumber: 'AA-1' });
      expect(dup.statusCode).toBe(409);
    });

    it('answers 404 for an id that is not a uuid or does not exist', async () => {
      expect((await get('customer/nope')).statusCode).toBe(404);
      const missing = await get('customer/00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('This customer was not found');
    });
  });

  describe('the list', () => {
    let tenant: TestTenant;
    beforeAll(async () => {
      tenant = await createTenant(t, { tier: 'enterprise' });
      const names = ['Delta Drilling', 'acme Ag', 'Bravo Forestry', 'Charlie Cranes', 'Echo Energy'];
      for (const [i, name] of names.entries()) {
        await create(
          { name, accountNumber: `L-${i}`, domain: i === 3 ? 'charliecranes.com' : '', active: i !== 4 },
          tenant,
        );
      }
    });

    it('pages and sorts by name, case-insensitively', async () => {
      const first = await get('customers?itemsPerPage=2', tenant.adminToken);
      expect(first.json()).toMatchObject({ total: 5, page: 1 });
      expect(first.json().items.map((c: { name: string }) => c.name)).toEqual(['acme Ag', 'Bravo Forestry']);
      const third = await get('customers?itemsPerPage=2&page=3', tenant.adminToken);
      expect(third.json().items.map((c: { name: string }) => c.name)).toEqual(['Echo Energy']);
      const desc = await get('customers?sort=accountNumber&order=desc&itemsPerPage=1', tenant.adminToken);
      expect(desc.json().items[0].accountNumber).toBe('L-4');
    });

    it('searches name, domain and account number, and filters by active', async () => {
      const names = async (query: string) =>
        ((await get(`customers?${query}`, tenant.adminToken)).json().items as { name: string }[]).map(
          (c) => c.name,
        );
      expect(await names('q=FORESTRY')).toEqual(['Bravo Forestry']);
      expect(await names('q=charliecranes.com')).toEqual(['Charlie Cranes']);
      expect(await names('q=l-0')).toEqual(['Delta Drilling']);
      expect(await names('active=false')).toEqual(['Echo Energy']);
      expect(await names('searchText=FORESTRY')).toEqual(['Bravo Forestry']);
    });

    it('is lenient: an unknown sort is by name, page 0 is page 1, a page size above 500 is 500, any-case order', async () => {
      const list = async (query: string) => (await get(`customers?${query}`, tenant.adminToken)).json();
      const byName = ['acme Ag', 'Bravo Forestry', 'Charlie Cranes', 'Delta Drilling', 'Echo Energy'];
      const unknownSort = await list('sort=colour');
      expect(unknownSort.items.map((c: { name: string }) => c.name)).toEqual(byName);
      expect(await list('page=0&itemsPerPage=1')).toMatchObject({ page: 1, items: [{ name: 'acme Ag' }] });
      expect((await list('itemsPerPage=9999')).items).toHaveLength(5);
      const desc = await list('order=DESC&itemsPerPage=1');
      expect(desc.items[0].name).toBe('Echo Energy');
    });
  });

  describe('plan limit', () => {
    it('a trial at 25 customers gets a message naming the limit and the upgrade link; nothing is created', async () => {
      const trial = await createTenant(t, { tier: 'trial' });
      expect(PLANS.trial.maxCustomers).toBe(25);
      await t.database.withTenant(trial.organizationId, (tx) =>
        tx.insert(customers).values(
          Array.from({ length: 25 }, (_, i) => ({
            organizationId: trial.organizationId,
            name: `Seed ${i}`,
          })),
        ),
      );
      const res = await post('customer/new/update', { name: 'One too many' }, trial.regularToken);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'LIMIT_REACHED',
        message: 'Your plan allows 25 customers and you have 25. Upgrade your subscription to add more.',
        details: { limit: 'maxCustomers', max: 25, count: 25, upgradeUrl: '/upgradesubscription' },
      });
      expect(await customerCount(trial.organizationId)).toBe(25);
      // Editing an existing customer is not adding one.
      const list = await get('customers?itemsPerPage=1', trial.adminToken);
      const first = list.json().items[0];
      const edit = await post(`customer/${first._id}/update`, { name: 'Seed renamed' }, trial.adminToken);
      expect(edit.statusCode, edit.body).toBe(200);
      // A higher limit lets the next one in.
      await t.database.withTenant(trial.organizationId, (tx) =>
        tx
          .update(subscriptions)
          .set({ maxCustomers: 26 })
          .where(eq(subscriptions.organizationId, trial.organizationId)),
      );
      expect((await post('customer/new/update', { name: 'Now fits' }, trial.adminToken)).statusCode).toBe(
        200,
      );
    });
  });

  describe('roles and tenants', () => {
    it('lets a regular member create and edit but not delete; an admin deletes', async () => {
      const c = await create({ name: 'Regular Made' }, shop, shop.regularToken);
      expect(
        (await post(`customer/${c._id}/update`, { name: 'Regular Edited' }, shop.regularToken)).statusCode,
      ).toBe(200);
      const refused = await post(`customer/${c._id}/delete`, {}, shop.regularToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Cannot access this resource');
      const deleted = await post(`customer/${c._id}/delete`, {});
      expect(deleted.statusCode).toBe(200);
      expect((await get(`customer/${c._id}`)).statusCode).toBe(404);
    });

    it('answers another organisation exactly as for a missing customer, and its list does not show ours', async () => {
      const c = await create({ name: 'Private Pipelines', accountNumber: 'PP-1' });
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const [method, url] of [
        ['GET', `customer/${c._id}`],
        ['POST', `customer/${c._id}/update`],
        ['POST', `customer/${c._id}/delete`],
        ['GET', `customer/${c._id}/items`],
      ] as const) {
        const call = (id: string) =>
          method === 'GET'
            ? get(url.replace(c._id, id), other.adminToken)
            : post(url.replace(c._id, id), { name: 'Hijack' }, other.adminToken);
        const foreign = await call(c._id);
        const none = await call(missing);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).toBe(none.body);
      }
      const theirs = await get('customers?q=private', other.adminToken);
      expect(theirs.json()).toMatchObject({ items: [], total: 0 });
      // Their own account number PP-1 is free: uniqueness is per organisation.
      await create({ name: 'Their PP', accountNumber: 'PP-1' }, other);
      expect((await get(`customer/${c._id}`)).json().name).toBe('Private Pipelines');
    });
  });

  describe('customer items', () => {
    let customerId: string;
    let componentId: string;
    let assemblyId: string;
    let kitId: string;

    beforeAll(async () => {
      customerId = (await create({ name: 'Items Inc', accountNumber: 'IT-1' }))._id;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/organization/hose/new/update',
        headers: bearer(shop.adminToken),
        payload: componentInput('hose', {
          partNumber: 'OUR-HOSE-08',
          description: 'Our 2SN -8 hose',
        }) as never,
      });
      expect(res.statusCode, res.body).toBe(200);
      componentId = res.json()._id;
      [assemblyId, kitId] = await t.database.withTenant(shop.organizationId, async (tx) => {
        const [a] = await tx
          .insert(hoseAssemblies)
          .values({
            organizationId: shop.organizationId,
            partNumber: 'HA-100',
            revision: 'A',
            spec: {},
            description: 'Loader lift line',
          })
          .returning({ id: hoseAssemblies.id });
        const [k] = await tx
          .insert(hoseKits)
          .values({
            organizationId: shop.organizationId,
            partNumber: 'KIT-7',
            revision: 'A',
            description: 'Loader kit',
          })
          .returning({ id: hoseKits.id });
        return [a!.id, k!.id];
      });
    });

    it('maps their part numbers to our component, assembly and kit, by id or by our part number', async () => {
      const byId = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'THEIR-001',
        targetType: 'component',
        targetId: componentId,
        price: 42.5,
      });
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json()).toMatchObject({
        customerPartNumber: 'THEIR-001',
        targetType: 'component',
        targetId: componentId,
        targetPartNumber: 'OUR-HOSE-08',
        targetDescription: 'Our 2SN -8 hose',
        price: 42.5,
      });
      const byPart = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'THEIR-002',
        targetType: 'hoseAssembly',
        targetPartNumber: 'ha-100',
      });
      expect(byPart.json()).toMatchObject({ targetId: assemblyId, targetPartNumber: 'HA-100', price: null });
      const kit = await post(
        `customer/${customerId}/item/new/update`,
        { customerPartNumber: 'THEIR-003', targetType: 'hoseKit', targetId: kitId, price: 300 },
        shop.regularToken,
      );
      expect(kit.statusCode, kit.body).toBe(200);
      const list = await get(`customer/${customerId}/items`);
      expect(list.json().total).toBe(3);
      expect(list.json().items.map((i: { customerPartNumber: string }) => i.customerPartNumber)).toEqual([
        'THEIR-001',
        'THEIR-002',
        'THEIR-003',
      ]);
      expect(list.json().items[2].targetDescription).toBe('Loader kit');
      const reversed = await get(`customer/${customerId}/items?order=desc&searchText=their`);
      expect(reversed.json().items.map((i: { customerPartNumber: string }) => i.customerPartNumber)).toEqual([
        'THEIR-003',
        'THEIR-002',
        'THEIR-001',
      ]);

      // Edit the price, then delete.
      const edited = await post(`customer/${customerId}/item/${kit.json()._id}/update`, {
        customerPartNumber: 'THEIR-003',
        targetType: 'hoseKit',
        targetId: kitId,
        price: 280,
      });
      expect(edited.json().price).toBe(280);
      expect((await post(`customer/${customerId}/item/${kit.json()._id}/delete`, {})).statusCode).toBe(200);
      expect((await get(`customer/${customerId}/items`)).json().total).toBe(2);
    });

    it('refuses a target that does not exist here, a wrong type, and a duplicate part number', async () => {
      const missing = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'X-1',
        targetType: 'component',
        targetPartNumber: 'NO-SUCH-PART',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(
        'No component has part number NO-SUCH-PART. Check the part number.',
      );
      // The component's id given as an assembly.
      const wrongType = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'X-2',
        targetType: 'hoseAssembly',
        targetId: componentId,
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe(
        'The hose assembly chosen was not found. Choose one of your hose assemblies.',
      );
      const none = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'X-3',
        targetType: 'component',
      });
      expect(none.json().message).toBe('Choose our item this part number stands for');
      const dup = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'their-001',
        targetType: 'component',
        targetId: componentId,
      });
      expect(dup.statusCode).toBe(409);

      // Another organisation's component is not ours to point at.
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/v1/organization/otheritem/new/update',
        headers: bearer(other.adminToken),
        payload: componentInput('otherItem') as never,
      });
      const foreign = await post(`customer/${customerId}/item/new/update`, {
        customerPartNumber: 'X-4',
        targetType: 'component',
        targetId: theirs.json()._id,
      });
      expect(foreign.statusCode).toBe(400);
    });
  });

  describe('global search', () => {
    it('finds customers by name, domain and account number: title name, subtitle domain, url customer/{id}', async () => {
      const tenant = await createTenant(t, { tier: 'trial' });
      const mine = await create(
        { name: 'Summit Hydraulic Services', domain: 'summithyd.com', accountNumber: 'SUM-9' },
        tenant,
      );
      await create({ name: 'Summitview Farms' }, tenant);
      await create({ name: 'Summit Hydraulic Services' }, other);
      const search = async (text: string) =>
        (await get(`search?searchText=${encodeURIComponent(text)}`, tenant.regularToken)).json();
      const found = await search('summit');
      expect(found.total).toBe(2);
      expect(found.items[0]).toEqual({
        url: `customer/${mine._id}`,
        objectType: 'customer',
        name: 'Summit Hydraulic Services',
        domain: 'summithyd.com',
      });
      expect(found.items[1]).toMatchObject({ name: 'Summitview Farms', domain: '' });
      expect((await search('summithyd.com')).items.map((i: { name: string }) => i.name)).toEqual([
        'Summit Hydraulic Services',
      ]);
      // An exact account number ranks first.
      expect((await search('sum-9')).items[0].url).toBe(`customer/${mine._id}`);
      expect((await search('nothing like it')).total).toBe(0);
    });
  });
});
