/**
 * Sales estimates (ADR 21) through the HTTP API: priced when saved in the order the pricing engine says
 * (price list, customer terms, defaults), minimum charge and taxes to the cent, dated price list versions,
 * only drafts change, accepting makes linked work orders without touching stock, re-check and revise leave
 * what was sent as it was, and tiers and tenancy.
 */
import type { Estimate, EstimateRecheck, EstimateSummary, HoseAssembly, HoseKit } from '@hosewright/domain';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  components,
  customers,
  organizationSettings,
  priceListItems,
  priceLists,
  priceListVersions,
  salesEstimates,
  stockReservations,
  workOrderLines,
  workOrders,
} from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { ensureDefaultWarehouse, markSent } from './fixtures-estimates.ts';
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

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

let owner: TestTenant;
let other: TestTenant;
let parts: Record<string, string>;
let assembly: HoseAssembly;

async function call(
  tenant: TestTenant,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: { message: string; details?: unknown } }> {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(tenant.adminToken),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function ok<T>(
  tenant: TestTenant,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  status = 200,
) {
  const res = await call(tenant, method, url, payload);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  return res.body as unknown as T;
}

const db = <T>(tenant: TestTenant, fn: Parameters<TestApp['database']['withTenant']>[1]) =>
  t.database.withTenant(tenant.organizationId, fn) as Promise<T>;

let customerCount = 0;
async function customer(tenant: TestTenant, extra: Record<string, unknown> = {}): Promise<string> {
  customerCount += 1;
  return (
    await ok<{ _id: string }>(tenant, 'POST', 'customer/new/update', {
      name: `Estimate Farms ${customerCount}`,
      accountNumber: `EST-${customerCount}-${Date.now() % 100000}`,
      currency: 'USD',
      ...extra,
    })
  )._id;
}

/** An other item of the component library with a known cost (base currency, USD). */
async function otherItem(tenant: TestTenant, cost: number, productGroup?: string): Promise<string> {
  return (
    await ok<{ _id: string }>(
      tenant,
      'POST',
      'organization/otheritem/new/update',
      componentInput('otherItem', { cost, ...(productGroup ? { productGroup } : {}) }),
    )
  )._id;
}

const create = (tenant: TestTenant, body: Record<string, unknown>) =>
  ok<Estimate>(tenant, 'POST', 'salesestimates/create', body, 201);

/** A published price list version (minor units of USD), straight into the tables the price list module keeps. */
async function priceList(
  tenant: TestTenant,
  customerId: string,
  versions: {
    effectiveFrom: string;
    items: { itemType: string; itemId: string; unitPrice: number; breaks?: unknown[] }[];
  }[],
): Promise<string> {
  return db<string>(tenant, async (tx) => {
    const [list] = await tx
      .insert(priceLists)
      .values({ organizationId: tenant.organizationId, name: `Dealer ${Date.now()}`, currency: 'USD' })
      .returning({ id: priceLists.id });
    for (const v of versions) {
      const [version] = await tx
        .insert(priceListVersions)
        .values({
          organizationId: tenant.organizationId,
          priceListId: list!.id,
          effectiveFrom: v.effectiveFrom,
          publishedAt: new Date(),
          itemCount: v.items.length,
        })
        .returning({ id: priceListVersions.id });
      await tx.insert(priceListItems).values(
        v.items.map((item) => ({
          organizationId: tenant.organizationId,
          versionId: version!.id,
          partNumber: 'P',
          breaks: [],
          ...item,
        })),
      );
    }
    await tx.update(customers).set({ priceListId: list!.id }).where(eq(customers.id, customerId));
    return list!.id;
  });
}

async function setSettings(tenant: TestTenant, change: Partial<typeof organizationSettings.$inferInsert>) {
  await db(tenant, (tx) =>
    tx
      .update(organizationSettings)
      .set(change)
      .where(eq(organizationSettings.organizationId, tenant.organizationId)),
  );
}

async function estimateCount(tenant: TestTenant): Promise<number> {
  const [row] = await db<{ n: number }[]>(tenant, (tx) =>
    tx
      .select({ n: count() })
      .from(salesEstimates)
      .where(eq(salesEstimates.organizationId, tenant.organizationId)),
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  owner = await createTenant(t, { tier: 'enterprise', name: 'Estimating Hydraulics' });
  other = await createTenant(t, { tier: 'professional', name: 'Other Hydraulics' });
  parts = await sampleParts(t, owner);
  assembly = await ok<HoseAssembly>(owner, 'POST', 'hoseassembly/new/update', exampleInput(parts));
  await ensureDefaultWarehouse(t, owner);
});

describe('pricing a saved estimate', () => {
  it('takes the price list first (with its quantity break), then the customer’s terms, then the defaults', async () => {
    const listed = await otherItem(owner, 10);
    const unlisted = await otherItem(owner, 10);
    const withTerms = await customer(owner, { marginPct: 40 });
    await priceList(owner, withTerms, [
      {
        effectiveFrom: '2026-01-01',
        items: [
          {
            itemType: 'component',
            itemId: listed,
            unitPrice: 1500,
            breaks: [{ minQuantity: 10, unitPrice: 1300 }],
          },
        ],
      },
    ]);
    const estimate = await create(owner, {
      customerId: withTerms,
      estimateDate: '2026-06-01',
      lines: [
        { type: 'other', itemId: listed, quantity: 2 },
        { type: 'other', itemId: listed, quantity: 12 },
        { type: 'other', itemId: unlisted, quantity: 1 },
        { type: 'freight', description: 'Courier', quantity: 1, unitPriceOverride: 2500 },
      ],
    });
    expect(estimate).toMatchObject({
      status: 'draft',
      revision: 1,
      currency: 'USD',
      estimateDate: '2026-06-01',
    });
    expect(estimate.validUntil).toBe('2026-07-01');
    expect(estimate.number).toMatch(/^SE-\d{5}$/);
    const [small, broken, terms, freight] = estimate.lines;
    expect(small).toMatchObject({ unitPrice: 1500, lineTotal: 3000, unitCost: 1000 });
    expect(small?.pricedBy).toMatchObject({
      source: 'priceList',
      minQuantity: null,
      effectiveFrom: '2026-01-01',
    });
    expect(broken).toMatchObject({ unitPrice: 1300, lineTotal: 15600 });
    expect(broken?.pricedBy).toMatchObject({ source: 'priceList', minQuantity: 10 });
    expect(broken?.pricedByText).toContain('10+ break');
    // 10 / (1 - 40%) = 16.67
    expect(terms).toMatchObject({ unitPrice: 1667, pricedBy: { source: 'customerTerms', marginPct: 40 } });
    expect(freight).toMatchObject({ unitPrice: 2500, pricedBy: { source: 'manual' } });
    expect(estimate.subtotal).toBe(3000 + 15600 + 1667 + 2500);
    expect(estimate.total).toBe(estimate.subtotal);

    // A customer with no list and no terms: the organisation's default margin (30 %): 10 / 0.7 = 14.29.
    const plain = await create(owner, {
      customerId: await customer(owner),
      lines: [
        { type: 'other', itemId: listed, quantity: 2 },
        { type: 'labour', description: 'Crimping', quantity: 3 },
      ],
    });
    expect(plain.lines[0]).toMatchObject({
      unitPrice: 1429,
      pricedBy: { source: 'default', basis: 'defaultMargin' },
    });
    expect(plain.lines[0]?.pricedByText).toBe('Organisation default margin (30%)');
    expect(plain.lines[1]).toMatchObject({
      unitPrice: 300,
      lineTotal: 900,
      pricedBy: { basis: 'labourRate' },
    });
    expect(plain.estimateDate).toBe(new Date().toISOString().slice(0, 10));

    // The same answer from the live pricing, nothing saved.
    const before = await estimateCount(owner);
    const live = await ok<{ lines: Estimate['lines']; total: number }>(
      owner,
      'POST',
      'salesestimates/price',
      {
        customerId: withTerms,
        estimateDate: '2026-06-01',
        lines: [{ type: 'other', itemId: listed, quantity: 12 }],
      },
    );
    expect(live.lines[0]).toMatchObject({ unitPrice: 1300, lineTotal: 15600 });
    expect(await estimateCount(owner)).toBe(before);
  });

  it('prices an assembly and a kit at the cost their own screens show', async () => {
    const kit = await ok<HoseKit>(owner, 'POST', 'hosekit/new/update', {
      partNumber: `EK-${Date.now() % 100000}`,
      description: 'Loader kit',
      lines: [
        { lineType: 'hoseAssembly', hoseAssemblyId: assembly._id, quantity: 2 },
        { lineType: 'other', description: 'Clamps', quantity: 4, unitCost: 1.25 },
      ],
    });
    const estimate = await create(owner, {
      customerId: await customer(owner),
      lines: [
        { type: 'assembly', itemId: assembly._id, quantity: 1 },
        { type: 'kit', itemId: kit._id, quantity: 1 },
      ],
    });
    const [a, k] = estimate.lines;
    expect(a).toMatchObject({ partNumber: assembly.title, description: assembly.description });
    expect(a?.unitCost).toBe(Math.round(assembly.computed.costs.unitCost! * 100));
    expect(k).toMatchObject({ partNumber: kit.title, description: 'Loader kit' });
    expect(k?.unitCost).toBe(Math.round(kit.totals.cost * 100));
  });

  it('raises a small estimate to the minimum charge and taxes it to the cent; a tax-exempt customer pays none', async () => {
    const quebec = await customer(owner, {
      taxes: [
        { name: 'GST', ratePct: 5 },
        { name: 'QST', ratePct: 9.975 },
      ],
    });
    const line = { type: 'freight', description: 'Courier', quantity: 1, unitPriceOverride: 12345 };
    const taxed = await create(owner, { customerId: quebec, lines: [line] });
    // 5 % of 123.45 = 6.1725 -> 6.17; 9.975 % = 12.3141... -> 12.31.
    expect(taxed.taxes).toEqual([
      { name: 'GST', ratePct: 5, amount: 617 },
      { name: 'QST', ratePct: 9.975, amount: 1231 },
    ]);
    expect(taxed).toMatchObject({
      subtotal: 12345,
      minimumChargeAdjustment: 0,
      taxTotal: 1848,
      total: 14193,
    });

    await setSettings(owner, { minimumCharge: 200 });
    try {
      const raised = await create(owner, { customerId: quebec, lines: [line] });
      expect(raised).toMatchObject({
        subtotal: 12345,
        minimumChargeAdjustment: 7655,
        taxTotal: 2995,
        total: 22995,
      });
      expect(raised.taxes.map((x) => x.amount)).toEqual([1000, 1995]);

      const exempt = await customer(owner, { taxExempt: true, taxes: [{ name: 'GST', ratePct: 5 }] });
      const untaxed = await create(owner, { customerId: exempt, lines: [line] });
      expect(untaxed).toMatchObject({ taxExempt: true, taxes: [], taxTotal: 0, total: 20000 });
    } finally {
      await setSettings(owner, { minimumCharge: 0 });
    }
  });

  it('keeps the prices of its own date: a version published for a later day is not used', async () => {
    const item = await otherItem(owner, 10);
    const dealer = await customer(owner);
    await priceList(owner, dealer, [
      { effectiveFrom: '2026-01-01', items: [{ itemType: 'component', itemId: item, unitPrice: 5000 }] },
      { effectiveFrom: '2026-07-01', items: [{ itemType: 'component', itemId: item, unitPrice: 6000 }] },
    ]);
    const june = await create(owner, {
      customerId: dealer,
      estimateDate: '2026-06-15',
      lines: [{ type: 'component', itemId: item, quantity: 1 }],
    });
    expect(june.lines[0]).toMatchObject({ unitPrice: 5000, pricedBy: { effectiveFrom: '2026-01-01' } });
    // Priced again when saved: still the version in force on its date.
    const saved = await ok<Estimate>(owner, 'POST', `salesestimate/${june._id}/update`, { notes: 'Again' });
    expect(saved.lines[0]?.unitPrice).toBe(5000);
    const july = await create(owner, {
      customerId: dealer,
      estimateDate: '2026-07-02',
      lines: [{ type: 'component', itemId: item, quantity: 1 }],
    });
    expect(july.lines[0]).toMatchObject({ unitPrice: 6000, pricedBy: { effectiveFrom: '2026-07-01' } });
  });
});

describe('drafts, sending and deleting', () => {
  it('changes only a draft; a sent estimate answers 409 and keeps its prices', async () => {
    const estimate = await create(owner, {
      customerId: await customer(owner),
      description: 'Loader hoses',
      lines: [{ type: 'assembly', itemId: assembly._id, quantity: 2 }],
    });
    const edited = await ok<Estimate>(owner, 'POST', `salesestimate/${estimate._id}/update`, {
      lines: [
        { type: 'assembly', itemId: assembly._id, quantity: 3 },
        { type: 'labour', description: 'Crimping', quantity: 1 },
      ],
      contact: { name: 'Pat Buyer', email: 'pat@example.com' },
    });
    expect(edited.lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(edited.contact).toEqual({ name: 'Pat Buyer', email: 'pat@example.com', phone: '' });

    await markSent(t, owner, estimate._id);
    const refused = await call(owner, 'POST', `salesestimate/${estimate._id}/update`, { notes: 'Too late' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Estimate ${estimate.number} is sent: only a draft changes. Revise it to make a new draft.`,
    );
    const deleteSent = await call(owner, 'POST', `salesestimate/${estimate._id}/delete`);
    expect(deleteSent.status).toBe(409);
    const after = await ok<Estimate>(owner, 'GET', `salesestimate/${estimate._id}`);
    expect(after).toMatchObject({ status: 'sent', notes: '', total: edited.total });

    const draft = await create(owner, { customerId: await customer(owner), lines: [] });
    await ok(owner, 'POST', `salesestimate/${draft._id}/delete`);
    expect((await call(owner, 'GET', `salesestimate/${draft._id}`)).status).toBe(404);
  });

  it('lists the latest revision of each number, by shown status (expired) and by text', async () => {
    const dealer = await customer(owner, { name: 'Expiry Logging Ltd' });
    const old = await create(owner, { customerId: dealer, description: 'Skidder hoses', lines: [] });
    await markSent(t, owner, old._id, '2020-01-31');
    const got = await ok<Estimate>(owner, 'GET', `salesestimate/${old._id}`);
    expect(got.status).toBe('expired');
    const expired = await ok<{ items: EstimateSummary[] }>(
      owner,
      'GET',
      'salesestimates?status=expired&itemsPerPage=200',
    );
    expect(expired.items.map((i) => i._id)).toContain(old._id);
    expect(expired.items.every((i) => i.status === 'expired')).toBe(true);
    const sent = await ok<{ items: EstimateSummary[] }>(
      owner,
      'GET',
      'salesestimates?status=sent&itemsPerPage=200',
    );
    expect(sent.items.map((i) => i._id)).not.toContain(old._id);
    const byCustomer = await ok<{ items: EstimateSummary[] }>(
      owner,
      'GET',
      'salesestimates?q=expiry%20logging',
    );
    expect(byCustomer.items.map((i) => i._id)).toEqual([old._id]);
    const byText = await ok<{ items: EstimateSummary[] }>(owner, 'GET', 'salesestimates?q=skidder');
    expect(byText.items[0]).toMatchObject({
      number: old.number,
      lineCount: 0,
      customer: { name: 'Expiry Logging Ltd' },
    });
  });
});

const { east: EAST, west: WEST } = DATE_LINE;

describe("the caller's day (ADR 23)", () => {
  const asIn = (timeZone: string) => inTimeZone(owner.adminToken, timeZone);

  it('dates a new estimate by the time zone the call names, and reads its expiry by it too', async () => {
    const dealer = await customer(owner, { name: 'Date Line Hydraulics' });
    const before = { east: todayIn(EAST), west: todayIn(WEST) };
    const made: Estimate[] = [];
    for (const timeZone of [EAST, WEST]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/salesestimates/create',
        headers: asIn(timeZone),
        payload: { customerId: dealer, lines: [] },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<Estimate>());
    }
    const after = { east: todayIn(EAST), west: todayIn(WEST) };
    const [eastern, western] = made as [Estimate, Estimate];
    expect([before.east, after.east]).toContain(eastern.estimateDate);
    expect([before.west, after.west]).toContain(western.estimateDate);
    expect(eastern.estimateDate > western.estimateDate).toBe(true);

    // Valid until the western day: still open there, already past in the east.
    const estimate = western;
    await markSent(t, owner, estimate._id, after.west);
    const statusIn = async (timeZone: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/salesestimate/${estimate._id}`,
          headers: asIn(timeZone),
        })
      ).json<Estimate>().status;
    expect(await statusIn(WEST)).toBe('sent');
    expect(await statusIn(EAST)).toBe('expired');
  });

  it('refuses a Time-Zone header that names no time zone, and makes nothing', async () => {
    const dealer = await customer(owner);
    const before = await estimateCount(owner);
    for (const timeZone of ['Mars/Olympus', '+05:30']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/salesestimates/create',
        headers: asIn(timeZone),
        payload: { customerId: dealer, lines: [] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `The Time-Zone header must name a time zone such as America/Vancouver or UTC, not "${timeZone}"`,
      );
    }
    expect(await estimateCount(owner)).toBe(before);
  });
});

describe('accepting', () => {
  async function estimateWithKit(quantity = 2) {
    const kit = await ok<HoseKit>(owner, 'POST', 'hosekit/new/update', {
      partNumber: `AK-${Date.now() % 100000}-${quantity}`,
      description: 'Accept kit',
      lines: [{ lineType: 'hoseAssembly', hoseAssemblyId: assembly._id, quantity: 1 }],
    });
    const customerId = await customer(owner);
    const estimate = await create(owner, {
      customerId,
      lines: [
        { type: 'assembly', itemId: assembly._id, quantity },
        { type: 'assembly', itemId: assembly._id, quantity: 1 },
        { type: 'kit', itemId: kit._id, quantity: 3 },
        { type: 'labour', description: 'Crimping', quantity: 2 },
      ],
    });
    return { estimate, kit, customerId };
  }

  async function ordersOf(estimateId: string) {
    return db<(typeof workOrders.$inferSelect)[]>(owner, (tx) =>
      tx.select().from(workOrders).where(eq(workOrders.salesEstimateId, estimateId)),
    );
  }

  async function linesOf(orderIds: string[]) {
    return db<{ workOrderId: string; quantity: number }[]>(owner, (tx) =>
      tx
        .select({ workOrderId: workOrderLines.workOrderId, quantity: workOrderLines.quantity })
        .from(workOrderLines)
        .where(inArray(workOrderLines.workOrderId, orderIds)),
    );
  }

  async function reservationsOf(orderIds: string[]) {
    const [row] = await db<{ n: number }[]>(owner, (tx) =>
      tx
        .select({ n: count() })
        .from(stockReservations)
        .where(inArray(stockReservations.workOrderId, orderIds)),
    );
    return row?.n ?? 0;
  }

  it('per assembly: one draft work order per assembly line and one per kit, linked back, no stock held', async () => {
    const { estimate, kit, customerId } = await estimateWithKit();
    const accepted = await ok<Estimate>(owner, 'POST', `salesestimate/${estimate._id}/accept`, {
      workOrders: 'perAssembly',
    });
    expect(accepted.status).toBe('accepted');
    expect(accepted.decidedAt).not.toBeNull();
    expect(accepted.workOrders).toHaveLength(3);
    const orders = await ordersOf(estimate._id);
    expect(orders).toHaveLength(3);
    for (const order of orders) {
      expect(order).toMatchObject({
        status: 'draft',
        source: 'estimate',
        customerId,
        description: `From estimate ${estimate.number}`,
      });
    }
    expect(orders.filter((o) => o.hoseKitId === kit._id)).toHaveLength(1);
    const lines = await linesOf(orders.map((o) => o.id));
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 2, 3]);
    expect(await reservationsOf(orders.map((o) => o.id))).toBe(0);
    const order = await ok<{ source: string }>(owner, 'GET', `workorder/${orders[0]!.id}`);
    expect(order.source).toBe('estimate');

    const again = await call(owner, 'POST', `salesestimate/${estimate._id}/accept`, {
      workOrders: 'perAssembly',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Estimate ${estimate.number} is accepted already`);
    expect(await ordersOf(estimate._id)).toHaveLength(3);
    expect((await call(owner, 'POST', `salesestimate/${estimate._id}/decline`, {})).status).toBe(409);
  });

  it('per estimate: one work order with every assembly line and the kit’s assemblies', async () => {
    const { estimate } = await estimateWithKit();
    const accepted = await ok<Estimate>(owner, 'POST', `salesestimate/${estimate._id}/accept`, {
      workOrders: 'perEstimate',
    });
    expect(accepted.workOrders).toHaveLength(1);
    const orders = await ordersOf(estimate._id);
    expect(orders).toHaveLength(1);
    const lines = await linesOf([orders[0]!.id]);
    expect(lines.map((l) => l.quantity)).toEqual([2, 1, 3]);
    expect(await reservationsOf([orders[0]!.id])).toBe(0);
  });

  it('refuses a fractional assembly quantity and an expired estimate, and makes nothing', async () => {
    const { estimate } = await estimateWithKit(1.5);
    const fractional = await call(owner, 'POST', `salesestimate/${estimate._id}/accept`, {});
    expect(fractional.status).toBe(409);
    expect(fractional.body.message).toContain('Line 1');
    expect(await ordersOf(estimate._id)).toHaveLength(0);
    expect((await ok<Estimate>(owner, 'GET', `salesestimate/${estimate._id}`)).status).toBe('draft');

    const old = await create(owner, { customerId: await customer(owner), lines: [] });
    await markSent(t, owner, old._id, '2020-01-31');
    const expired = await call(owner, 'POST', `salesestimate/${old._id}/accept`, {});
    expect(expired.status).toBe(409);
    expect(expired.body.message).toContain('expired');
  });

  it('declines a sent estimate once', async () => {
    const estimate = await create(owner, { customerId: await customer(owner), lines: [] });
    await markSent(t, owner, estimate._id);
    const declined = await ok<Estimate>(owner, 'POST', `salesestimate/${estimate._id}/decline`, {
      reason: 'Went with a cheaper quote',
    });
    expect(declined).toMatchObject({ status: 'declined', notes: 'Declined: Went with a cheaper quote' });
    expect((await call(owner, 'POST', `salesestimate/${estimate._id}/decline`, {})).status).toBe(409);
    await ok(owner, 'POST', `salesestimate/${estimate._id}/delete`);
  });
});

describe('re-check and revise', () => {
  it('re-check names what moved (a new revision, a part no longer sold, a price) and changes nothing', async () => {
    const revisable = await ok<HoseAssembly>(owner, 'POST', 'hoseassembly/new/update', exampleInput(parts));
    const dropped = await otherItem(owner, 10);
    const repriced = await otherItem(owner, 10);
    const estimate = await create(owner, {
      customerId: await customer(owner),
      lines: [
        { type: 'assembly', itemId: revisable._id, quantity: 1 },
        { type: 'other', itemId: dropped, quantity: 1 },
        { type: 'other', itemId: repriced, quantity: 1 },
      ],
    });
    await markSent(t, owner, estimate._id);
    const sent = await ok<Estimate>(owner, 'GET', `salesestimate/${estimate._id}`);
    expect((await ok<EstimateRecheck>(owner, 'GET', `salesestimate/${estimate._id}/recheck`)).upToDate).toBe(
      true,
    );

    const revB = await ok<HoseAssembly>(
      owner,
      'POST',
      `hoseassembly/${revisable._id}/update`,
      exampleInput(parts, { overallLengthMm: 1200 }),
    );
    await db(owner, (tx) => tx.update(components).set({ active: false }).where(eq(components.id, dropped)));
    await db(owner, (tx) => tx.update(components).set({ cost: 12 }).where(eq(components.id, repriced)));

    const check = await ok<EstimateRecheck>(owner, 'GET', `salesestimate/${estimate._id}/recheck`);
    expect(check.upToDate).toBe(false);
    expect(check.changes.map((c) => [c.position, c.kind])).toEqual([
      [1, 'revised'],
      [2, 'discontinued'],
      [3, 'priceUp'],
    ]);
    expect(check.changes[0]?.message).toBe(
      `A newer revision ${revB.revision} of ${revisable.partNumber} exists`,
    );
    // 12 / 0.7 = 17.14
    expect(check.changes[2]).toMatchObject({ oldUnitPrice: 1429, newUnitPrice: 1714 });
    expect(check.totalBefore).toBe(sent.total);
    expect(check.totalAfter).toBe(sent.total + 1714 - 1429);
    expect(await ok<Estimate>(owner, 'GET', `salesestimate/${estimate._id}`)).toEqual(sent);
  });

  it('revise makes revision 2 at today’s catalogue and prices; revision 1 stays exactly as sent', async () => {
    const revisable = await ok<HoseAssembly>(owner, 'POST', 'hoseassembly/new/update', exampleInput(parts));
    const item = await otherItem(owner, 10);
    const estimate = await create(owner, {
      customerId: await customer(owner),
      estimateDate: '2026-03-01',
      description: 'Forestry hoses',
      lines: [
        { type: 'assembly', itemId: revisable._id, quantity: 2 },
        { type: 'other', itemId: item, quantity: 1 },
      ],
    });
    const draftRevise = await call(owner, 'POST', `salesestimate/${estimate._id}/revise`);
    expect(draftRevise.status).toBe(409);
    expect(draftRevise.body.message).toBe(`Estimate ${estimate.number} is a draft: edit the draft instead`);

    await markSent(t, owner, estimate._id);
    const sent = await ok<Estimate>(owner, 'GET', `salesestimate/${estimate._id}`);
    const revB = await ok<HoseAssembly>(
      owner,
      'POST',
      `hoseassembly/${revisable._id}/update`,
      exampleInput(parts, { overallLengthMm: 1200 }),
    );
    await db(owner, (tx) => tx.update(components).set({ cost: 20 }).where(eq(components.id, item)));

    const second = await ok<Estimate>(owner, 'POST', `salesestimate/${estimate._id}/revise`, {}, 201);
    const today = new Date().toISOString().slice(0, 10);
    expect(second).toMatchObject({
      number: estimate.number,
      revision: 2,
      previousId: estimate._id,
      status: 'draft',
      estimateDate: today,
      description: 'Forestry hoses',
    });
    expect(second.lines[0]).toMatchObject({ itemId: revB._id, partNumber: revB.title, quantity: 2 });
    expect(second.lines[1]?.unitPrice).toBe(2857);

    const first = await ok<Estimate>(owner, 'GET', `salesestimate/${estimate._id}`);
    expect(first).toEqual({ ...sent, laterRevision: { _id: second._id, revision: 2 } });

    const twice = await call(owner, 'POST', `salesestimate/${estimate._id}/revise`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `Revision 2 of estimate ${estimate.number} exists already: revise that one instead`,
    );

    const latest = await ok<{ items: EstimateSummary[] }>(
      owner,
      'GET',
      `salesestimates?q=${estimate.number}`,
    );
    expect(latest.items.map((i) => i.revision)).toEqual([2]);
    const all = await ok<{ items: EstimateSummary[] }>(
      owner,
      'GET',
      `salesestimates?q=${estimate.number}&allRevisions=true&sort=number`,
    );
    expect(all.items.map((i) => i.revision)).toEqual([2, 1]);
    expect(all.items.map((i) => i.lineCount)).toEqual([2, 2]);
  });
});

describe('search, tiers and tenancy', () => {
  it('finds an estimate by number in the global search', async () => {
    const estimate = await create(owner, {
      customerId: await customer(owner),
      description: 'Searchable',
      lines: [],
    });
    const found = await ok<{ items: { objectType: string; url: string }[] }>(
      owner,
      'GET',
      `search?searchText=${estimate.number}`,
    );
    expect(found.items).toContainEqual(
      expect.objectContaining({ objectType: 'salesEstimate', url: `salesestimate/${estimate._id}` }),
    );
  });

  it('answers 996 to a trial organisation and keeps nothing', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    for (const res of [
      await call(trial, 'GET', 'salesestimates'),
      await call(trial, 'POST', 'salesestimates/create', { customerId: MISSING, lines: [] }),
      await call(trial, 'POST', 'salesestimates/price', { customerId: MISSING, lines: [] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.details).toMatchObject({ guardCode: 996 });
    }
    expect(await estimateCount(trial)).toBe(0);
  });

  it('answers another organisation’s estimate exactly like a missing one and changes nothing', async () => {
    const mine = await create(owner, { customerId: await customer(owner), lines: [] });
    for (const id of [mine._id, MISSING]) {
      const answers = [
        await call(other, 'GET', `salesestimate/${id}`),
        await call(other, 'POST', `salesestimate/${id}/update`, { notes: 'Theirs now' }),
        await call(other, 'POST', `salesestimate/${id}/accept`, {}),
        await call(other, 'GET', `salesestimate/${id}/recheck`),
        await call(other, 'POST', `salesestimate/${id}/delete`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('This sales estimate was not found');
      }
    }
    expect(await ok<Estimate>(owner, 'GET', `salesestimate/${mine._id}`)).toMatchObject({
      status: 'draft',
      notes: '',
    });
  });

  it('refuses a line naming another organisation’s assembly with 404 naming the line, and writes nothing', async () => {
    const theirCustomer = await customer(other);
    const before = await estimateCount(other);
    const res = await call(other, 'POST', 'salesestimates/create', {
      customerId: theirCustomer,
      lines: [
        { type: 'labour', description: 'Crimping', quantity: 1 },
        { type: 'freight', description: 'Courier', quantity: 1, unitPriceOverride: 100 },
        { type: 'assembly', itemId: assembly._id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Line 3: this hose assembly was not found');
    expect(await estimateCount(other)).toBe(before);
  });
});
