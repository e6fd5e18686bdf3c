/**
 * The documents of a sales estimate read back as the customer would: the PDF (shop, number, customer, every
 * line, taxes, total, validity, terms, each assembly's drawing, nothing internal), the workbook (one row per
 * line, amounts as numbers in the currency's decimals) and the email that carries the PDF.
 */

import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  type Estimate,
  type EstimateLine,
  extendPrice,
  fromMinorUnits,
  type HoseAssembly,
  percentOf,
} from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, images, warehouses } from '../src/db/schema.ts';
import {
  type AssemblyDrawing,
  estimatePdf,
  estimateXlsx,
  loadAssemblyDrawings,
} from '../src/modules/estimates/documents.ts';
import { sendEstimateEmail } from '../src/modules/estimates/send.ts';
import { loadShop, type Shop } from '../src/modules/organization/shop.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Each page's text, its words joined by spaces. */
async function readPdf(data: Buffer): Promise<{ text: string; pages: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return { text: pages.join(' '), pages };
}

/** One file of a zip (an .xlsx) as text, found by its central directory entry. */
function zipEntry(zip: Buffer, name: string): string {
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + size);
    return (method === 0 ? body : inflateRawSync(body)).toString('utf8');
  }
  throw new Error(`${name} is not in the file`);
}

interface LineDraft {
  type: EstimateLine['type'];
  itemId?: string;
  partNumber: string;
  description: string;
  quantity: number;
  unitPrice: number;
  unitCost?: number;
  pricedByText: string;
}

/** An estimate as the API answers it, its totals computed as ADR 21 says. */
function makeEstimate(drafts: LineDraft[], over: Partial<Estimate> = {}): Estimate {
  const currency = over.currency ?? 'CAD';
  const lines: EstimateLine[] = drafts.map((d, i) => ({
    _id: `line-${i}`,
    position: i,
    type: d.type,
    itemId: d.itemId ?? (d.type === 'labour' || d.type === 'freight' ? null : `item-${i}`),
    partNumber: d.partNumber,
    description: d.description,
    productGroup: null,
    quantity: d.quantity,
    unitPrice: d.unitPrice,
    unitPriceOverride: null,
    lineTotal: extendPrice(d.quantity, d.unitPrice),
    unitCost: d.unitCost ?? null,
    marginPct: 31.5,
    belowTargetMargin: false,
    pricedBy: { source: 'customerTerms', marginPct: 35, discountPct: 0, productGroup: null },
    pricedByText: d.pricedByText,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const adjustment = over.minimumChargeAdjustment ?? 0;
  const taxes = [
    { name: 'GST', ratePct: 5 },
    { name: 'QST', ratePct: 9.975 },
  ].map((tax) => ({ ...tax, amount: percentOf(subtotal + adjustment, tax.ratePct) }));
  const taxTotal = taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return {
    _id: 'estimate-1',
    number: 'SE-00012',
    revision: 2,
    previousId: 'estimate-0',
    laterRevision: null,
    status: 'draft',
    customer: { _id: 'customer-1', name: 'Delta Logging Ltd.' },
    contact: { name: 'Pat Buyer', email: 'pat@delta-logging.example', phone: '555-0142' },
    estimateDate: '2026-11-24',
    validUntil: '2026-12-24',
    description: 'Loader hoses',
    notes: '',
    terms: 'Net 30 days. Prices in Canadian dollars. Assemblies carry a 12-month warranty.',
    currency,
    subtotal,
    minimumChargeAdjustment: adjustment,
    taxes,
    taxTotal,
    total: subtotal + adjustment + taxTotal,
    taxExempt: false,
    lines,
    belowTargetCount: 0,
    unpricedCount: 0,
    workOrders: [],
    sentAt: null,
    sentTo: null,
    decidedAt: null,
    createdBy: null,
    createdAt: '2026-11-24T15:00:00.000Z',
    updatedAt: '2026-11-24T15:00:00.000Z',
    ...over,
  };
}

const LONG_DESCRIPTION =
  'Hose, 2-wire braid SAE 100R2AT, 1/2 in, sold by the metre, cut to length in the shop; ' +
  'cover rated for abrasion and ozone, for loader and forestry machines';

const COURIER: LineDraft = {
  type: 'freight',
  partNumber: '',
  description: 'Courier to site',
  quantity: 1,
  unitPrice: 2_500,
  pricedByText: 'Typed on the line',
};

let a: TestTenant;
let assembly: HoseAssembly;
let shop: Shop;
let drawings: Map<string, AssemblyDrawing>;
let estimate: Estimate;
let logo: Buffer;

beforeAll(async () => {
  a = await createTenant(t, { tier: 'professional', name: 'Alpha Hydraulics' });
  const ids = await sampleParts(t, a);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/hoseassembly/new/update',
    headers: bearer(a.regularToken),
    payload: exampleInput(ids),
  });
  assembly = res.json();
  logo = await QRCode.toBuffer('Alpha Hydraulics', { width: 120 });
  const address = {
    line1: '12 Rue du Port',
    line2: '',
    city: 'Trois-Rivières',
    region: 'QC',
    postalCode: 'G9A 1A1',
    country: 'Canada',
  };
  await t.database.withTenant(a.organizationId, async (tx) => {
    await tx.insert(images).values({
      organizationId: a.organizationId,
      objectId: a.organizationId,
      contentType: 'image/png',
      data: logo,
      size: logo.length,
    });
    const [main] = await tx
      .update(warehouses)
      .set({ address })
      .where(and(eq(warehouses.organizationId, a.organizationId), eq(warehouses.isDefault, true)))
      .returning({ id: warehouses.id });
    if (!main) {
      await tx
        .insert(warehouses)
        .values({ organizationId: a.organizationId, code: 'MAIN', name: 'Main', isDefault: true, address });
    }
  });
  shop = await t.database.withTenant(a.organizationId, (tx) => loadShop(tx, a.organizationId));
  drawings = await t.database.withTenant(a.organizationId, (tx) =>
    loadAssemblyDrawings(tx, a.organizationId, [assembly._id, '00000000-0000-4000-8000-000000000000']),
  );
  estimate = makeEstimate([
    {
      type: 'kit',
      partNumber: 'KIT-LOADER_A',
      description: 'Loader hose kit',
      quantity: 2,
      unitPrice: 45_000,
      unitCost: 31_000,
      pricedByText: 'Price list Loader 2026, from 2026-11-01',
    },
    {
      type: 'assembly',
      itemId: assembly._id,
      partNumber: assembly.title,
      description: 'Boom hose, 1 m',
      quantity: 4,
      unitPrice: 8_750,
      pricedByText: 'Customer terms: 35% margin',
    },
    {
      type: 'component',
      partNumber: 'FER-SN-08',
      description: LONG_DESCRIPTION,
      quantity: 15.5,
      unitPrice: 1_234,
      pricedByText: 'Default margin 30%',
    },
    {
      type: 'labour',
      partNumber: '',
      description: 'Crimping and testing',
      quantity: 1.5,
      unitPrice: 9_500,
      pricedByText: 'Labour rate',
    },
    COURIER,
  ]);
});

describe('what the documents load', () => {
  it('takes the shop’s name, its default warehouse’s address and its PNG logo', () => {
    expect(shop).toEqual({
      name: 'Alpha Hydraulics',
      address: ['12 Rue du Port', 'Trois-Rivières, QC G9A 1A1', 'Canada'],
      phone: '',
      email: '',
      logo,
      terms: '',
    });
  });

  it('prints the shop’s own address when it keeps one, else the default warehouse’s, and its phone and email', async () => {
    const save = async (change: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/organization/update',
        headers: bearer(a.adminToken),
        payload: change,
      });
      expect(res.statusCode, res.body).toBe(200);
      return t.database.withTenant(a.organizationId, (tx) => loadShop(tx, a.organizationId));
    };
    const own = await save({
      shopAddress: {
        line1: '400 Boulevard des Forges',
        line2: 'Unit 3',
        city: 'Trois-Rivières',
        region: 'QC',
        postalCode: 'G9A 2G8',
        country: 'Canada',
      },
      shopPhone: '+1 819-555-0199',
      shopEmail: 'ventes@alpha.example',
    });
    expect(own).toMatchObject({
      address: ['400 Boulevard des Forges', 'Unit 3', 'Trois-Rivières, QC G9A 2G8', 'Canada'],
      phone: '+1 819-555-0199',
      email: 'ventes@alpha.example',
    });
    // No address of its own: the default warehouse's, as before; the phone and email stay.
    expect(await save({ shopAddress: null })).toMatchObject({
      address: ['12 Rue du Port', 'Trois-Rivières, QC G9A 1A1', 'Canada'],
      phone: '+1 819-555-0199',
      email: 'ventes@alpha.example',
    });
    expect(await save({ shopPhone: '', shopEmail: '' })).toEqual(shop);
  });

  it('draws each assembly of the organisation and skips ids it does not have', () => {
    expect([...drawings.keys()]).toEqual([assembly._id]);
    const drawing = drawings.get(assembly._id);
    expect(drawing?.title).toBe(assembly.title);
    expect(drawing?.svg).toMatch(/^<svg[\s\S]*GEN-2SN-08[\s\S]*<\/svg>$/);
  });
});

describe('the estimate PDF', () => {
  it('shows the shop, the estimate, the customer, every line, the taxes, the total and the terms', async () => {
    // The worked figures: 900.00 + 350.00 + 191.27 + 142.50 + 25.00 = 1,608.77; GST 80.44, QST 160.47.
    expect(estimate.total).toBe(184_968);
    const pdf = await estimatePdf(estimate, shop, drawings);
    expect(pdf.fileName).toBe('estimate-SE-00012-rev2.pdf');
    const { text } = await readPdf(pdf.data);
    for (const expected of [
      'Alpha Hydraulics',
      '12 Rue du Port',
      'Estimate SE-00012 rev 2',
      'Date 2026-11-24',
      'Valid until 2026-12-24',
      'Delta Logging Ltd.',
      'Pat Buyer · pat@delta-logging.example · 555-0142',
      'Part number Description Quantity Unit price Line total',
      'KIT-LOADER_A Loader hose kit 2 $450.00 $900.00',
      `${assembly.title} Boom hose, 1 m 4 $87.50 $350.00`,
      'FER-SN-08',
      '15.5 $12.34 $191.27',
      'Crimping and testing 1.5 $95.00 $142.50',
      'Courier to site 1 $25.00 $25.00',
      'Subtotal $1,608.77',
      'GST 5% $80.44',
      'QST 9.975% $160.47',
      'Total CAD $1,849.68',
      'Net 30 days. Prices in Canadian dollars.',
      'SE-00012 rev 2 · Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The long description wraps onto more than one line, all of it printed.
    expect(text).toContain('for loader and forestry machines');
    expect(text).not.toContain('Minimum charge');
    // The logo is in the file.
    expect(pdf.data.toString('latin1')).toContain('/Subtype /Image');
  });

  it('prints the shop’s phone and, under it, its email; neither when the shop keeps none', async () => {
    const reached = { ...shop, phone: '+1 819-555-0199', email: 'ventes@alpha.example' };
    const { pages } = await readPdf((await estimatePdf(estimate, reached, drawings)).data);
    expect(pages[0]).toContain('Canada Phone +1 819-555-0199 Email ventes@alpha.example');
    const { text } = await readPdf((await estimatePdf(estimate, shop, drawings)).data);
    expect(text).not.toMatch(/Phone|Email/);
  });

  it('draws each assembly line’s assembly', async () => {
    // The hose is named only by the drawing, not by any line.
    expect((await readPdf((await estimatePdf(estimate, shop, drawings)).data)).text).toContain('GEN-2SN-08');
    expect((await readPdf((await estimatePdf(estimate, shop, new Map())).data)).text).not.toContain(
      'GEN-2SN-08',
    );
  });

  it('prints nothing internal: no cost, margin or what priced a line', async () => {
    const { text } = await readPdf((await estimatePdf(estimate, shop, drawings)).data);
    for (const line of estimate.lines) expect(text).not.toContain(line.pricedByText);
    expect(text).not.toMatch(/margin|cost/i);
    expect(text).not.toContain('$310.00');
  });

  it('shows a minimum charge adjustment when there is one, and no revision on the first', async () => {
    const small = makeEstimate([COURIER], {
      revision: 1,
      minimumChargeAdjustment: 2_500,
    });
    const pdf = await estimatePdf(small, shop, drawings);
    expect(pdf.fileName).toBe('estimate-SE-00012.pdf');
    const { text } = await readPdf(pdf.data);
    expect(text).toContain('Estimate SE-00012 Date');
    expect(text).not.toContain('rev 2');
    expect(text).toContain('Subtotal $25.00 Minimum charge adjustment $25.00 GST 5% $2.50');
  });

  it('runs a long estimate over pages, the column headings on each', async () => {
    const drafts: LineDraft[] = Array.from({ length: 120 }, (_, i) => ({
      type: 'component',
      partNumber: `P-${String(i + 1).padStart(4, '0')}`,
      description: i % 7 === 0 ? LONG_DESCRIPTION : `Part ${i + 1}`,
      quantity: 1 + (i % 5),
      unitPrice: 1_000 + i,
      pricedByText: 'Default margin 30%',
    }));
    const long = makeEstimate(drafts);
    const { pages, text } = await readPdf((await estimatePdf(long, shop)).data);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Part number Description Quantity Unit price Line total');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    expect(text).toContain('P-0001');
    expect(text).toContain('P-0120');
    expect(pages.at(-1)).toContain('Net 30 days');
  });
});

describe('the estimate workbook', () => {
  it('has the estimate, one row per line and the totals, amounts as numbers', async () => {
    const file = await estimateXlsx(estimate, shop);
    expect(file.fileName).toBe('estimate-SE-00012-rev2.xlsx');
    const rows = await readSheet(file.data, 'Estimate');
    const facts = Object.fromEntries(
      rows.filter((r) => r.length >= 2 && r[1] !== null).map((r) => [r[0], r[1]]),
    );
    expect(facts).toMatchObject({
      Number: 'SE-00012',
      Revision: 2,
      Date: '2026-11-24',
      'Valid until': '2026-12-24',
      Customer: 'Delta Logging Ltd.',
      Currency: 'CAD',
    });
    const header = rows.findIndex((r) => r[0] === '#');
    expect(rows[header]).toEqual(['#', 'Part number', 'Description', 'Quantity', 'Unit price', 'Line total']);
    const lines = rows.slice(header + 1, header + 1 + estimate.lines.length);
    expect(lines).toEqual(
      estimate.lines.map((l, i) => [
        i + 1,
        l.partNumber || null,
        l.description,
        l.quantity,
        fromMinorUnits(l.unitPrice ?? 0, 'CAD'),
        fromMinorUnits(l.lineTotal, 'CAD'),
      ]),
    );
    expect(lines[2]).toEqual([3, 'FER-SN-08', LONG_DESCRIPTION, 15.5, 12.34, 191.27]);
    const totals = Object.fromEntries(
      rows.slice(header + 1 + estimate.lines.length).flatMap((r) => (r[4] ? [[r[4], r[5]]] : [])),
    );
    expect(totals).toEqual({
      Subtotal: 1608.77,
      'GST 5%': 80.44,
      'QST 9.975%': 160.47,
      'Total CAD': 1849.68,
    });
    expect(JSON.stringify(rows)).not.toMatch(/margin|Price list|Labour rate/i);
  });

  it('formats amounts in the currency’s decimals', async () => {
    const cad = zipEntry((await estimateXlsx(estimate, shop)).data, 'xl/styles.xml');
    expect(cad).toContain('formatCode="#,##0.00"');
    const yen = makeEstimate([COURIER], { currency: 'JPY' });
    const file = await estimateXlsx(yen, shop);
    expect(zipEntry(file.data, 'xl/styles.xml')).toContain('formatCode="#,##0"');
    const rows = await readSheet(file.data, 'Estimate');
    expect(rows.find((r) => r[4] === 'Total JPY')?.[5]).toBe(yen.total);
  });
});

describe('emailing the estimate', () => {
  it('writes the email with the PDF attached, byte for byte, and a subject naming the estimate', async () => {
    const pdf = await estimatePdf(estimate, shop, drawings);
    const sent = await sendEstimateEmail(t.mailer, {
      estimate,
      shop,
      pdf,
      to: 'pat@delta-logging.example',
      message: 'As discussed on the phone, delivery Friday.',
    });
    expect(sent.delivered).toBe(true);
    const eml = await readFile(sent.file ?? '', 'utf8');
    expect(eml).toMatch(/^Subject: Estimate SE-00012 rev 2 from Alpha Hydraulics\r$/m);
    expect(eml).toMatch(/^To: pat@delta-logging\.example\r$/m);
    for (const expected of [
      'Hello Pat Buyer,',
      'Total: $1,849.68 CAD',
      'Valid until: 2026-12-24',
      'As discussed on the phone, delivery Friday.',
      'Alpha Hydraulics',
    ]) {
      expect(eml).toContain(expected);
    }
    const boundary = /multipart\/mixed; boundary="([^"]+)"/.exec(eml)?.[1] ?? '?';
    const attached = eml
      .split(`--${boundary}`)
      .find((part) => part.includes('Content-Disposition: attachment'));
    expect(attached).toContain('Content-Type: application/pdf; name="estimate-SE-00012-rev2.pdf"');
    const [, body = ''] = attached?.split('\r\n\r\n') ?? [];
    expect(Buffer.from(body.replace(/\s+/g, ''), 'base64').equals(pdf.data)).toBe(true);

    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.id));
    expect(row).toMatchObject({ subject: 'Estimate SE-00012 rev 2 from Alpha Hydraulics', delivered: true });
    expect(row?.text).toContain('Total: $1,849.68 CAD');
  });
});

describe('through the API: send, then the downloads', () => {
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: bearer(a.regularToken), payload });

  it('sends the PDF to the contact through the outbox, marks it sent, and refuses what cannot go', async () => {
    const customer = (
      await post('customer/new/update', {
        name: 'Echo Forestry',
        currency: 'USD',
        contacts: [{ name: 'Sam Echo', email: 'sam@echo-forestry.example' }],
      })
    ).json();
    const created = await post('salesestimates/create', {
      customerId: customer._id,
      contact: { name: 'Sam Echo', email: 'sam@echo-forestry.example' },
      description: 'Skidder hoses',
      lines: [
        { type: 'assembly', itemId: assembly._id, quantity: 2 },
        { type: 'freight', description: 'Courier', quantity: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as Estimate;

    // Freight with no price: nothing may go out with a line the customer cannot read a price for.
    const unpriced = await post(`salesestimate/${draft._id}/send`, {});
    expect(unpriced.statusCode).toBe(409);
    expect(unpriced.json().message).toBe(
      `1 line has no price on estimate ${draft.number}: enter a price before sending it`,
    );

    const priced = await post(`salesestimate/${draft._id}/update`, {
      lines: [
        { type: 'assembly', itemId: assembly._id, quantity: 2 },
        { type: 'freight', description: 'Courier', quantity: 1, unitPriceOverride: 2500 },
      ],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const sent = await post(`salesestimate/${draft._id}/send`, { message: 'Ready Friday.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', sentTo: 'sam@echo-forestry.example' });

    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'sam@echo-forestry.example'));
    expect(row?.subject).toBe(`Estimate ${draft.number} from Alpha Hydraulics`);
    expect(row?.text).toContain('Ready Friday.');
    const outbox = path.join(t.dataDir, 'outbox');
    const file = (await readdir(outbox)).find((name) => name.includes('sam@echo-forestry.example'));
    const eml = await readFile(path.join(outbox, file ?? 'missing'), 'utf8');
    const boundary = /multipart\/mixed; boundary="([^"]+)"/.exec(eml)?.[1] ?? '?';
    const attached = eml
      .split(`--${boundary}`)
      .find((part) => part.includes('Content-Disposition: attachment'));
    const [, body = ''] = attached?.split('\r\n\r\n') ?? [];
    const { text } = await readPdf(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
    expect(text).toContain(draft.number);
    expect(text).toContain('Echo Forestry');

    // Sent again to another address is fine; once accepted it is not.
    const again = await post(`salesestimate/${draft._id}/send`, { to: 'buyer@echo-forestry.example' });
    expect(again.json()).toMatchObject({ status: 'sent', sentTo: 'buyer@echo-forestry.example' });
    expect((await post(`salesestimate/${draft._id}/accept`, { workOrders: 'perEstimate' })).statusCode).toBe(
      200,
    );
    const late = await post(`salesestimate/${draft._id}/send`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Estimate ${draft.number} is accepted and cannot be sent again`);

    const pdf = await post(`salesestimate/${draft._id}/documents/estimate.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const read = await readPdf(pdf.rawPayload);
    expect(read.text).toContain(draft.number);
    expect(read.text).toContain('Courier');

    const xlsx = await post(`salesestimate/${draft._id}/documents/estimate.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const rows = await readSheet(xlsx.rawPayload, 'Estimate');
    const flat = rows.flat().map(String);
    expect(flat).toContain('Courier');
    expect(rows.flat()).toContain(25);
  });

  it('answers another organisation’s estimate exactly like a missing one', async () => {
    const other = await createTenant(t, { tier: 'professional' });
    const customer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/new/update',
        headers: bearer(other.regularToken),
        payload: { name: 'Other Farms', currency: 'USD' },
      })
    ).json();
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/salesestimates/create',
        headers: bearer(other.regularToken),
        payload: { customerId: customer._id, lines: [{ type: 'labour', quantity: 1 }] },
      })
    ).json() as Estimate;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const suffix of ['documents/estimate.pdf', 'documents/estimate.xlsx', 'send']) {
      const foreign = await post(`salesestimate/${theirs._id}/${suffix}`, {});
      const none = await post(`salesestimate/${missing}/${suffix}`, {});
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(none.json());
    }
  });
});
