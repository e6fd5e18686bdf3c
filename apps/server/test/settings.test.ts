/**
 * The settings the whole app obeys (`organization/organization.ts`) through the real app: an admin's new
 * revision delimiter shows at once in every title of a kit or an assembly (lists, details, search, PDFs),
 * `/defaults` and `/defaultwarehouse` answer what was saved, regular members are refused the change, and bad
 * input is refused with its message and changes nothing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OrganizationSettings, SearchResult } from '@hosewright/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

let shop: TestTenant;
let assembly: { _id: string; partNumber: string; revision: string };
let kit: { _id: string; partNumber: string; revision: string };

/** Every title the app shows for the assembly and the kit, as the server answers them now. */
async function titles(token: string) {
  const assemblyList = await call(token, 'GET', `hoseassemblies?q=${assembly.partNumber}`);
  const assemblyDetail = await call(token, 'GET', `hoseassembly/${assembly._id}`);
  const kitList = await call(token, 'GET', `hosekits?q=${kit.partNumber}`);
  const kitDetail = await call(token, 'GET', `hosekit/${kit._id}`);
  for (const res of [assemblyList, assemblyDetail, kitList, kitDetail]) expect(res.status).toBe(200);
  return {
    assemblyList: assemblyList.body.items.map((i: { title: string }) => i.title),
    assemblyDetail: assemblyDetail.body.title,
    kitList: kitList.body.items.map((i: { title: string }) => i.title),
    kitDetail: kitDetail.body.title,
    // The kit's BOM names its assembly by title too.
    kitLine: kitDetail.body.lines.find((l: { hoseAssemblyId?: string }) => l.hoseAssemblyId)?.assembly?.title,
  };
}

async function searchFor(token: string, text: string): Promise<SearchResult[]> {
  const res = await call(token, 'GET', `search?searchText=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return res.body.items;
}

const update = (token: string, change: Record<string, unknown>) =>
  call(token, 'POST', 'organization/update', change);

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Delimiter Hydraulics' });
  const ids = await sampleParts(t, shop);
  const made = await call(shop.adminToken, 'POST', 'hoseassembly/new/update', exampleInput(ids));
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  assembly = made.body;
  const madeKit = await call(shop.adminToken, 'POST', 'hosekit/new/update', {
    partNumber: 'DELIM-KIT-1',
    description: 'Loader kit',
    lines: [{ lineType: 'hoseAssembly', hoseAssemblyId: assembly._id, quantity: 2 }],
  });
  expect(madeKit.status, JSON.stringify(madeKit.body)).toBe(200);
  kit = madeKit.body;
});

describe('organisation settings', () => {
  it('titles every kit and assembly with the delimiter an admin sets, from the very next call', async () => {
    const a = `${assembly.partNumber}_${assembly.revision}`;
    const k = `${kit.partNumber}_${kit.revision}`;
    // Read first, so that any cached answer would be the old one.
    expect(await titles(shop.regularToken)).toEqual({
      assemblyList: [a],
      assemblyDetail: a,
      kitList: [k],
      kitDetail: k,
      kitLine: a,
    });
    expect((await searchFor(shop.regularToken, kit.partNumber)).map((r) => r.name)).toContain(k);

    const saved = await update(shop.adminToken, { revisionDelimiter: '.' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as OrganizationSettings).revisionDelimiter).toBe('.');
    const delimiter = await call(shop.regularToken, 'GET', 'organization/revisiondelimiter');
    expect(delimiter.body).toBe('.');

    const a2 = `${assembly.partNumber}.${assembly.revision}`;
    const k2 = `${kit.partNumber}.${kit.revision}`;
    expect(await titles(shop.regularToken)).toEqual({
      assemblyList: [a2],
      assemblyDetail: a2,
      kitList: [k2],
      kitDetail: k2,
      kitLine: a2,
    });
    const kitHit = (await searchFor(shop.regularToken, kit.partNumber)).find(
      (r) => r.objectType === 'hoseKit',
    );
    expect(kitHit).toMatchObject({ name: k2, partNumber: kit.partNumber, revision: kit.revision });
    // The app titles an assembly hit from its part number and revision with the delimiter it holds.
    const assemblyHit = (await searchFor(shop.regularToken, assembly.partNumber)).find(
      (r) => r.objectType === 'hoseAssembly',
    );
    expect(assemblyHit).toMatchObject({ partNumber: assembly.partNumber, revision: assembly.revision });

    const kitPdf = await call(shop.regularToken, 'POST', `hosekit/${kit._id}/documents/kit.pdf`);
    expect(kitPdf.status).toBe(200);
    const kitText = await pdfText(kitPdf.raw.rawPayload);
    expect(kitText).toContain(k2);
    expect(kitText).toContain(a2);
    expect(kitText).not.toContain(k);
    const sheet = await call(
      shop.regularToken,
      'POST',
      `hoseassembly/${assembly._id}/documents/specsheet.pdf`,
    );
    expect(sheet.status).toBe(200);
    const sheetText = await pdfText(sheet.raw.rawPayload);
    expect(sheetText).toContain(a2);
    expect(sheetText).not.toContain(a);

    // And back: nothing keeps the dot.
    expect((await update(shop.adminToken, { revisionDelimiter: '_' })).status).toBe(200);
    expect((await titles(shop.regularToken)).kitDetail).toBe(k);
  });

  it('answers the saved defaults and default warehouse to every member', async () => {
    const saved = await update(shop.adminToken, {
      defaultMarginPct: 42.5,
      labourRate: 3.75,
      wasteAllowancePct: 4,
      partNumberPattern: 'DH-{0000}',
      workOrderNumberPattern: 'JOB-{000}',
      remnantLengthMm: 1200,
      hoseShelfLifeMonths: 60,
      estimateNumberPattern: 'Q-{0000}',
      estimateValidityDays: 14,
      minimumCharge: 25,
      targetMarginPct: 22.5,
      estimateTerms: 'Net 30. Prices in CAD.',
      unitSystem: 'imperial',
      allowNegativeStock: true,
      hideInventory: true,
      hasParker: true,
      useBetaFeatures: true,
      erpName: 'SAP',
      defaultAdaptorBrand: 'GEN',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      defaultMarginPct: 42.5,
      labourRate: 3.75,
      wasteAllowancePct: 4,
      partNumberPattern: 'DH-{0000}',
      workOrderNumberPattern: 'JOB-{000}',
      remnantLengthMm: 1200,
      hoseShelfLifeMonths: 60,
      estimateNumberPattern: 'Q-{0000}',
      estimateValidityDays: 14,
      minimumCharge: 25,
      targetMarginPct: 22.5,
      estimateTerms: 'Net 30. Prices in CAD.',
      unitSystem: 'imperial',
      allowNegativeStock: true,
      defaultWarehouseId: null,
      defaultWarehouseName: '',
      defaultWarehouseCode: '',
    });

    const defaults = await call(shop.regularToken, 'GET', 'organization/defaults');
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      defaultMarginPct: 42.5,
      currency: saved.body.baseCurrency,
      labourRate: 3.75,
      wasteAllowancePct: 4,
      partNumberPattern: 'DH-{0000}',
      workOrderNumberPattern: 'JOB-{000}',
      remnantLengthMm: 1200,
      hoseShelfLifeMonths: 60,
      estimateNumberPattern: 'Q-{0000}',
      estimateValidityDays: 14,
      minimumCharge: 25,
      targetMarginPct: 22.5,
      estimateTerms: 'Net 30. Prices in CAD.',
      shopAddress: null,
      shopPhone: '',
      shopEmail: '',
      unitSystem: 'imperial',
    });
    const none = await call(shop.regularToken, 'GET', 'organization/defaultwarehouse');
    expect(none.body).toEqual({ defaultWarehouseName: '', defaultWarehouseCode: '' });
    for (const [url, value] of [
      ['organization/hideinventory', true],
      ['organization/hasparker', true],
      ['organization/usebetafeatures', true],
      ['organization/erpname', 'SAP'],
      ['organization/defaultadaptorbrand', 'GEN'],
      ['organization/allownegativestock', true],
    ] as const) {
      const res = await call(shop.regularToken, 'GET', url);
      expect([url, res.status, res.body]).toEqual([url, 200, value]);
    }
  });

  it("makes a warehouse the default: /defaultwarehouse answers it, and another shop's warehouse is not found", async () => {
    const make = async (token: string, code: string, name: string) => {
      const res = await call(token, 'POST', 'warehouse/new/update', { code, name });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { _id: string; isDefault: boolean };
    };
    const main = await make(shop.adminToken, 'MAIN', 'Main shop');
    const van = await make(shop.adminToken, 'VAN-1', 'Service van 1');
    expect([main.isDefault, van.isDefault]).toEqual([true, false]);
    expect((await call(shop.regularToken, 'GET', 'organization/defaultwarehouse')).body).toEqual({
      defaultWarehouseName: 'Main shop',
      defaultWarehouseCode: 'MAIN',
    });

    const switched = await update(shop.adminToken, { defaultWarehouseId: van._id });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({
      defaultWarehouseId: van._id,
      defaultWarehouseName: 'Service van 1',
      defaultWarehouseCode: 'VAN-1',
    });
    expect((await call(shop.regularToken, 'GET', 'organization/defaultwarehouse')).body).toEqual({
      defaultWarehouseName: 'Service van 1',
      defaultWarehouseCode: 'VAN-1',
    });

    const other = await createTenant(t, { tier: 'professional', name: 'Other Hydraulics' });
    const theirs = await make(other.adminToken, 'THEIRS', 'Their yard');
    const refused = await update(shop.adminToken, { defaultWarehouseId: theirs._id, erpName: 'Nope' });
    expect([refused.status, refused.body.message]).toEqual([404, 'This warehouse was not found']);
    const after = await call(shop.regularToken, 'GET', 'organization/erpname');
    expect(after.body).not.toBe('Nope');
    expect((await call(other.adminToken, 'GET', 'organization/defaultwarehouse')).body).toEqual({
      defaultWarehouseName: 'Their yard',
      defaultWarehouseCode: 'THEIRS',
    });
  });

  it("keeps the shop's address, phone and email, answers them to every member, and refuses a bad phone or email", async () => {
    const address = {
      line1: '88 Industrial Road',
      line2: '',
      city: 'Regina',
      region: 'SK',
      postalCode: 'S4P 3Y2',
      country: 'Canada',
    };
    const { line2: _left, ...typed } = address;
    const saved = await update(shop.adminToken, {
      shopAddress: typed,
      shopPhone: ' +1 (306) 555-0142 x12 ',
      shopEmail: ' sales@delimiter.ca ',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const kept = {
      shopAddress: address,
      shopPhone: '+1 (306) 555-0142 x12',
      shopEmail: 'sales@delimiter.ca',
    };
    expect(saved.body).toMatchObject(kept);
    expect((await call(shop.regularToken, 'GET', 'organization/defaults')).body).toMatchObject(kept);

    // Another setting saved alone leaves them as they were.
    expect((await update(shop.adminToken, { erpName: 'SAP' })).body).toMatchObject(kept);

    for (const [change, field, message] of [
      [
        { shopEmail: 'sales at delimiter' },
        'shopEmail',
        'Enter the shop email such as sales@yourshop.com, or leave it empty',
      ],
      [
        { shopPhone: 'call Dana' },
        'shopPhone',
        'Use digits, spaces and + ( ) - . x only in the phone number',
      ],
      [{ shopPhone: '1'.repeat(41) }, 'shopPhone', 'The phone number must be at most 40 characters'],
    ] as const) {
      const res = await update(shop.adminToken, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.details.issues).toContainEqual({ path: [field], message });
    }
    expect((await call(shop.regularToken, 'GET', 'organization/defaults')).body).toMatchObject(kept);

    // Emptied: no address (the estimate prints the default warehouse's), no phone, no email.
    const emptied = await update(shop.adminToken, {
      shopAddress: { line1: ' ', city: '' },
      shopPhone: '',
      shopEmail: '',
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(emptied.body).toMatchObject({ shopAddress: null, shopPhone: '', shopEmail: '' });
  });

  it('refuses the change to a regular member', async () => {
    const before = await call(shop.adminToken, 'GET', 'organization/revisiondelimiter');
    const res = await update(shop.regularToken, { revisionDelimiter: '-' });
    expect(res.status).toBe(403);
    expect((await call(shop.adminToken, 'GET', 'organization/revisiondelimiter')).body).toBe(before.body);
  });

  it('refuses bad input with a clear message on its field, and changes nothing', async () => {
    const before = {
      delimiter: (await call(shop.adminToken, 'GET', 'organization/revisiondelimiter')).body,
      defaults: (await call(shop.adminToken, 'GET', 'organization/defaults')).body,
    };
    for (const [change, field, message] of [
      [{ revisionDelimiter: '' }, 'revisionDelimiter', 'Enter a revision delimiter'],
      [{ defaultMarginPct: 120 }, 'defaultMarginPct', 'The default margin must be at most 95%'],
      [
        { partNumberPattern: 'DH-0000' },
        'partNumberPattern',
        'Write the pattern with one run of zeros in braces, e.g. C-{00000}',
      ],
      [{ hoseShelfLifeMonths: 0 }, 'hoseShelfLifeMonths', 'The shelf life must be at least 1 month'],
      [{ estimateValidityDays: 0 }, 'estimateValidityDays', 'An estimate is valid for at least 1 day'],
      [{ minimumCharge: -1 }, 'minimumCharge', 'The minimum charge cannot be negative'],
      [
        { estimateNumberPattern: 'SE-1' },
        'estimateNumberPattern',
        'Write the pattern with one run of zeros in braces, e.g. SE-{00000}',
      ],
      [{ remnantLengthMm: 12.5 }, 'remnantLengthMm', 'Enter the remnant length in whole millimetres'],
      // One bad field refuses the whole change: the good one beside it is not kept either.
      [{ revisionDelimiter: '-', labourRate: -1 }, 'labourRate', 'The labour rate cannot be negative'],
    ] as const) {
      const res = await update(shop.adminToken, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.details.issues).toContainEqual({ path: [field], message });
    }
    expect((await call(shop.adminToken, 'GET', 'organization/revisiondelimiter')).body).toBe(
      before.delimiter,
    );
    expect((await call(shop.adminToken, 'GET', 'organization/defaults')).body).toEqual(before.defaults);
  });
});
