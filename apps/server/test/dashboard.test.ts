/**
 * The dashboard's figures (`getDashboard`) against a shop seeded through the API as a shop would make its
 * data, with timestamps moved back where a figure depends on the day: every count and sum is checked exactly,
 * another organisation's data never shows, and a section the viewer's tier or role may not open is null.
 */
import type { Dashboard, Estimate, WorkOrder } from '@hosewright/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import {
  currencies,
  hoseAssemblies,
  hoseAssemblySerials,
  importLogs,
  notifications,
  organizationSettings,
  salesEstimates,
  workOrders,
} from '../src/db/schema.ts';
import { currentWeek } from '../src/modules/dashboard/service.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { exampleInput, hoseAssemblyFixture, sampleParts } from './fixtures-assemblies.ts';
import { customerFixture } from './fixtures-customers.ts';
import { draftEstimate, markSent } from './fixtures-estimates.ts';
import { api, PASSING_STEPS, stockedAssembly } from './fixtures-workorders.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { HOSE_FIELDS, hoseValues, importFile, multipartBody, rowOf, toCsv } from './import-fixtures.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const DAY_MS = 86_400_000;
/** The UTC day `offset` days from today, 'YYYY-MM-DD' (the dashboard's days when no time zone is asked). */
const dayFrom = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** Noon UTC of that day: safely inside it. */
const noonOf = (offset: number) => new Date(`${dayFrom(offset)}T12:00:00Z`);

async function dashboard(token: string): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

/** Changes the seeded rows as the tenant (moving timestamps back where a figure depends on the day). */
const within = <T>(owner: TestTenant, fn: (tx: Tx) => Promise<T>) =>
  t.database.withTenant(owner.organizationId, fn);

/** A hose import whose one row is refused: the import fails and notifies the admin who started it. */
async function failedImport(owner: TestTenant, name: string): Promise<string> {
  const content = toCsv(HOSE_FIELDS, [rowOf(HOSE_FIELDS, hoseValues(`BAD-${name}`, { active: 'maybe' }))]);
  const { details } = await importFile(t, owner.adminToken, 'hose', { name, content });
  expect(details.status).toBe('failed');
  return details.importId;
}

/** A work order of one unit of `hoseAssemblyId` from `warehouseId`, due on `dueDate`. */
function workOrder(
  owner: TestTenant,
  stock: { warehouseId: string; hoseAssemblyId: string },
  dueDate: string | null,
): Promise<WorkOrder> {
  return api<WorkOrder>(
    t,
    owner,
    'workorders/create',
    {
      from: 'assemblies',
      warehouseId: stock.warehouseId,
      lines: [{ hoseAssemblyId: stock.hoseAssemblyId, quantity: 1 }],
      dueDate,
      description: 'Dashboard work order',
    },
    201,
  );
}

async function buildEveryUnit(owner: TestTenant, order: WorkOrder): Promise<void> {
  for (const unit of order.units) {
    for (const step of PASSING_STEPS) {
      await api(t, owner, `workorder/${order._id}/unit/${unit._id}/step`, step);
    }
  }
}

describe('the dashboard of a seeded professional shop', () => {
  let shop: TestTenant;
  let other: TestTenant;
  const expected = {
    sentValue: 0,
    acceptedValue: 0,
    cadTotal: 0,
    failedImportId: '',
    lowStockParts: [] as string[],
    pictureBytes: 0,
  };

  beforeAll(async () => {
    shop = await createTenant(t, { tier: 'professional', name: 'Prairie Hydraulics' });
    other = await createTenant(t, { tier: 'professional', name: 'Other Hoses' });

    // Another organisation with some of everything: none of it may show in the shop's figures.
    const otherStock = await stockedAssembly(t, other, 3);
    await api(t, other, `hoseassembly/${otherStock.hoseAssemblyId}/serials`, { quantity: 4 });
    await workOrder(other, otherStock, dayFrom(-2));
    const otherEstimate = await draftEstimate(t, other);
    await markSent(t, other, otherEstimate._id);
    await api(t, other, 'inventory/reorderpoint/update', {
      componentId: otherStock.parts['F-SN-04-FJX'],
      warehouseId: otherStock.warehouseId,
      reorderPoint: 10,
      unit: 'each',
    });
    await failedImport(other, 'other.csv');

    // Work orders: one of each kind of lateness, from one warehouse holding enough for all of them.
    const stock = await stockedAssembly(t, shop, 8);
    const late = await workOrder(shop, stock, dayFrom(-3));
    expect(late.status).toBe('draft');
    await workOrder(shop, stock, null);
    const dueLastDay = await workOrder(shop, stock, dayFrom(6));
    await api(t, shop, `workorder/${dueLastDay._id}/release`);
    const dueAfterWeek = await workOrder(shop, stock, dayFrom(7));
    await api(t, shop, `workorder/${dueAfterWeek._id}/release`);
    const onTheBench = await workOrder(shop, stock, dayFrom(0));
    const benchReleased = await api<WorkOrder>(t, shop, `workorder/${onTheBench._id}/release`);
    await api(
      t,
      shop,
      `workorder/${onTheBench._id}/unit/${benchReleased.units[0]!._id}/step`,
      PASSING_STEPS[0],
    );
    const cancelled = await workOrder(shop, stock, dayFrom(-1));
    await api(t, shop, `workorder/${cancelled._id}/cancel`, { reason: 'Customer bought new' });
    const cancelledLongAgo = await workOrder(shop, stock, dayFrom(-20));
    await api(t, shop, `workorder/${cancelledLongAgo._id}/cancel`, { reason: 'Duplicate' });
    const completedLongAgo = await workOrder(shop, stock, dayFrom(-15));
    await buildEveryUnit(shop, await api<WorkOrder>(t, shop, `workorder/${completedLongAgo._id}/release`));
    await api(t, shop, `workorder/${completedLongAgo._id}/complete`);
    const completedToday = await workOrder(shop, stock, dayFrom(-1));
    await buildEveryUnit(shop, await api<WorkOrder>(t, shop, `workorder/${completedToday._id}/release`));
    await within(shop, async (tx) => {
      await tx
        .update(workOrders)
        .set({ updatedAt: noonOf(-9) })
        .where(eq(workOrders.id, cancelledLongAgo._id));
      await tx
        .update(workOrders)
        .set({ completedAt: noonOf(-8) })
        .where(eq(workOrders.id, completedLongAgo._id));
    });

    // Estimates: base currency USD, CAD at 1.37 (customerFixture adds it).
    const customer = await customerFixture(t, shop);
    const cadCustomer = (
      await api(t, shop, 'customer/new/update', { name: 'Maple Hydraulics', currency: 'CAD' })
    )._id;
    const sent = await draftEstimate(t, shop, customer);
    await markSent(t, shop, sent._id);
    const accepted = await draftEstimate(t, shop, customer);
    await markSent(t, shop, accepted._id);
    const acceptedAnswer = await api<Estimate>(t, shop, `salesestimate/${accepted._id}/accept`, {});
    // Accepting made a draft work order (no due day): it is counted with the other drafts.
    expect(acceptedAnswer.workOrders).toHaveLength(1);
    const cad = await draftEstimate(t, shop, cadCustomer);
    expect(cad.currency).toBe('CAD');
    await markSent(t, shop, cad._id);
    const sentLastWeek = await draftEstimate(t, shop, customer);
    await markSent(t, shop, sentLastWeek._id);
    await draftEstimate(t, shop, customer);
    await within(shop, (tx) =>
      tx
        .update(salesEstimates)
        .set({ sentAt: noonOf(-10), status: 'accepted', decidedAt: noonOf(-7) })
        .where(eq(salesEstimates.id, sentLastWeek._id)),
    );
    for (const e of [sent, accepted, cad]) expect(e.total).toBeGreaterThan(0);
    expected.cadTotal = cad.total;
    expected.sentValue = sent.total + accepted.total + Math.round(cad.total / 1.37);
    expected.acceptedValue = accepted.total;

    // Low stock: six items with nothing on hand under a reorder point, and one with plenty over its point.
    const parts = await sampleParts(t, shop);
    expected.lowStockParts = [
      'F-SN-04-FJX',
      'F-SN-06-FJX',
      'F-SN-06-FJX90',
      'FER-SN-04',
      'FER-SN-06',
      'A-MJ08-MORB08',
    ];
    for (const partNumber of expected.lowStockParts) {
      await api(t, shop, 'inventory/reorderpoint/update', {
        componentId: parts[partNumber],
        warehouseId: stock.warehouseId,
        reorderPoint: 4,
        unit: 'each',
      });
    }
    await api(t, shop, 'inventory/reorderpoint/update', {
      componentId: parts['FER-SN-08'],
      warehouseId: stock.warehouseId,
      reorderPoint: 1,
      unit: 'each',
    });

    // Imports: one failed today, one failed last week; each told the admin.
    expected.failedImportId = await failedImport(shop, 'today.csv');
    const oldImport = await failedImport(shop, 'last-week.csv');
    await within(shop, (tx) =>
      tx
        .update(importLogs)
        .set({ createdAt: noonOf(-9), finishedAt: noonOf(-9) })
        .where(eq(importLogs.id, oldImport)),
    );

    // Notifications: two more for the admin, one of them read; one for the regular member.
    for (const description of ['Price list published', 'Stock take done']) {
      await notify(t.database, {
        organizationId: shop.organizationId,
        userId: shop.adminId,
        status: 2,
        description,
        url: 'dashboard',
      });
    }
    await notify(t.database, {
      organizationId: shop.organizationId,
      userId: shop.regularId,
      status: 2,
      description: 'Welcome',
      url: 'dashboard',
    });
    await within(shop, (tx) =>
      tx
        .update(notifications)
        .set({ viewStatus: 2 })
        .where(and(eq(notifications.userId, shop.adminId), eq(notifications.description, 'Stock take done'))),
    );

    // A picture: its bytes count against the plan's storage.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    expected.pictureBytes = png.length;
    const body = multipartBody({}, { name: 'hose.png', content: png });
    const picture = await t.app.inject({
      method: 'POST',
      url: `/api/v1/image/${parts['GEN-2SN-08']}`,
      headers: { ...bearer(shop.adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(picture.statusCode, picture.body).toBe(200);

    // The week's assemblies and units: everything made so far moves to before the week, then the week is
    // made afresh, with one of each at the edges of the week.
    await within(shop, async (tx) => {
      const old = noonOf(-30);
      await tx
        .update(hoseAssemblies)
        .set({ createdAt: old })
        .where(eq(hoseAssemblies.organizationId, shop.organizationId));
      await tx
        .update(hoseAssemblySerials)
        .set({ builtAt: old })
        .where(eq(hoseAssemblySerials.organizationId, shop.organizationId));
    });
    const todays = [await hoseAssemblyFixture(t, shop), await hoseAssemblyFixture(t, shop)];
    // A revision is an edit of an assembly, not a new one.
    const revised = await api(
      t,
      shop,
      `hoseassembly/${todays[0]}/update`,
      exampleInput(parts, { overallLengthMm: 1200 }),
    );
    expect(revised._id).not.toBe(todays[0]);
    const firstDay = await hoseAssemblyFixture(t, shop);
    const dayBefore = await hoseAssemblyFixture(t, shop);
    const twoDaysAgo = await hoseAssemblyFixture(t, shop);
    const made = await api<{ items: { serialId: string }[] }>(t, shop, `hoseassembly/${todays[1]}/serials`, {
      quantity: 4,
    });
    await within(shop, async (tx) => {
      const at = (id: string, createdAt: Date) =>
        tx.update(hoseAssemblies).set({ createdAt }).where(eq(hoseAssemblies.id, id));
      await at(firstDay, new Date(`${dayFrom(-6)}T00:00:00.000Z`));
      await at(dayBefore, new Date(new Date(`${dayFrom(-6)}T00:00:00.000Z`).getTime() - 1000));
      await at(twoDaysAgo, noonOf(-2));
      const serials = made.items.map((s) => s.serialId);
      await tx
        .update(hoseAssemblySerials)
        .set({ builtAt: new Date(`${dayFrom(-6)}T00:00:01.000Z`) })
        .where(inArray(hoseAssemblySerials.serialId, serials.slice(0, 1)));
      await tx
        .update(hoseAssemblySerials)
        .set({ builtAt: noonOf(-2) })
        .where(inArray(hoseAssemblySerials.serialId, serials.slice(1, 2)));
    });
    // Completing a work order records its unit: tagged today.
    await api(t, shop, `workorder/${completedToday._id}/complete`);
  });

  it('counts the new assemblies and the tagged units of each of the last seven UTC days', async () => {
    const { week } = await dashboard(shop.adminToken);
    expect(week.days.map((d) => d.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(dayFrom));
    expect(week.days.map((d) => d.assembliesBuilt)).toEqual([1, 0, 0, 0, 1, 0, 2]);
    // Two of the four recorded by hand today, one moved to each edge; the completed work order's unit.
    expect(week.days.map((d) => d.unitsTagged)).toEqual([1, 0, 0, 0, 1, 0, 3]);
  });

  it('counts the work orders by status, with those due this week and those late', async () => {
    const { workOrders: figures } = await dashboard(shop.adminToken);
    expect(figures).toEqual({
      // The late one, the undated one and the estimate's; the two released; the one with a step done.
      byStatus: { draft: 3, released: 2, inProgress: 1, completed: 1, cancelled: 1 },
      // Due today (on the bench) and on the week's last day; late three days ago.
      due: 2,
      late: 1,
    });
  });

  it("adds up the week's sent and accepted estimates in the base currency", async () => {
    const { estimates } = await dashboard(shop.regularToken);
    expect(estimates).toEqual({
      currency: 'USD',
      sent: { count: 3, value: expected.sentValue },
      accepted: { count: 1, value: expected.acceptedValue },
      unconverted: 0,
    });
  });

  it('lists the first five low stock lines and counts them all', async () => {
    const { lowStock } = await dashboard(shop.regularToken);
    expect(lowStock?.total).toBe(6);
    expect(lowStock?.items).toHaveLength(5);
    for (const line of lowStock?.items ?? []) {
      expect(expected.lowStockParts).toContain(line.component.partNumber);
      expect(line).toMatchObject({ onHand: 0, reorderPoint: 4, stockUnit: 'each' });
    }
  });

  it("names the week's failed imports with their logs, and the viewer's unread notifications", async () => {
    const admin = await dashboard(shop.adminToken);
    expect(admin.attention).toEqual({
      importsFailed: {
        total: 1,
        items: [
          {
            importId: expected.failedImportId,
            kind: 'hose',
            fileName: 'today.csv',
            failedAt: expect.any(String),
            url: `components/import?log=${expected.failedImportId}`,
          },
        ],
      },
      // Two failed imports and one of the two notes; the other was read.
      notificationsUnread: 3,
    });
    const regular = await dashboard(shop.regularToken);
    // Imports are the admins'; the member has one note of their own.
    expect(regular.attention).toEqual({ importsFailed: null, notificationsUnread: 1 });
  });

  it("measures the plan's limits against what the shop has", async () => {
    const { usage, counts } = await dashboard(shop.adminToken);
    const customers = counts.customers ?? -1;
    const assemblies = counts.hoseAssemblies ?? -1;
    // Two customers; the latest revision of every part number made above (the count the limit uses).
    // The stocked one, one per estimate (five) and the five of the week.
    expect(customers).toBe(2);
    expect(assemblies).toBe(11);
    expect(usage).toEqual([
      { key: 'customers', used: 2, limit: 1000 },
      { key: 'hoseAssemblies', used: assemblies, limit: 10000 },
      { key: 'hoseKits', used: 0, limit: 2000 },
      { key: 'imageStorageBytes', used: expected.pictureBytes, limit: 2 * 1024 * 1024 * 1024 },
    ]);
  });

  it('shows the other organisation its own figures only', async () => {
    const theirs = await dashboard(other.adminToken);
    // The stocked assembly and the estimate's.
    expect(theirs.week.days.at(-1)).toMatchObject({ assembliesBuilt: 2, unitsTagged: 4 });
    expect(theirs.workOrders).toEqual({
      byStatus: { draft: 1, released: 0, inProgress: 0, completed: 0, cancelled: 0 },
      due: 0,
      late: 1,
    });
    expect(theirs.estimates?.sent.count).toBe(1);
    expect(theirs.estimates?.accepted).toEqual({ count: 0, value: 0 });
    expect(theirs.lowStock?.total).toBe(1);
    expect(theirs.attention.importsFailed?.total).toBe(1);
    expect(theirs.attention.notificationsUnread).toBe(1);
  });

  it('counts an estimate in a currency without a rate, but leaves it out of the value', async () => {
    await within(shop, (tx) =>
      tx
        .delete(currencies)
        .where(and(eq(currencies.organizationId, shop.organizationId), eq(currencies.code, 'CAD'))),
    );
    const { estimates } = await dashboard(shop.adminToken);
    expect(estimates?.sent).toEqual({
      count: 3,
      value: expected.sentValue - Math.round(expected.cadTotal / 1.37),
    });
    expect(estimates?.unconverted).toBe(1);
  });
});

describe('what each plan and role sees', () => {
  it('gives a trial no work orders, estimates or low stock, and its own limits', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    const id = await hoseAssemblyFixture(t, trial);
    await api(t, trial, `hoseassembly/${id}/serials`, { quantity: 2 });
    const admin = await dashboard(trial.adminToken);
    expect(admin).toMatchObject({ workOrders: null, estimates: null, lowStock: null });
    expect(admin.week.days.at(-1)).toEqual({ date: dayFrom(0), assembliesBuilt: 1, unitsTagged: 2 });
    expect(admin.attention).toEqual({ importsFailed: { total: 0, items: [] }, notificationsUnread: 0 });
    expect(admin.usage).toEqual([
      { key: 'customers', used: 0, limit: 25 },
      { key: 'hoseAssemblies', used: 1, limit: 50 },
      { key: 'hoseKits', used: 0, limit: 10 },
      { key: 'imageStorageBytes', used: 0, limit: 50 * 1024 * 1024 },
    ]);
    const regular = await dashboard(trial.regularToken);
    expect(regular.attention.importsFailed).toBeNull();
  });

  it('sets no limit on an enterprise plan, and leaves out low stock where the shop hides inventory', async () => {
    const enterprise = await createTenant(t, { tier: 'enterprise' });
    await t.database.withTenant(enterprise.organizationId, (tx) =>
      tx
        .insert(organizationSettings)
        .values({ organizationId: enterprise.organizationId, hideInventory: true })
        .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { hideInventory: true } }),
    );
    const answer = await dashboard(enterprise.regularToken);
    expect(answer.lowStock).toBeNull();
    expect(answer.workOrders).toEqual({
      byStatus: { draft: 0, released: 0, inProgress: 0, completed: 0, cancelled: 0 },
      due: 0,
      late: 0,
    });
    expect(answer.estimates).toEqual({
      currency: 'USD',
      sent: { count: 0, value: 0 },
      accepted: { count: 0, value: 0 },
      unconverted: 0,
    });
    expect(answer.usage.map((u) => u.limit)).toEqual([null, null, null, 10 * 1024 * 1024 * 1024]);
    expect(answer.week.days.every((d) => d.assembliesBuilt === 0 && d.unitsTagged === 0)).toBe(true);
  });
});

describe("the week in the reader's time zone", () => {
  const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  async function week(token: string, timeZone: string): Promise<Map<string, number>> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dashboard?timeZone=${encodeURIComponent(timeZone)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { days } = (res.json() as Dashboard).week;
    expect(days).toHaveLength(7);
    expect(days.at(-1)?.date).toBe(dayIn(timeZone));
    return new Map(days.map((d) => [d.date, d.assembliesBuilt]));
  }

  it("counts each assembly on the day it was in the reader's time zone, today last", async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const early = await hoseAssemblyFixture(t, shop);
    const late = await hoseAssemblyFixture(t, shop);
    // 02:00 and 20:00 UTC of the same day: one day in UTC, two in Tokyo (+9) and in Vancouver (-8 or -7).
    await within(shop, async (tx) => {
      await tx
        .update(hoseAssemblies)
        .set({ createdAt: new Date(`${dayFrom(-3)}T02:00:00Z`) })
        .where(eq(hoseAssemblies.id, early));
      await tx
        .update(hoseAssemblies)
        .set({ createdAt: new Date(`${dayFrom(-3)}T20:00:00Z`) })
        .where(eq(hoseAssemblies.id, late));
    });
    expect((await week(shop.adminToken, 'UTC')).get(dayFrom(-3))).toBe(2);
    const tokyo = await week(shop.adminToken, 'Asia/Tokyo');
    expect([tokyo.get(dayFrom(-3)), tokyo.get(dayFrom(-2))]).toEqual([1, 1]);
    // Los Angeles rather than Vancouver: this test reads today with the runtime's rules, and the runtimes and
    // databases it runs on disagree about British Columbia from November 2026 (daylight time kept or not).
    const losAngeles = await week(shop.adminToken, 'America/Los_Angeles');
    expect([losAngeles.get(dayFrom(-4)), losAngeles.get(dayFrom(-3))]).toEqual([1, 1]);
    // Fourteen hours ahead of UTC and eleven behind: at any hour one of them is on another day than UTC.
    await week(shop.adminToken, 'Pacific/Kiritimati');
    await week(shop.adminToken, 'Pacific/Pago_Pago');
  });

  it('starts the week at midnight six days ago there, by the same rules the days are counted by', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const weekOf = (timeZone: string, now: string) =>
      within(shop, (tx) => currentWeek(tx, timeZone, new Date(now)));
    // 01:30 on 25 November in Kolkata (+05:30): the week is the 19th to the 25th, from 18:30 UTC on the 18th.
    const kolkata = await weekOf('Asia/Kolkata', '2026-11-24T20:00:00Z');
    expect(kolkata.days).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(kolkata.start.toISOString()).toBe('2026-11-18T18:30:00.000Z');
    // Across a clock change: Sydney's midnight of 5 April 2026 is still summer time (+11), New York's of
    // 8 March still winter time (-5), and the week's first day is the day the clocks change.
    const sydney = await weekOf('Australia/Sydney', '2026-04-11T12:00:00Z');
    expect([sydney.days[0], sydney.start.toISOString()]).toEqual(['2026-04-05', '2026-04-04T13:00:00.000Z']);
    const newYork = await weekOf('America/New_York', '2026-03-14T12:00:00Z');
    expect([newYork.days[0], newYork.start.toISOString()]).toEqual([
      '2026-03-08',
      '2026-03-08T05:00:00.000Z',
    ]);
    const utc = await weekOf('UTC', '2026-03-14T23:59:59Z');
    expect([utc.days[0], utc.days[6], utc.start.toISOString()]).toEqual([
      '2026-03-08',
      '2026-03-14',
      '2026-03-08T00:00:00.000Z',
    ]);
  });

  it('refuses a time zone it does not know, saying what it expects', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard?timeZone=Mars%2FOlympus',
      headers: bearer(shop.adminToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('timeZone must be a time zone such as America/Vancouver');
  });
});
