/**
 * Price lists through the real app (ADR 21): lists with their customers, the draft edited item by item, its
 * review against the version in force and its publication from a day, which version is in force today, the
 * items with today's cost and margin, margin alerts that follow the catalogue's costs, tiers, roles and
 * tenant isolation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { hoseAssemblyFixture } from './fixtures-assemblies.ts';
import { hoseKitFixture } from './fixtures-kits.ts';
import {
  bearer,
  createTenant,
  createTestApp,
  DATE_LINE,
  inTimeZone,
  type TestApp,
  type TestTenant,
  todayIn,
} from './helpers.ts';

interface Version {
  _id: string;
  effectiveFrom: string | null;
  itemCount: number;
  inForce: boolean;
  publishedBy: { name: string } | null;
  note: string;
}
interface PriceList {
  _id: string;
  name: string;
  currency: string;
  description: string;
  inForce: { _id: string; effectiveFrom: string; itemCount: number } | null;
  draft: { _id: string; itemCount: number } | null;
  customerCount: number;
  versions: Version[];
  customers: { _id: string; name: string }[];
  alertCount: number;
  targetMarginPct: number;
}
interface Item {
  itemType: string;
  itemId: string;
  partNumber: string;
  unitPrice: number;
  breaks: { minQuantity: number; unitPrice: number }[];
  unitCost: number | null;
  marginPct: number | null;
  belowTargetMargin: boolean;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('price lists', () => {
  let t: TestApp;
  let shop: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'enterprise', name: 'Prairie Hose' });
    other = await createTenant(t, { tier: 'enterprise', name: 'Other Hose' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = shop.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  const post = (url: string, payload: unknown = {}, token = shop.adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });
  async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
    const done = await res;
    expect(done.statusCode, done.body).toBe(status);
    return done.json() as T;
  }

  const createList = (name: string, extra: Record<string, unknown> = {}, tenant = shop) =>
    ok<PriceList>(post('pricelists/create', { name, ...extra }, tenant.adminToken), 201);
  async function createComponent(overrides: Record<string, unknown> = {}, tenant = shop) {
    const input = componentInput('crimpFitting', overrides);
    const saved = await ok<{ _id: string }>(
      post('organization/crimpfitting/new/update', input, tenant.adminToken),
    );
    return { id: saved._id, input };
  }
  const createCustomer = async (name: string, tenant = shop) =>
    (await ok<{ _id: string }>(post('customer/new/update', { name }, tenant.adminToken)))._id;
  const saveItem = (listId: string, itemId: string, unitPrice: number, extra: Record<string, unknown> = {}) =>
    ok<PriceList>(
      post(`pricelist/${listId}/draft/items`, { itemType: 'component', itemId, unitPrice, ...extra }),
    );
  const publish = (listId: string, effectiveFrom = day(0), note = '') =>
    ok<PriceList>(post(`pricelist/${listId}/draft/publish`, { effectiveFrom, note }));
  const items = (listId: string, query = '') =>
    ok<{ items: Item[]; total: number }>(get(`pricelist/${listId}/items${query}`));

  it('creates, renames, prices customers and deletes a list; a name is taken once, any case', async () => {
    const created = await createList('Fleet 2027', { description: 'Fleet customers' });
    expect(created).toMatchObject({
      name: 'Fleet 2027',
      currency: 'USD',
      description: 'Fleet customers',
      inForce: null,
      draft: null,
      customerCount: 0,
      versions: [],
      alertCount: 0,
      targetMarginPct: 20,
    });

    const clash = await post('pricelists/create', { name: 'fleet 2027' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A price list named Fleet 2027 exists');
    const foreignCurrency = await post('pricelists/create', { name: 'Euro list', currency: 'EUR' });
    expect(foreignCurrency.statusCode).toBe(400);
    expect(foreignCurrency.json().message).toContain('EUR is not one of your currencies');

    const a = await createCustomer('Acme Farms');
    const b = await createCustomer('Bravo Mining');
    const both = await ok<PriceList>(
      post(`pricelist/${created._id}/update`, { customerIds: [b, a], name: 'Fleet 2027 rates' }),
    );
    expect(both.customers.map((c) => c.name)).toEqual(['Acme Farms', 'Bravo Mining']);
    expect(both).toMatchObject({
      customerCount: 2,
      name: 'Fleet 2027 rates',
      description: 'Fleet customers',
    });

    const onlyB = await ok<PriceList>(post(`pricelist/${created._id}/update`, { customerIds: [b] }));
    expect(onlyB.customers.map((c) => c.name)).toEqual(['Bravo Mining']);
    const listOf = async (id: string) =>
      (
        await t.database.withTenant(shop.organizationId, (tx) =>
          tx.select({ priceListId: customers.priceListId }).from(customers).where(eq(customers.id, id)),
        )
      )[0]?.priceListId;
    expect(await listOf(a)).toBeNull();
    expect(await listOf(b)).toBe(created._id);

    // Another organisation's customer is not found, and nothing changes.
    const foreignCustomer = await createCustomer('Not yours', other);
    const refused = await post(`pricelist/${created._id}/update`, { customerIds: [a, foreignCustomer] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This customer was not found');
    expect((await ok<PriceList>(get(`pricelist/${created._id}`))).customers.map((c) => c.name)).toEqual([
      'Bravo Mining',
    ]);

    const listed = await ok<{ items: PriceList[]; total: number }>(get('pricelists?q=rates'));
    expect(listed.items.map((l) => [l.name, l.customerCount])).toEqual([['Fleet 2027 rates', 1]]);

    await ok(post(`pricelist/${created._id}/delete`));
    expect((await get(`pricelist/${created._id}`)).statusCode).toBe(404);
    expect(await listOf(b)).toBeNull();
  });

  it('edits a draft, reviews it against the version in force, and publishes it from a day', async () => {
    const list = await createList('Review list');
    const [a, b, c, d] = await Promise.all([
      createComponent(),
      createComponent(),
      createComponent(),
      createComponent(),
    ]);
    await saveItem(list._id, a!.id, 1000);
    await saveItem(list._id, b!.id, 2000);
    const first = await saveItem(list._id, c!.id, 3000, { breaks: [{ minQuantity: 10, unitPrice: 2800 }] });
    expect(first.draft?.itemCount).toBe(3);
    expect(first.inForce).toBeNull();
    const firstReview = await ok<{ comparedWith: unknown; added: { partNumber: string }[] }>(
      get(`pricelist/${list._id}/draft/review`),
    );
    expect(firstReview.comparedWith).toBeNull();
    expect(firstReview.added.map((i) => i.partNumber).sort()).toEqual(
      [a!.input.partNumber, b!.input.partNumber, c!.input.partNumber].sort(),
    );

    const published = await publish(list._id, day(0), 'First prices');
    expect(published.inForce).toMatchObject({ effectiveFrom: day(0), itemCount: 3 });
    expect(published.draft).toBeNull();
    expect(published.versions).toMatchObject([
      { effectiveFrom: day(0), inForce: true, note: 'First prices' },
    ]);
    expect(published.versions[0]?.publishedBy?.name).toBeTruthy();

    // The next draft starts from the version in force.
    await saveItem(list._id, a!.id, 1100);
    await saveItem(list._id, b!.id, 1800);
    await ok(post(`pricelist/${list._id}/draft/items/remove`, { itemType: 'component', itemId: c!.id }));
    const edited = await saveItem(list._id, d!.id, 500);
    expect(edited.draft?.itemCount).toBe(3);
    expect(edited.inForce?.itemCount).toBe(3);

    const review = await ok<{
      comparedWith: { _id: string; effectiveFrom: string };
      added: { partNumber: string; unitPrice: number }[];
      removed: { partNumber: string; unitPrice: number }[];
      changed: {
        partNumber: string;
        oldUnitPrice: number;
        newUnitPrice: number;
        change: number;
        changePct: number;
        direction: string;
      }[];
      upCount: number;
      downCount: number;
      unchangedCount: number;
    }>(get(`pricelist/${list._id}/draft/review`));
    expect(review.comparedWith).toEqual({ _id: published.inForce?._id, effectiveFrom: day(0) });
    expect(review.added).toMatchObject([{ partNumber: d!.input.partNumber, unitPrice: 500 }]);
    expect(review.removed).toMatchObject([{ partNumber: c!.input.partNumber, unitPrice: 3000 }]);
    expect(review.changed).toMatchObject([
      {
        partNumber: b!.input.partNumber,
        oldUnitPrice: 2000,
        newUnitPrice: 1800,
        change: -200,
        changePct: -10,
        direction: 'down',
      },
      {
        partNumber: a!.input.partNumber,
        oldUnitPrice: 1000,
        newUnitPrice: 1100,
        change: 100,
        changePct: 10,
        direction: 'up',
      },
    ]);
    expect(review).toMatchObject({ upCount: 1, downCount: 1, unchangedCount: 0 });

    // Yesterday is refused; the draft stays.
    const past = await post(`pricelist/${list._id}/draft/publish`, { effectiveFrom: day(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('Publish from today');
    expect((await ok<PriceList>(get(`pricelist/${list._id}`))).draft?.itemCount).toBe(3);

    // A version from tomorrow is not in force today: today's items are still the first version's.
    const later = await publish(list._id, day(1));
    expect(later.inForce?._id).toBe(published.inForce?._id);
    expect(later.versions.map((v) => [v.effectiveFrom, v.inForce])).toEqual([
      [day(1), false],
      [day(0), true],
    ]);
    const today = await items(list._id);
    expect(today.items.map((i) => [i.partNumber, i.unitPrice])).toEqual(
      [
        [a!.input.partNumber, 1000],
        [b!.input.partNumber, 2000],
        [c!.input.partNumber, 3000],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]), 'en', { numeric: true })),
    );
    const tomorrowVersion = later.versions[0]!._id;
    const tomorrow = await items(list._id, `?versionId=${tomorrowVersion}&sort=unitPrice&order=desc`);
    expect(tomorrow.items.map((i) => i.unitPrice)).toEqual([1800, 1100, 500]);
    // Reviewed for a day after tomorrow, a new draft compares with tomorrow's version.
    await saveItem(list._id, a!.id, 1200);
    const ahead = await ok<{ comparedWith: { _id: string } }>(
      get(`pricelist/${list._id}/draft/review?effectiveFrom=${day(2)}`),
    );
    expect(ahead.comparedWith._id).toBe(tomorrowVersion);

    // Discarded, there is nothing to review or publish.
    const discarded = await ok<PriceList>(post(`pricelist/${list._id}/draft/discard`));
    expect(discarded.draft).toBeNull();
    const noDraft = await get(`pricelist/${list._id}/draft/review`);
    expect(noDraft.statusCode).toBe(409);
    expect(noDraft.json().message).toContain('There is no draft to review');
    expect((await post(`pricelist/${list._id}/draft/publish`, { effectiveFrom: day(3) })).statusCode).toBe(
      409,
    );
  });

  it("publishes from the caller's today and reads what is in force by the caller's day (ADR 23)", async () => {
    const { east, west } = DATE_LINE;
    const inZone = (timeZone: string) => inTimeZone(shop.adminToken, timeZone);
    const list = await createList('Date line list');
    const part = await createComponent();
    await saveItem(list._id, part.id, 1500);
    const publishInTheEast = (effectiveFrom: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/pricelist/${list._id}/draft/publish`,
        headers: inZone(east),
        payload: { effectiveFrom },
      });

    // The western today is already yesterday in the east: publishing from it is refused there.
    const westDay = todayIn(west);
    const fromEast = await publishInTheEast(westDay);
    expect(fromEast.statusCode).toBe(400);
    expect(fromEast.json().message).toMatch(/^Publish from today \(\d{4}-\d{2}-\d{2}\) or a later day/);
    expect(fromEast.json().message).not.toContain(`(${westDay})`);

    // Published from the eastern today: in force in the east, still to come in the west.
    const eastDay = todayIn(east);
    const published = await publishInTheEast(eastDay);
    expect(published.statusCode, published.body).toBe(200);
    const readIn = async (timeZone: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/pricelist/${list._id}`, headers: inZone(timeZone) })
      ).json<PriceList>();
    expect((await readIn(east)).inForce).toMatchObject({ effectiveFrom: eastDay });
    const western = await readIn(west);
    expect(western.inForce).toBeNull();
    expect(western.versions).toMatchObject([{ effectiveFrom: eastDay, inForce: false }]);
  });

  it('refuses to publish an empty draft and to change the currency once published', async () => {
    await ok(post('organization/currencies/update', { currencies: [{ code: 'CAD', rate: 1.37 }] }));
    const list = await createList('Empty draft', { currency: 'CAD' });
    const part = await createComponent();
    await saveItem(list._id, part.id, 700);
    await ok(post(`pricelist/${list._id}/draft/items/remove`, { itemType: 'component', itemId: part.id }));
    const empty = await post(`pricelist/${list._id}/draft/publish`, { effectiveFrom: day(0) });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toContain('no prices');
    // Still a draft: the currency may change.
    expect((await ok<PriceList>(post(`pricelist/${list._id}/update`, { currency: 'USD' }))).currency).toBe(
      'USD',
    );
    await saveItem(list._id, part.id, 700);
    await publish(list._id);
    const locked = await post(`pricelist/${list._id}/update`, { currency: 'CAD' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toContain('cannot change');
    // Another organisation's item cannot be priced.
    const foreign = await createComponent({}, other);
    const refused = await post(`pricelist/${list._id}/draft/items`, {
      itemType: 'component',
      itemId: foreign.id,
      unitPrice: 100,
    });
    expect(refused.statusCode).toBe(404);
  });

  it("flags items priced below the target margin at today's cost, and shows cost and margin", async () => {
    const list = await createList('Margins');
    // Crimp fittings cost 2.50 each (250 cents): 400 is a 37.5 % margin, above the 20 % target.
    const fitting = await createComponent();
    const cheapBreak = await createComponent();
    const hose = await ok<{ _id: string }>(
      post('organization/hose/new/update', componentInput('hose', { cost: 4, costUnit: 'ft' })),
    );
    const kitId = await hoseKitFixture(t, shop);
    await saveItem(list._id, fitting.id, 400);
    await saveItem(list._id, cheapBreak.id, 1000, { breaks: [{ minQuantity: 10, unitPrice: 300 }] });
    await saveItem(list._id, hose._id, 600);
    // The kit's roll-up: 4 hose clamps at 1.25 = 5.00; 550 is a 9.09 % margin.
    await ok(post(`pricelist/${list._id}/draft/items`, { itemType: 'kit', itemId: kitId, unitPrice: 550 }));
    const review = await ok<{ alertCount: number }>(get(`pricelist/${list._id}/draft/review`));
    expect(review.alertCount).toBe(2);
    const published = await publish(list._id);
    expect(published.alertCount).toBe(2);

    const before = await ok<{
      alerts: { partNumber: string; unitPrice: number; minQuantity: number | null }[];
    }>(get(`pricelist/${list._id}/alerts`));
    expect(before.alerts.map((a) => [a.partNumber, a.unitPrice, a.minQuantity])).toEqual([
      [expect.stringContaining('FX-KIT'), 550, null],
      [cheapBreak.input.partNumber, 300, 10],
    ]);

    // The fitting's cost goes up to 3.50: 400 is now a 12.5 % margin.
    await ok(post(`organization/crimpfitting/${fitting.id}/update`, { ...fitting.input, cost: 3.5 }));
    const after = await ok<{
      targetMarginPct: number;
      alerts: { partNumber: string; unitCost: number; marginPct: number; unitPrice: number }[];
    }>(get(`pricelist/${list._id}/alerts`));
    expect(after.targetMarginPct).toBe(20);
    expect(after.alerts.find((a) => a.partNumber === fitting.input.partNumber)).toMatchObject({
      unitPrice: 400,
      unitCost: 350,
      marginPct: 12.5,
    });
    expect((await ok<PriceList>(get(`pricelist/${list._id}`))).alertCount).toBe(3);
    expect(after.alerts).toHaveLength(3);

    const all = await items(list._id);
    const byPart = new Map(all.items.map((i) => [i.partNumber, i]));
    expect(byPart.get(fitting.input.partNumber)).toMatchObject({
      unitCost: 350,
      marginPct: 12.5,
      belowTargetMargin: true,
    });
    // A hose is priced per its cost unit (a foot here), as the kit screen prices a hose line.
    const hoseRow = all.items.find((i) => i.itemId === hose._id);
    expect(hoseRow).toMatchObject({ unitCost: 400, marginPct: 33.33, belowTargetMargin: false });
    expect(all.items.find((i) => i.itemType === 'kit')).toMatchObject({ unitCost: 500, marginPct: 9.09 });

    const below = await items(list._id, '?belowTarget=true&sort=marginPct&order=asc');
    expect(below.total).toBe(3);
    expect(below.items.map((i) => i.marginPct)).toEqual([9.09, 12.5, 75]);
    const searched = await items(list._id, `?q=${encodeURIComponent(fitting.input.partNumber)}`);
    expect(searched.items.map((i) => i.itemId)).toEqual([fitting.id]);
    // A price exactly on the target (cost 4.00, price 5.00: a 20 % margin) is not below it, and a price of
    // 0 on something that costs is: the list's count and its alerts agree on both.
    const onTarget = await createComponent({ cost: 4 });
    const free = await createComponent({ cost: 0.01 });
    await saveItem(list._id, onTarget.id, 500);
    await saveItem(list._id, free.id, 0);
    const republished = await publish(list._id);
    const alerts = await ok<{ alerts: { partNumber: string }[] }>(get(`pricelist/${list._id}/alerts`));
    expect(alerts.alerts.map((a) => a.partNumber)).not.toContain(onTarget.input.partNumber);
    expect(alerts.alerts.map((a) => a.partNumber)).toContain(free.input.partNumber);
    expect(republished.alertCount).toBe(alerts.alerts.length);
  });

  it("prices an assembly at today's roll-up of its parts", async () => {
    const list = await createList('Assemblies');
    const assemblyId = await hoseAssemblyFixture(t, shop);
    const assembly = await ok<{ title: string; computed: { costs: { unitCost: number } } }>(
      get(`hoseassembly/${assemblyId}`),
    );
    await ok(
      post(`pricelist/${list._id}/draft/items`, { itemType: 'assembly', itemId: assemblyId, unitPrice: 1 }),
    );
    const draft = await ok<PriceList>(get(`pricelist/${list._id}`));
    const listed = await items(list._id, `?versionId=${draft.draft?._id}`);
    expect(listed.items).toMatchObject([
      {
        partNumber: assembly.title,
        unitCost: Math.round(assembly.computed.costs.unitCost * 100),
        belowTargetMargin: true,
      },
    ]);
  });

  it('answers 996 to a professional shop, 845 to a regular user writing, and reads for a regular user', async () => {
    const pro = await createTenant(t, { tier: 'professional' });
    const refused = await get('pricelists', pro.adminToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details.guardCode).toBe(996);

    const list = await createList('Regular readers');
    const write = await post('pricelists/create', { name: 'Not mine' }, shop.regularToken);
    expect(write.statusCode).toBe(403);
    expect(write.json().details.guardCode).toBe(845);
    const draftWrite = await post(`pricelist/${list._id}/draft/discard`, {}, shop.regularToken);
    expect(draftWrite.json().details.guardCode).toBe(845);
    expect((await get(`pricelist/${list._id}`, shop.regularToken)).statusCode).toBe(200);
    expect((await get('pricelists', shop.regularToken)).statusCode).toBe(200);
  });

  it("answers another organisation's list exactly like a missing one", async () => {
    const list = await createList('Private prices');
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['GET', '/items', undefined],
      ['GET', '/alerts', undefined],
      ['POST', '/update', { name: 'Taken over' }],
      ['POST', '/draft/discard', {}],
      ['POST', '/delete', {}],
    ] as const) {
      const call = (id: string) =>
        method === 'GET'
          ? get(`pricelist/${id}${path}`, other.adminToken)
          : post(`pricelist/${id}${path}`, payload, other.adminToken);
      const foreign = await call(list._id);
      const missing = await call(MISSING);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.body).toBe(missing.body);
    }
    expect((await ok<PriceList>(get(`pricelist/${list._id}`))).name).toBe('Private prices');
    expect((await ok<{ items: PriceList[] }>(get('pricelists', other.adminToken))).items).toEqual([]);
  });
});
