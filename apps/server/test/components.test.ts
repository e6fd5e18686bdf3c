/**
 * The component library through the real app: every kind created, read, listed, searched, updated and
 * deleted by an admin; regular users read only; catalogue data is read-only; organisations never see each
 * other's items; the builder's "which fittings fit this hose" answers from the demo catalogue.
 */
import { COMPONENT_KIND_INFO, COMPONENT_KINDS, type Component } from '@hosewright/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const BASE = '/api/v1/organization';

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `${BASE}/${url}`,
    headers: bearer(token),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

let a: TestTenant;
let b: TestTenant;
beforeAll(async () => {
  a = await createTenant(t, { tier: 'trial', name: 'Alpha Hydraulics' });
  b = await createTenant(t, { tier: 'professional', name: 'Bravo Hose' });
});

describe.each(COMPONENT_KINDS.map((k) => [k]))('%s', (kind) => {
  const info = COMPONENT_KIND_INFO[kind];

  it('an admin creates, reads, lists, searches, updates and deletes it', async () => {
    const input = componentInput(kind, { description: `Searchable ${kind} zebra` });
    const created = await call(a.adminToken, 'POST', `${info.slug}/new/update`, input);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ kind, origin: 'custom', partNumber: input.partNumber });
    const id = created.body._id as string;

    const read = await call(a.regularToken, 'GET', `${info.slug}/${id}`);
    expect(read.body).toMatchObject({ _id: id, partNumber: input.partNumber, brand: 'ACME' });
    const generic = await call(a.regularToken, 'GET', `item/${id}`);
    expect(generic.body._id).toBe(id);

    for (const path of new Set([info.listPath, info.customListPath])) {
      const list = await call(a.regularToken, 'GET', `${path}?q=zebra`);
      expect(list.status).toBe(200);
      expect(list.body.items.map((c: Component) => c._id)).toContain(id);
    }

    const updated = await call(a.adminToken, 'POST', `${info.slug}/${id}/update`, {
      ...input,
      description: 'Changed by the admin',
      cost: 9.75,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ description: 'Changed by the admin', cost: 9.75 });

    expect((await call(a.adminToken, 'POST', `${info.slug}/${id}/delete`)).status).toBe(200);
    expect((await call(a.adminToken, 'GET', `${info.slug}/${id}`)).status).toBe(404);
  });

  it('a regular user may read but not write', async () => {
    const res = await call(a.regularToken, 'POST', `${info.slug}/new/update`, componentInput(kind));
    expect(res.status).toBe(403);
    expect(res.body.details.guardCode).toBe(845);
  });

  it('is invisible to another organisation, exactly like a missing item', async () => {
    const created = await call(a.adminToken, 'POST', `${info.slug}/new/update`, componentInput(kind));
    const id = created.body._id as string;
    const foreign = await call(b.adminToken, 'GET', `${info.slug}/${id}`);
    const missing = await call(b.adminToken, 'GET', `${info.slug}/00000000-0000-4000-8000-000000000000`);
    expect(foreign).toEqual(missing);
    const list = await call(b.adminToken, 'GET', info.listPath);
    expect(list.body.items.map((c: Component) => c._id)).not.toContain(id);
    const write = await call(b.adminToken, 'POST', `${info.slug}/${id}/update`, componentInput(kind));
    expect(write.status).toBe(404);
  });
});

describe('validation a person understands', () => {
  it('names the field and the rule', async () => {
    const res = await call(
      a.adminToken,
      'POST',
      'hose/new/update',
      componentInput('hose', { dash: -7, workingPressurePsi: 5000, burstPressurePsi: 4000, partNumber: '' }),
    );
    expect(res.status).toBe(400);
    const issues = res.body.details.issues as { path: string[]; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['partNumber'], message: 'Enter a part number' },
        {
          path: ['dash'],
          message: 'Dash size must be one of -3, -4, -5, -6, -8, -10, -12, -16, -20, -24, -32',
        },
      ]),
    );
  });

  it('refuses a duplicate part number of the same brand, case-insensitively, and changes nothing', async () => {
    const input = componentInput('crimpFitting', { partNumber: 'DUP-1' });
    expect((await call(a.adminToken, 'POST', 'crimpfitting/new/update', input)).status).toBe(200);
    const again = await call(a.adminToken, 'POST', 'crimpfitting/new/update', {
      ...input,
      partNumber: 'dup-1',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Part number dup-1 (ACME) already exists');
    const list = await call(a.adminToken, 'GET', 'crimpfittings?q=dup-1');
    expect(list.body.total).toBe(1);
  });

  it('reads list paging leniently but refuses filter values it does not know, with a message', async () => {
    const lenient = await call(a.adminToken, 'GET', 'hoses?sort=colour&order=DESC&page=0&itemsPerPage=9999');
    expect(lenient.status).toBe(200);
    expect(lenient.body.page).toBe(1);
    const origin = await call(a.adminToken, 'GET', 'hoses?origin=elsewhere');
    expect(origin.status).toBe(400);
    expect(origin.body.message).toBe('origin must be catalogue or custom');
    const gender = await call(a.adminToken, 'GET', 'crimpfittings?gender=M,X');
    expect(gender.status).toBe(400);
    expect(gender.body.message).toBe('gender must be M, F or -');
  });
});

describe('sample data and the demo catalogue', () => {
  let tenant: TestTenant;
  const hoseId = async (partNumber: string) =>
    (await call(tenant.adminToken, 'GET', `hoses?q=${partNumber}`)).body.items[0]._id as string;

  beforeAll(async () => {
    tenant = await createTenant(t, { tier: 'enterprise' });
  });

  it('is offered, loaded as read-only catalogue data, and removable without touching custom items', async () => {
    expect((await call(tenant.adminToken, 'GET', 'sampledata')).body).toEqual({ loaded: false, count: 0 });
    const loaded = await call(tenant.adminToken, 'POST', 'sampledata/load');
    expect(loaded.body).toEqual({ loaded: true, count: 45 });
    // Loading twice changes nothing.
    expect((await call(tenant.adminToken, 'POST', 'sampledata/load')).body.count).toBe(45);

    const hoses = await call(tenant.regularToken, 'GET', 'hoses?origin=catalogue&itemsPerPage=100');
    expect(hoses.body.total).toBe(9);
    const gen = hoses.body.items.find((h: Component) => h.partNumber === 'GEN-2SN-08');
    expect(gen).toMatchObject({ brand: 'GEN', dash: -8, series: 'SN', workingPressurePsi: 4000, cost: 4.1 });

    const change = await call(tenant.adminToken, 'POST', `hose/${gen._id}/update`, {
      ...gen,
      description: 'mine now',
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toMatch(/catalogue data from GEN and cannot be changed/);

    const own = await call(tenant.adminToken, 'POST', 'hose/new/update', componentInput('hose'));
    expect((await call(tenant.adminToken, 'POST', 'sampledata/delete')).body).toEqual({
      loaded: false,
      count: 0,
    });
    const after = await call(tenant.adminToken, 'GET', 'hoses');
    expect(after.body.items.map((h: Component) => h._id)).toEqual([own.body._id]);
    await call(tenant.adminToken, 'POST', 'sampledata/load');
  });

  it('answers which fittings and ferrules fit a hose, explaining every exclusion', async () => {
    const id = await hoseId('GEN-2SN-08');
    const res = await call(tenant.regularToken, 'GET', `hose/${id}/compatible`);
    expect(res.status).toBe(200);
    const fits = res.body.fittings.filter((f: { compatible: boolean }) => f.compatible);
    expect(fits.length).toBe(11);
    for (const f of fits) {
      expect(f.item.series).toBe('SN');
      expect(f.item.dash).toBe(-8);
      expect(f.ferrule.partNumber).toBe('FER-SN-08');
    }
    const excluded = res.body.fittings.filter((f: { compatible: boolean }) => !f.compatible);
    expect(excluded.length).toBeGreaterThan(0);
    for (const f of excluded) expect(f.exclusions.length).toBeGreaterThan(0);

    const withFerrules = await call(tenant.regularToken, 'GET', `crimpfittingswithferrules?hoseId=${id}`);
    expect(withFerrules.body.total).toBe(11);
    const fitting = withFerrules.body.items[0];
    const ferrule = await call(
      tenant.regularToken,
      'GET',
      `ferrule?hoseId=${id}&crimpFittingId=${fitting._id}`,
    );
    expect(ferrule.body.total).toBe(1);
    expect(ferrule.body.items.map((f: Component) => f.partNumber)).toEqual(['FER-SN-08']);

    const skived = await call(tenant.regularToken, 'GET', `hose/${await hoseId('GEN-R13-12')}/compatible`);
    const skivedFits = skived.body.fittings.filter((f: { compatible: boolean }) => f.compatible);
    expect(skivedFits.map((f: { item: Component }) => f.item.partNumber)).toEqual(['F-XS-12-FJX90']);
    expect(skivedFits[0].ferrule.partNumber).toBe('FER-XS-12');

    const suction = await call(tenant.regularToken, 'GET', `hose/${await hoseId('GEN-R4-24')}/compatible`);
    expect(suction.body.fittings.every((f: { compatible: boolean }) => !f.compatible)).toBe(true);
  });

  it('lists every crimp fitting with its ferrule, without a hose', async () => {
    const all = await call(
      tenant.regularToken,
      'GET',
      'crimpfittingswithferrules?brand=GEN&itemsPerPage=100',
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(22);
    const ferruleOf = (partNumber: string) =>
      all.body.items.find((f: Component) => f.partNumber === partNumber)?.ferrule?.partNumber ?? null;
    expect(ferruleOf('F-SN-08-FJX90')).toBe('FER-SN-08');
    expect(ferruleOf('F-XS-12-FJX90')).toBe('FER-XS-12');
    expect(ferruleOf('F-SN-04-FJX')).toBe('FER-SN-04');
    expect(ferruleOf('F-XS-10-FJX')).toBe('FER-XS-10');
    // One-piece: it takes none. A two-piece fitting the library has no ferrule for: none either.
    expect(ferruleOf('F-TP-04-BANJO')).toBeNull();
    expect(ferruleOf('F-SN-12-FJX')).toBeNull();

    const paged = await call(
      tenant.regularToken,
      'GET',
      'crimpfittingswithferrules?brand=GEN&itemsPerPage=5&page=2',
    );
    expect(paged.body).toMatchObject({ total: 22, page: 2 });
    expect(paged.body.items).toHaveLength(5);
  });

  it('lists ferrules without a hose: every one, or those a fitting takes', async () => {
    const every = await call(tenant.regularToken, 'GET', 'ferrule?brand=GEN');
    expect(every.status).toBe(200);
    expect(every.body.items.map((f: Component) => f.partNumber)).toEqual([
      'FER-SN-04',
      'FER-SN-06',
      'FER-SN-08',
      'FER-SP-16',
      'FER-XS-10',
      'FER-XS-12',
    ]);
    const fittingId = async (partNumber: string) =>
      (await call(tenant.regularToken, 'GET', `crimpfittings?q=${partNumber}`)).body.items[0]._id as string;
    const takes = async (partNumber: string) =>
      (
        await call(tenant.regularToken, 'GET', `ferrule?crimpFittingId=${await fittingId(partNumber)}`)
      ).body.items.map((f: Component) => f.partNumber);
    expect(await takes('F-SN-08-FJX90')).toEqual(['FER-SN-08']);
    expect(await takes('F-XS-12-FJX90')).toEqual(['FER-XS-12']);
    expect(await takes('F-TP-04-BANJO')).toEqual([]);

    const forHose = await call(tenant.regularToken, 'GET', `ferrule?hoseId=${await hoseId('GEN-2SN-08')}`);
    expect(forHose.body.items.map((f: Component) => f.partNumber)).toEqual(['FER-SN-08']);
    const missing = await call(
      tenant.regularToken,
      'GET',
      'ferrule?crimpFittingId=00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('keeps crimp specs per hose and fitting series, versioned', async () => {
    const id = await hoseId('GEN-2SN-08');
    const specs = await call(tenant.regularToken, 'GET', `hose/${id}/crimpspecs`);
    expect(specs.body).toEqual([
      expect.objectContaining({
        fittingSeries: 'SN',
        crimpOdMm: 24.4,
        toleranceMm: 0.2,
        die: 'D-24',
        revision: 'A',
      }),
    ]);
    const next = await call(tenant.adminToken, 'POST', 'crimpspec/new/update', {
      hoseId: id,
      fittingSeries: 'SN',
      crimpOdMm: 24.5,
      toleranceMm: 0.2,
      die: 'D-24',
      revision: 'B',
    });
    expect(next.status).toBe(200);
    const same = await call(tenant.adminToken, 'POST', 'crimpspec/new/update', {
      hoseId: id,
      fittingSeries: 'SN',
      crimpOdMm: 24.6,
      toleranceMm: 0.2,
      die: 'D-24',
      revision: 'B',
    });
    expect(same.status).toBe(409);
    expect((await call(tenant.regularToken, 'GET', `hose/${id}/crimpspecs`)).body).toHaveLength(2);
  });

  it('lists coupling series with what each holds', async () => {
    const res = await call(tenant.regularToken, 'GET', 'couplingseriesdetails');
    const sn = res.body.find((s: { code: string }) => s.code === 'SN');
    expect(sn).toMatchObject({ brand: 'GEN', skive: false, origin: 'catalogue' });
    expect(sn.hoses).toBe(4);
    expect(sn.ferrules).toBe(3);
  });

  it('filters by key attributes, sorts and pages on the server', async () => {
    const all = await call(
      tenant.regularToken,
      'GET',
      'crimpfittings?dash=-8&endType=JIC37&itemsPerPage=100',
    );
    expect(all.body.total).toBeGreaterThan(2);
    for (const f of all.body.items) expect(f).toMatchObject({ dash: -8, endType: 'JIC37' });
    // Dash sizes are said without the minus; searchText is the free text too.
    const said = await call(
      tenant.regularToken,
      'GET',
      'crimpfittings?dash=8&endType=JIC37&itemsPerPage=100',
    );
    expect(said.body.total).toBe(all.body.total);
    const text = await call(tenant.regularToken, 'GET', 'crimpfittings?searchText=F-SN-08-FJX90');
    expect(text.body.items.map((f: Component) => f.partNumber)).toEqual(['F-SN-08-FJX90']);

    const sorted = await call(
      tenant.regularToken,
      'GET',
      'crimpfittings?sort=cost&order=desc&itemsPerPage=3&page=2',
    );
    expect(sorted.body.page).toBe(2);
    expect(sorted.body.items).toHaveLength(3);
    const costs = sorted.body.items.map((f: Component) => f.cost);
    expect([...costs].sort((x, y) => y - x)).toEqual(costs);

    const elbows = await call(tenant.regularToken, 'GET', 'crimpfittings?angle=90,45&gender=F');
    for (const f of elbows.body.items) {
      expect([45, 90]).toContain(f.angle);
      expect(f.gender).toBe('F');
    }
    const every = await call(tenant.regularToken, 'GET', 'items?q=gen-&itemsPerPage=500');
    expect(every.body.total).toBe(9);
  });
});

describe('Parker catalogue visibility', () => {
  it('shows Parker catalogue items only where the organisation has Parker', async () => {
    const tenant = await createTenant(t, { tier: 'professional' });
    const [row] = await t.database.withTenant(tenant.organizationId, (tx) =>
      tx
        .insert(components)
        .values({
          organizationId: tenant.organizationId,
          kind: 'hose',
          origin: 'catalogue',
          partNumber: '471TC-8',
          brand: 'Parker',
          series: '70',
          dash: -8,
          workingPressurePsi: 4000,
          skive: false,
        })
        .returning(),
    );
    expect((await call(tenant.adminToken, 'GET', 'hasparker')).body).toBe(false);
    expect((await call(tenant.adminToken, 'GET', 'hoses')).body.total).toBe(0);
    expect((await call(tenant.adminToken, 'GET', `hose/${row!.id}`)).status).toBe(404);

    await call(tenant.adminToken, 'POST', 'update', { hasParker: true });
    expect((await call(tenant.adminToken, 'GET', 'hasparker')).body).toBe(true);
    expect((await call(tenant.adminToken, 'GET', 'hoses')).body.total).toBe(1);
  });
});

describe('next part number', () => {
  it('follows the organisation pattern and skips numbers in use', async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    expect((await call(tenant.adminToken, 'GET', 'nextpartnumber')).body).toEqual({
      partNumber: 'C-00001',
      pattern: 'C-{00000}',
    });
    await call(
      tenant.adminToken,
      'POST',
      'otheritem/new/update',
      componentInput('otherItem', { partNumber: 'C-00041' }),
    );
    expect((await call(tenant.adminToken, 'GET', 'nextpartnumber')).body.partNumber).toBe('C-00042');
    const bad = await call(tenant.adminToken, 'POST', 'update', { partNumberPattern: 'HW-123' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Write the pattern with one run of zeros in braces, e.g. C-{00000}');
    await call(tenant.adminToken, 'POST', 'update', { partNumberPattern: 'HW-{0000}-X' });
    expect((await call(tenant.adminToken, 'GET', 'nextpartnumber')).body.partNumber).toBe('HW-0001-X');
  });
});

describe('product groups, suppliers and locations', () => {
  it.each([['productgroups'], ['suppliers'], ['locations']])(
    '%s are replaced as a list by admins',
    async (list) => {
      const items = [
        { code: 'HOSE', name: 'Hose' },
        { code: 'FIT', name: 'Fittings' },
      ];
      expect((await call(a.adminToken, 'POST', `${list}/update`, { items })).body).toEqual(items);
      expect((await call(a.regularToken, 'GET', list)).body).toEqual(items);
      expect((await call(b.regularToken, 'GET', list)).body).toEqual([]);
      const dup = await call(a.adminToken, 'POST', `${list}/update`, {
        items: [...items, { code: 'hose', name: 'x' }],
      });
      expect(dup.status).toBe(400);
      expect(dup.body.message).toBe('Each code can appear only once');
      expect((await call(a.regularToken, 'POST', `${list}/update`, { items })).status).toBe(403);
      expect((await call(a.regularToken, 'GET', list)).body).toEqual(items);
    },
  );
});

describe('pending items', () => {
  it('a regular user proposes, an admin approves into a custom item or rejects with a note', async () => {
    const proposal = componentInput('adaptor', { partNumber: 'PROPOSED-1' });
    const submitted = await call(a.regularToken, 'POST', 'pendingitems/create', proposal);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'pending', partNumber: 'PROPOSED-1', kind: 'adaptor' });

    const mine = await call(a.regularToken, 'GET', 'pendingitems?status=pending');
    expect(mine.body.items.map((p: { _id: string }) => p._id)).toContain(submitted.body._id);
    expect((await call(b.adminToken, 'GET', 'pendingitems')).body.total).toBe(0);

    expect((await call(a.regularToken, 'POST', `pendingitem/${submitted.body._id}/approve`)).status).toBe(
      403,
    );
    const approved = await call(a.adminToken, 'POST', `pendingitem/${submitted.body._id}/approve`, {
      note: 'ok',
    });
    expect(approved.body).toMatchObject({ status: 'approved', reviewNote: 'ok' });
    const item = await call(a.regularToken, 'GET', `adaptor/${approved.body.componentId}`);
    expect(item.body).toMatchObject({ partNumber: 'PROPOSED-1', origin: 'custom' });
    expect((await call(a.adminToken, 'POST', `pendingitem/${submitted.body._id}/reject`)).status).toBe(409);

    const other = await call(a.regularToken, 'POST', 'pendingitems/create', componentInput('wrap'));
    const rejected = await call(a.adminToken, 'POST', `pendingitem/${other.body._id}/reject`, {
      note: 'We stock the nylon sleeve instead',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      reviewNote: 'We stock the nylon sleeve instead',
    });
  });

  it('refuses an invalid proposal with the same messages as the form', async () => {
    const res = await call(
      a.regularToken,
      'POST',
      'pendingitems/create',
      componentInput('hose', { dash: 3 }),
    );
    expect(res.status).toBe(400);
  });
});

describe('a component something depends on', () => {
  it('is kept, with a message that says why and what to do instead', async () => {
    const shop = await createTenant(t, { tier: 'professional', name: 'Keeper Hydraulics' });
    const ids = await sampleParts(t, shop);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hoseassembly/new/update',
      headers: bearer(shop.adminToken),
      payload: exampleInput(ids) as unknown as Record<string, unknown>,
    });
    expect(made.statusCode, made.body).toBe(200);
    const hoseId = ids['GEN-2SN-08'];
    const refused = await call(shop.adminToken, 'POST', `item/${hoseId}/delete`);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'GEN-2SN-08 is used in hose assemblies: make it inactive instead of deleting it',
    ]);
    expect((await call(shop.adminToken, 'GET', `hose/${hoseId}`)).status).toBe(200);
  });
});
