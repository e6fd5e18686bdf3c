/**
 * Hose kits through the real app: create, edit in place while unreleased, release then edit makes a new
 * revision (the old one stays readable), lines are checked, the BOM is priced with the customer's terms,
 * the trial's kit limit, tenant isolation, roles, global search and the kit PDF read back as text (with the
 * shop's logo, address, phone, email and terms from its settings, and every price in the kit's currency).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HoseKit, HoseKitListItem, SearchResponse } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoseAssemblies, images } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return {
    status: res.statusCode,
    body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null,
    raw: res,
  };
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages: pdf.numPages };
}

let a: TestTenant;
let b: TestTenant;
let assemblyIds: [string, string];
let clampId: string;
let customerId: string;
let seq = 0;
const partNumber = () => `KIT-${++seq}`;

beforeAll(async () => {
  a = await createTenant(t, { tier: 'professional', name: 'Alpha Hydraulics' });
  b = await createTenant(t, { tier: 'professional', name: 'Bravo Hose' });
  const ids = await sampleParts(t, a);
  const made: string[] = [];
  for (const length of [1000, 1500]) {
    const res = await call(a.adminToken, 'POST', 'hoseassembly/new/update', {
      ...exampleInput(ids, { overallLengthMm: length }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    made.push(res.body._id);
  }
  assemblyIds = made as [string, string];
  // Known costs, so the prices below are the arithmetic a person can check.
  for (const [id, cost] of [
    [assemblyIds[0], 70],
    [assemblyIds[1], 35],
  ] as const) {
    await t.database.withTenant(a.organizationId, (tx) =>
      tx
        .update(hoseAssemblies)
        .set({ cost })
        .where(and(eq(hoseAssemblies.organizationId, a.organizationId), eq(hoseAssemblies.id, id))),
    );
  }
  const clamp = await call(
    a.adminToken,
    'POST',
    'organization/otheritem/new/update',
    componentInput('otherItem', { cost: 5, productGroup: 'Clamps', description: 'P-clamp -8' }),
  );
  expect(clamp.status, JSON.stringify(clamp.body)).toBe(200);
  clampId = clamp.body._id;
  const customer = await call(a.adminToken, 'POST', 'customer/new/update', {
    name: 'Prairie Excavating',
    marginPct: 30,
    discountPct: 10,
    productGroupTerms: [{ productGroup: 'CLAMPS', marginPct: 50, discountPct: 0 }],
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  customerId = customer.body._id;
});

const kitBody = (over: Record<string, unknown> = {}) => ({
  partNumber: partNumber(),
  description: 'Excavator boom kit',
  machine: 'CAT 320 boom',
  customerId,
  lines: [
    { lineType: 'hoseAssembly', hoseAssemblyId: assemblyIds[0], quantity: 2 },
    { lineType: 'hoseAssembly', hoseAssemblyId: assemblyIds[1], quantity: 1 },
    { lineType: 'component', componentId: clampId, quantity: 4 },
    { lineType: 'other', description: 'Zip ties, bag of 100', quantity: 1, unitCost: 7 },
  ],
  ...over,
});

describe('hose kits', () => {
  it('a regular user creates a kit at revision A, priced with the customer’s terms', async () => {
    const body = kitBody();
    const res = await call(a.regularToken, 'POST', 'hosekit/new/update', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kit = res.body as HoseKit;
    expect(kit).toMatchObject({
      partNumber: body.partNumber,
      revision: 'A',
      title: `${body.partNumber}_A`,
      latest: true,
      released: false,
      customerName: 'Prairie Excavating',
      currency: 'USD', // the customer has none: the base currency
      machine: 'CAT 320 boom',
    });
    // 70 / 0.7 = 100, less 10% = 90 (x2 = 180); 35 -> 45 (x1); clamps have their own 50% margin and no
    // discount: 5 -> 10 (x4 = 40); zip ties 7 -> 9 (x1).
    expect(kit.lines.map((l) => [l.position, l.unitCost, l.unitPrice, l.extendedPrice])).toEqual([
      [1, 70, 90, 180],
      [2, 35, 45, 45],
      [3, 5, 10, 40],
      [4, 7, 9, 9],
    ]);
    expect(kit.lines[0]?.assembly).toMatchObject({ _id: assemblyIds[0], revision: 'A' });
    expect(kit.lines[0]?.partNumber).toMatch(/_A$/);
    expect(kit.lines[2]).toMatchObject({
      partNumber: expect.stringMatching(/^T-OTHERITEM-/),
      productGroup: 'Clamps',
    });
    expect(kit.lines[3]).toMatchObject({ description: 'Zip ties, bag of 100', partNumber: '' });
    expect(kit.totals).toEqual({ cost: 202, price: 274, linesWithoutCost: 0, marginPct: 26.28 });

    const preview = await call(a.regularToken, 'POST', 'hosekits/compute', body);
    expect(preview.status).toBe(200);
    expect(preview.body.totals.price).toBe(274);
    const badPreview = await call(a.regularToken, 'POST', 'hosekits/compute', {
      ...body,
      lines: [...body.lines, { lineType: 'other', quantity: 1, unitCost: 2 }],
    });
    expect([badPreview.status, badPreview.body.message]).toEqual([400, 'Line 5: Describe the other item']);

    const list = await call(a.regularToken, 'GET', `hosekits?q=${encodeURIComponent('cat 320')}`);
    expect(list.body.items.find((k: HoseKitListItem) => k._id === kit._id)).toMatchObject({
      title: kit.title,
      lineCount: 4,
      customerName: 'Prairie Excavating',
      released: false,
    });
    // Lenient paging and sorting: an unknown sort is by last change, page 0 is page 1, any-case order.
    const lenient = await call(
      a.regularToken,
      'GET',
      'hosekits?sort=colour&order=DESC&page=0&itemsPerPage=9999',
    );
    expect(lenient.status).toBe(200);
    expect(lenient.body).toMatchObject({ page: 1 });
    expect(lenient.body.items[0]._id).toBe(kit._id);
    const byCustomer = await call(a.regularToken, 'GET', `hosekits?customerId=${customerId}`);
    expect(byCustomer.body.items.every((k: HoseKitListItem) => k.customerName === 'Prairie Excavating')).toBe(
      true,
    );
  });

  it('editing an unreleased kit changes it in place; its lines are replaced as a whole', async () => {
    const created = (await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody())).body as HoseKit;
    const edited = await call(a.regularToken, 'POST', `hosekit/${created._id}/update`, {
      ...kitBody({ partNumber: 'IGNORED' }),
      description: 'Boom and stick',
      lines: [{ lineType: 'component', componentId: clampId, quantity: 2 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      _id: created._id,
      partNumber: created.partNumber,
      revision: 'A',
      description: 'Boom and stick',
    });
    expect(edited.body.lines).toHaveLength(1);
    expect(edited.body.revisions).toHaveLength(1);
  });

  it('releasing, then editing, makes revision B; revision A stays readable with its lines', async () => {
    const created = (await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody())).body as HoseKit;
    const released = await call(a.regularToken, 'POST', `hosekit/${created._id}/release`);
    expect(released.body).toMatchObject({ released: true, revision: 'A' });

    const revised = await call(a.regularToken, 'POST', `hosekit/${created._id}/update`, {
      ...kitBody(),
      lines: [{ lineType: 'other', description: 'Caps and plugs', quantity: 3, unitCost: 1 }],
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    const b2 = revised.body as HoseKit;
    expect(b2).toMatchObject({
      revision: 'B',
      latest: true,
      released: false,
      partNumber: created.partNumber,
    });
    expect(b2._id).not.toBe(created._id);
    expect(b2.revisions.map((r) => [r.revision, r.latest, r.released])).toEqual([
      ['B', true, false],
      ['A', false, true],
    ]);

    const old = (await call(a.regularToken, 'GET', `hosekit/${created._id}`)).body as HoseKit;
    expect(old).toMatchObject({ revision: 'A', latest: false, released: true });
    expect(old.lines).toHaveLength(4);

    const list = await call(a.regularToken, 'GET', `hosekits?q=${created.partNumber}&itemsPerPage=100`);
    const same = list.body.items.filter((k: HoseKitListItem) => k.partNumber === created.partNumber);
    expect(same.map((k: HoseKitListItem) => k.revision)).toEqual(['B']);

    // Releasing an old revision is refused; B is edited in place until it is released.
    expect((await call(a.regularToken, 'POST', `hosekit/${created._id}/release`)).status).toBe(409);
    const again = await call(a.regularToken, 'POST', `hosekit/${b2._id}/update`, { ...kitBody(), lines: [] });
    expect(again.body).toMatchObject({ _id: b2._id, revision: 'B' });
    const emptyRelease = await call(a.regularToken, 'POST', `hosekit/${b2._id}/release`);
    expect(emptyRelease.status).toBe(400);
    expect(emptyRelease.body.message).toBe('Add at least one line before releasing the kit');
  });

  it('refuses lines that break the rules, naming the line', async () => {
    const bad = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
      const res = await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody({ lines, ...extra }));
      return [res.status, res.body.message];
    };
    expect(await bad([{ lineType: 'other', quantity: 1, unitCost: 2 }])).toEqual([
      400,
      'Line 1: Describe the other item',
    ]);
    expect(await bad([{ lineType: 'other', description: 'Caps', quantity: 1 }])).toEqual([
      400,
      'Line 1: Enter the other item’s unit cost',
    ]);
    expect(
      await bad([
        { lineType: 'component', componentId: clampId, quantity: 1 },
        { lineType: 'component', componentId: clampId, quantity: 0 },
      ]),
    ).toEqual([400, 'Line 2: The quantity must be more than 0']);
    expect(
      await bad([
        { lineType: 'component', componentId: clampId, quantity: 1 },
        { lineType: 'hoseAssembly', hoseAssemblyId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      ]),
    ).toEqual([400, 'Line 2: the hose assembly was not found; choose it again']);
    // Another organisation's component is as missing as one that never existed.
    const theirs = await call(
      b.adminToken,
      'POST',
      'organization/otheritem/new/update',
      componentInput('otherItem'),
    );
    expect(await bad([{ lineType: 'component', componentId: theirs.body._id, quantity: 1 }])).toEqual([
      400,
      'Line 1: the component was not found in the component library; choose it again',
    ]);
    expect(await bad([], { customerId: '00000000-0000-4000-8000-000000000000' })).toEqual([
      400,
      'The customer was not found; choose it again',
    ]);
    expect(await bad([], { partNumber: '' })).toEqual([400, 'Enter a part number for the kit']);
    const first = kitBody({ lines: [] });
    expect((await call(a.regularToken, 'POST', 'hosekit/new/update', first)).status).toBe(200);
    const twice = await call(a.regularToken, 'POST', 'hosekit/new/update', first);
    expect(twice.status).toBe(409);
  });

  it('another organisation never sees the kit', async () => {
    const kit = (await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody())).body as HoseKit;
    for (const [method, url] of [
      ['GET', `hosekit/${kit._id}`],
      ['POST', `hosekit/${kit._id}/update`],
      ['POST', `hosekit/${kit._id}/release`],
      ['POST', `hosekit/${kit._id}/delete`],
      ['POST', `hosekit/${kit._id}/documents/kit.pdf`],
      ['GET', 'hosekit/not-a-uuid'],
    ] as const) {
      const res = await call(b.adminToken, method, url, kitBody({ customerId: undefined, lines: [] }));
      expect([url, res.status, res.body?.message]).toEqual([url, 404, 'This hose kit was not found']);
    }
    const theirList = await call(b.adminToken, 'GET', 'hosekits?itemsPerPage=500');
    expect(theirList.body.items.map((k: HoseKitListItem) => k._id)).not.toContain(kit._id);
    const search = await call(b.adminToken, 'GET', `search?searchText=${kit.partNumber}`);
    expect((search.body as SearchResponse).items.filter((i) => i.objectType === 'hoseKit')).toEqual([]);
  });

  it('only an admin deletes a kit, with every revision', async () => {
    const kit = (await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody())).body as HoseKit;
    expect((await call(a.regularToken, 'POST', `hosekit/${kit._id}/delete`)).status).toBe(403);
    expect((await call(a.adminToken, 'POST', `hosekit/${kit._id}/delete`)).body).toEqual({ ok: true });
    expect((await call(a.regularToken, 'GET', `hosekit/${kit._id}`)).status).toBe(404);
  });

  it('global search finds the latest revision by part number, description or machine', async () => {
    const kit = (
      await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody({ machine: 'Volvo L120 loader' }))
    ).body as HoseKit;
    for (const text of [kit.partNumber, 'l120 loader']) {
      const res = await call(a.regularToken, 'GET', `search?searchText=${encodeURIComponent(text)}`);
      const hit = (res.body as SearchResponse).items.find((i) => i.url === `hosekit/${kit._id}`);
      expect(hit).toMatchObject({
        objectType: 'hoseKit',
        partNumber: kit.partNumber,
        revision: 'A',
        description: 'Excavator boom kit',
      });
    }
  });

  it('the kit PDF has a cover, the priced BOM and each assembly’s drawing', async () => {
    const kit = (await call(a.regularToken, 'POST', 'hosekit/new/update', kitBody())).body as HoseKit;
    const res = await call(a.regularToken, 'POST', `hosekit/${kit._id}/documents/kit.pdf`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    expect(res.raw.headers['content-disposition']).toContain(`kit-${kit.title}.pdf`);
    const { text, pages } = await pdfText(res.raw.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (const expected of [
      'Hose kit',
      kit.title,
      'Customer: Prairie Excavating',
      'Machine: CAT 320 boom',
      `Date: ${new Date().toISOString().slice(0, 10)}`,
      'Bill of materials',
      'Zip ties, bag of 100',
      '$180.00',
      'Kit total',
      '$274.00 USD',
      kit.lines[0]!.partNumber,
      kit.lines[1]!.partNumber,
      'Overall length 1,000 mm',
      'Overall length 1,500 mm',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('the kit PDF carries the shop (logo, address, phone, email, terms) and every price its currency', async () => {
    const shop = await createTenant(t, { tier: 'professional', name: 'Charlie Fluid Power' });
    const kit = (
      await call(shop.regularToken, 'POST', 'hosekit/new/update', {
        partNumber: 'KIT-SHOP',
        machine: 'Deere 644 loader',
        lines: [
          { lineType: 'other', description: 'Hose guard, 2 m', quantity: 3, unitCost: 20 },
          { lineType: 'other', description: 'Caps and plugs', quantity: 1, unitCost: 1000 },
        ],
      })
    ).body as HoseKit;
    const download = async () => {
      const res = await call(shop.regularToken, 'POST', `hosekit/${kit._id}/documents/kit.pdf`);
      expect(res.status).toBe(200);
      return { ...(await pdfText(res.raw.rawPayload)), data: res.raw.rawPayload as Buffer };
    };

    // A shop that keeps none of them: its name, and no empty labels.
    const bare = await download();
    expect(bare.text).toContain('Charlie Fluid Power');
    for (const label of ['Phone', 'Email', 'Terms']) expect(bare.text).not.toContain(label);
    expect(bare.data.toString('latin1')).not.toContain('/Subtype /Image');

    const settings = await call(shop.adminToken, 'POST', 'organization/update', {
      shopAddress: {
        line1: '2105 Millar Avenue',
        line2: '',
        city: 'Saskatoon',
        region: 'SK',
        postalCode: 'S7K 6P4',
        country: 'Canada',
      },
      shopPhone: '+1 306-555-0142',
      shopEmail: 'sales@charlie.example',
      estimateTerms: 'Net 30 days. Returns within 14 days with the receipt.',
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const logo = await QRCode.toBuffer('Charlie Fluid Power', { width: 120 });
    await t.database.withTenant(shop.organizationId, (tx) =>
      tx.insert(images).values({
        organizationId: shop.organizationId,
        objectId: shop.organizationId,
        contentType: 'image/png',
        data: logo,
        size: logo.length,
      }),
    );

    const { text, data } = await download();
    for (const expected of [
      'Charlie Fluid Power',
      '2105 Millar Avenue',
      'Saskatoon, SK S7K 6P4',
      'Phone +1 306-555-0142',
      'Email sales@charlie.example',
      'Terms',
      'Net 30 days. Returns within 14 days with the receipt.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(data.toString('latin1')).toContain('/Subtype /Image');
    // Every amount (unit prices, extended prices, the kit's price and total) names its currency.
    const amounts = text.match(/\$[\d,]+\.\d{2}( [A-Z]{3})?/g) ?? [];
    expect(amounts.length).toBeGreaterThanOrEqual(6);
    for (const amount of amounts) expect(amount).toMatch(new RegExp(` ${kit.currency}$`));
    const total = kit.totals.price.toLocaleString('en-CA', { minimumFractionDigits: 2 });
    expect(text).toContain(`Kit total $${total} ${kit.currency}`);
  });
});

describe('plan limit', () => {
  it('a trial shop makes 10 kits, not 11; revisions of a kit do not count', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    let first = '';
    for (let i = 1; i <= 10; i++) {
      const res = await call(trial.regularToken, 'POST', 'hosekit/new/update', {
        partNumber: `TK-${i}`,
        lines: [{ lineType: 'other', description: 'Caps', quantity: 1, unitCost: 1 }],
      });
      expect(res.status).toBe(200);
      first ||= res.body._id;
    }
    const over = await call(trial.regularToken, 'POST', 'hosekit/new/update', { partNumber: 'TK-11' });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'Your plan allows 10 hose kits and you have 10. Upgrade your subscription to add more.',
      details: { upgradeUrl: '/upgradesubscription' },
    });
    await call(trial.regularToken, 'POST', `hosekit/${first}/release`);
    const revision = await call(trial.regularToken, 'POST', `hosekit/${first}/update`, {
      lines: [{ lineType: 'other', description: 'Plugs', quantity: 2, unitCost: 1 }],
    });
    expect(revision.body).toMatchObject({ revision: 'B' });
  });
});
