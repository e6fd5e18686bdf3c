/**
 * Currencies through the real app: the base currency and the rates saved and read back, an unknown code or
 * a currency customers still use refused with nothing changed, only admins set them, a customer's currency
 * must be one of the organisation's (form and import), and a customer's assembly and kit are priced at the
 * base price × the rate and say their currency; the organisation's default margin and labour rate price.
 */
import {
  type Currencies,
  convertFromBase,
  type HoseAssemblyComputeResponse,
  type HoseAssemblyListItem,
  type HoseKit,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { startImport, toCsv, upload, waitForImport } from './import-fixtures.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

let shop: TestTenant;
beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Border Hydraulics' });
});

const read = async (tenant = shop) =>
  (await call(tenant.regularToken, 'GET', 'organization/currencies')).body as Currencies;
const save = (body: unknown, token = shop.adminToken) =>
  call(token, 'POST', 'organization/currencies/update', body);
const codes = (c: Currencies) => c.currencies.map((x) => [x.code, x.rate]);

describe('currencies', () => {
  it('a new organisation has USD and nothing else; an admin saves rates that every member reads back', async () => {
    expect(await read()).toEqual({ baseCurrency: 'USD', currencies: [] });
    const res = await save({
      currencies: [
        { code: 'cad', rate: 1.37 },
        { code: 'EUR', rate: 0.92 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const back = await read();
    expect(back.baseCurrency).toBe('USD');
    expect(codes(back)).toEqual([
      ['CAD', 1.37],
      ['EUR', 0.92],
    ]);
    expect(Date.parse(back.currencies[0]!.updatedAt)).not.toBeNaN();
  });

  it('refuses an unknown code with a clear message and changes nothing', async () => {
    const before = await read();
    const res = await save({
      currencies: [
        { code: 'CAD', rate: 1.4 },
        { code: 'XYZ', rate: 2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('XYZ is not a currency code we know');
    expect(res.body.details.issues[0].path).toEqual(['currencies', 1, 'code']);
    expect(await read()).toEqual(before);
  });

  it('refuses a rate of 0 and the base currency listed with a rate', async () => {
    const zero = await save({ currencies: [{ code: 'CAD', rate: 0 }] });
    expect([zero.status, zero.body.message]).toEqual([400, 'The exchange rate must be more than 0']);
    const listedBase = await save({ currencies: [{ code: 'USD', rate: 1 }] });
    expect([listedBase.status, listedBase.body.message]).toEqual([
      400,
      'USD is the base currency; it needs no rate',
    ]);
  });

  it('a regular member cannot change them', async () => {
    const before = await read();
    const res = await save({ currencies: [] }, shop.regularToken);
    expect(res.status).toBe(403);
    expect(await read()).toEqual(before);
  });

  it('a customer is priced in the base or one of the currencies; another is refused and nothing is saved', async () => {
    const eur = await call(shop.adminToken, 'POST', 'customer/new/update', {
      name: 'Euro Farms',
      currency: 'EUR',
    });
    expect(eur.status, JSON.stringify(eur.body)).toBe(200);
    expect(eur.body.currency).toBe('EUR');
    const plain = await call(shop.adminToken, 'POST', 'customer/new/update', { name: 'Home Farms' });
    expect(plain.body.currency).toBe('USD');

    const gbp = await call(shop.adminToken, 'POST', 'customer/new/update', {
      name: 'London Ltd',
      currency: 'GBP',
    });
    expect(gbp.status).toBe(400);
    expect(gbp.body.message).toBe(
      'GBP is not one of your currencies (USD, CAD, EUR); an admin adds it under Currencies first',
    );
    const changed = await call(shop.adminToken, 'POST', `customer/${plain.body._id}/update`, {
      name: 'Home Farms',
      currency: 'GBP',
    });
    expect(changed.status).toBe(400);
    expect((await call(shop.adminToken, 'GET', `customer/${plain.body._id}`)).body.currency).toBe('USD');
    const names = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select({ name: customers.name })
        .from(customers)
        .where(eq(customers.organizationId, shop.organizationId)),
    );
    expect(names.map((n) => n.name).sort()).toEqual(['Euro Farms', 'Home Farms']);
  });

  it('refuses to remove a currency customers use, or to move the base away from one, naming them', async () => {
    const before = await read();
    const removed = await save({ currencies: [{ code: 'CAD', rate: 1.37 }] });
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe('1 customer is priced in EUR; change their currency first');
    const rebased = await save({ baseCurrency: 'CAD', currencies: [{ code: 'EUR', rate: 0.67 }] });
    expect(rebased.status).toBe(400);
    expect(rebased.body.message).toBe('1 customer is priced in USD; change their currency first');
    expect(await read()).toEqual(before);

    // Listing the old base with a rate is how the base moves.
    const moved = await save({
      baseCurrency: 'CAD',
      currencies: [
        { code: 'USD', rate: 0.73 },
        { code: 'EUR', rate: 0.67 },
      ],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.baseCurrency).toBe('CAD');
    expect(codes(moved.body)).toEqual([
      ['EUR', 0.67],
      ['USD', 0.73],
    ]);
    const back = await save({
      baseCurrency: 'USD',
      currencies: [
        { code: 'CAD', rate: 1.37 },
        { code: 'EUR', rate: 0.92 },
      ],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('a customer import reports the row whose currency the organisation does not have, and imports nothing', async () => {
    const file = toCsv(
      ['name', 'accountNumber', 'currency'],
      [
        ['Maple Co', 'M-1', 'CAD'],
        ['Sterling Co', 'S-1', 'GBP'],
      ],
    );
    const res = await upload(t, shop.adminToken, 'customer', { name: 'customers.csv', content: file });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json();
    const started = await startImport(t, shop.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    const details = await waitForImport(t, shop.adminToken, preview.importId);
    expect(details.status).toBe('failed');
    expect(details.errors).toEqual([
      {
        row: 3,
        column: 'currency',
        message: 'GBP is not one of your currencies (USD, CAD, EUR); an admin adds it under Currencies first',
      },
    ]);
    const names = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select({ name: customers.name })
        .from(customers)
        .where(eq(customers.organizationId, shop.organizationId)),
    );
    expect(names.map((n) => n.name)).not.toContain('Maple Co');
  });
});

describe('prices in the customer’s currency', () => {
  let tenant: TestTenant;
  let ids: Record<string, string>;
  let cadCustomer: string;

  beforeAll(async () => {
    tenant = await createTenant(t, { tier: 'professional', name: 'Northern Hose' });
    ids = await sampleParts(t, tenant);
    expect((await save({ currencies: [{ code: 'CAD', rate: 1.5 }] }, tenant.adminToken)).status).toBe(200);
    const customer = await call(tenant.adminToken, 'POST', 'customer/new/update', {
      name: 'Prairie Cattle',
      currency: 'CAD',
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
    cadCustomer = customer.body._id;
  });

  const compute = async (over: Record<string, unknown> = {}) => {
    const res = await call(tenant.regularToken, 'POST', 'hoseassemblies/compute', exampleInput(ids, over));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as HoseAssemblyComputeResponse;
  };

  it('an assembly for a CAD customer costs the same and is priced at the base price × 1.5, in CAD', async () => {
    const base = await compute();
    expect(base.costs).toMatchObject({ currency: 'USD', costCurrency: 'USD' });
    const cad = await compute({ customerId: cadCustomer });
    expect(cad.costs.unitCost).toBe(base.costs.unitCost);
    expect(cad.costs).toMatchObject({
      currency: 'CAD',
      costCurrency: 'USD',
      unitPrice: convertFromBase(base.costs.unitPrice, 1.5),
    });
    expect(cad.costs.unitPrice).toBeGreaterThan(base.costs.unitPrice);

    const saved = await call(
      tenant.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { customerId: cadCustomer }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = (await call(tenant.regularToken, 'GET', `hoseassemblies?customerId=${cadCustomer}`)).body;
    expect(list.items.map((i: HoseAssemblyListItem) => [i.unitPrice, i.currency])).toEqual([
      [cad.costs.unitPrice, 'CAD'],
    ]);
  });

  it('a kit for a CAD customer: prices × 1.5 in CAD, costs and the margin in USD; without a customer, USD', async () => {
    const body = (customerId?: string) => ({
      partNumber: `CUR-KIT-${customerId ? 'CAD' : 'USD'}`,
      ...(customerId ? { customerId } : {}),
      lines: [{ lineType: 'other', description: 'Zip ties', quantity: 2, unitCost: 7 }],
    });
    const cad = await call(tenant.regularToken, 'POST', 'hosekit/new/update', body(cadCustomer));
    expect(cad.status, JSON.stringify(cad.body)).toBe(200);
    const kit = cad.body as HoseKit;
    // 7 / (1 - 30%) = 10 USD = 15 CAD; two of them.
    expect(kit).toMatchObject({ currency: 'CAD', costCurrency: 'USD' });
    expect(kit.lines.map((l) => [l.unitCost, l.unitPrice, l.extendedPrice])).toEqual([[7, 15, 30]]);
    expect(kit.totals).toEqual({ cost: 14, price: 30, linesWithoutCost: 0, marginPct: 30 });

    const usd = await call(tenant.regularToken, 'POST', 'hosekit/new/update', body());
    expect(usd.body).toMatchObject({ currency: 'USD', costCurrency: 'USD', totals: { cost: 14, price: 20 } });
  });

  it('the organisation’s default margin and labour rate price what has no terms of its own', async () => {
    const before = await compute();
    const labour = before.costs.lines.find((l) => l.role === 'labour');
    expect(labour).toMatchObject({ unitCost: 3, cost: 6 });
    const settings = await call(tenant.adminToken, 'POST', 'organization/update', {
      defaultMarginPct: 40,
      labourRate: 5,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const after = await compute();
    expect(after.costs.lines.find((l) => l.role === 'labour')).toMatchObject({ unitCost: 5, cost: 10 });
    expect(after.costs.unitCost).toBeCloseTo(before.costs.unitCost + 4, 2);
    expect(after.costs.marginPct).toBe(40);
    expect(after.costs.unitPrice).toBeCloseTo(after.costs.unitCost / 0.6, 2);
    const cad = await compute({ customerId: cadCustomer });
    expect(cad.costs.unitPrice).toBe(convertFromBase(after.costs.unitPrice, 1.5));
  });

  it('the organisation’s waste allowance sizes the hose bought for a cut', async () => {
    const hoseLine = (c: Awaited<ReturnType<typeof compute>>) => c.costs.lines.find((l) => l.role === 'hose');
    const before = await compute();
    const cut = before.cutLengthMm;
    expect(hoseLine(before)?.quantity).toBeCloseTo(cut * 1.05, 1);
    const saved = await call(tenant.adminToken, 'POST', 'organization/update', { wasteAllowancePct: 10 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await compute();
    expect(hoseLine(after)?.quantity).toBeCloseTo(cut * 1.1, 1);
    expect(after.costs.unitCost).toBeGreaterThan(before.costs.unitCost);
    await call(tenant.adminToken, 'POST', 'organization/update', { wasteAllowancePct: 5 });
  });
});
