/**
 * The work order's documents read back as a person would: the pick list names what to take from which
 * warehouse and location (hose as a length with the pieces to cut), the traveller carries the lines, units,
 * steps, crimp targets and test pressure with a QR code back to the order, and a completed order prints a
 * test certificate per unit and its tags. Each says plainly when the order is not in a state to print it.
 */

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WorkOrder } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../src/db/schema.ts';
import { TAG_SIZE } from '../src/modules/assemblies/documents.ts';
import { api, PASSING_STEPS, stockedAssembly } from './fixtures-workorders.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp({ PUBLIC_URL: 'https://hoses.example.com', TRUST_PROXY: 'loopback' });
afterAll(() => t.close());

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function readPdf(data: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const { info } = (await pdf.getMetadata()) as { info: { Subject?: string } };
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  const first = await pdf.getPage(1);
  const [, , w, h] = first.view;
  return { text: pages.join(' '), pages, size: [w ?? 0, h ?? 0], subject: info.Subject ?? '' };
}

let shop: TestTenant;
let regularName: string;

async function download(order: WorkOrder, name: string, payload: unknown = {}, token = shop.regularToken) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/workorder/${order._id}/documents/${name}.pdf`,
    // As the browser calls it at the public address (behind a TLS proxy).
    headers: { ...bearer(token), host: 'hoses.example.com', 'x-forwarded-proto': 'https' },
    payload: payload as Record<string, unknown>,
  });
  return res;
}

async function pdfOf(order: WorkOrder, name: string, payload: unknown = {}, token = shop.regularToken) {
  const res = await download(order, name, payload, token);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/pdf/);
  return readPdf(res.rawPayload);
}

let order: WorkOrder;

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Paper Trail Hydraulics' });
  const [regular] = await t.database.withSystem((tx) =>
    tx.select({ name: users.name }).from(users).where(eq(users.id, shop.regularId)),
  );
  regularName = regular!.name;
  const [customer] = await t.database.withTenant(shop.organizationId, (tx) =>
    tx
      .insert(customers)
      .values({ organizationId: shop.organizationId, name: 'Delta Logging' })
      .returning({ id: customers.id }),
  );
  const { warehouseId, hoseAssemblyId } = await stockedAssembly(t, shop, 2);
  order = await api<WorkOrder>(
    t,
    shop,
    'workorders/create',
    {
      from: 'assemblies',
      warehouseId,
      customerId: customer!.id,
      lines: [{ hoseAssemblyId, quantity: 2 }],
      dueDate: '2026-12-01',
      priority: 'high',
      description: 'Loader boom hoses',
    },
    201,
  );
});

describe('while a draft', () => {
  it('prints the traveller with the lines, crimp targets, test pressure and a QR code to the order', async () => {
    const pdf = await pdfOf(order, 'traveller');
    expect(pdf.subject).toBe(`https://hoses.example.com/workorder/${order._id}`);
    const line = order.lines[0]!;
    for (const expected of [
      `Traveller ${order.number}`,
      'Paper Trail Hydraulics',
      'Customer: Delta Logging',
      'Due: 2026-12-01',
      'Priority: High',
      'Loader boom hoses',
      line.hoseAssembly.title,
      '890 mm',
      // 2 × 4,000 psi, at least 1.5 ×, in bar for a metric reader.
      '552 bar (at least 414 bar)',
      '24.4 mm ± 0.2 mm, die D-24 (spec rev. A)',
      'Each unit gets its serial number when the work order is released.',
    ]) {
      expect(pdf.text).toContain(expected);
    }
  });

  it('has no pick list, certificates or tags yet', async () => {
    const pick = await download(order, 'picklist');
    expect(pick.statusCode).toBe(409);
    expect(pick.json().message).toBe(
      `Work order ${order.number} is a draft: release it first, which reserves what to pick.`,
    );
    const certificates = await download(order, 'certificates');
    expect(certificates.statusCode).toBe(409);
    expect(certificates.json().message).toBe(
      `Test certificates are printed once a work order is completed; ${order.number} is still a draft: release it, build and test its units, then complete it.`,
    );
    expect((await download(order, 'tags')).statusCode).toBe(409);
  });
});

describe('once released', () => {
  beforeAll(async () => {
    order = await api<WorkOrder>(t, shop, `workorder/${order._id}/release`);
  });

  it('prints the pick list by warehouse and location, hose as a length with the pieces to cut', async () => {
    const pdf = await pdfOf(order, 'picklist');
    for (const expected of [
      `Pick list ${order.number}`,
      'Customer: Delta Logging',
      'Due: 2026-12-01',
      `Warehouse ${order.warehouse.code}`,
      'Picked Location Part number Description Quantity',
      'GEN-2SN-08',
      '1.78 m cut 2 × 890 mm',
      // The piece release chose (ADR 19): the 2 m received, no batch or date code.
      'From the 2.00 m piece',
      'F-SN-08-FJX90',
      '4 pcs',
      'FER-SN-08',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).toMatch(/A1 F-SN-08-FJX90/);
  });

  it('writes the pick list in the reader’s units', async () => {
    const imperial = (unitSystem: 'imperial' | null) =>
      t.database.withSystem((tx) => tx.update(users).set({ unitSystem }).where(eq(users.id, shop.adminId)));
    await imperial('imperial');
    try {
      const pdf = await pdfOf(order, 'picklist', {}, shop.adminToken);
      // 1,780 mm is 5.84 ft; 890 mm is 35.04 in, to the nearest 1/16.
      expect(pdf.text).toContain('5.8 ft cut 2 × 35-1/16 in');
    } finally {
      await imperial(null);
    }
  });

  it('lists every unit with its serial and the steps to tick on the traveller', async () => {
    const pdf = await pdfOf(order, 'traveller');
    for (const unit of order.units) {
      expect(pdf.text).toContain(`Unit ${unit.index} of 2 · Serial ${unit.serialId}`);
    }
    expect(pdf.text).toContain('Cut Assemble Crimp Clean Cap Proof test Tag');
    expect(pdf.text).toContain('Released · 2 units');
  });
});

describe('once completed', () => {
  beforeAll(async () => {
    for (const unit of order.units) {
      for (const s of PASSING_STEPS) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/workorder/${order._id}/unit/${unit._id}/step`,
          headers: bearer(shop.regularToken),
          payload: s as unknown as Record<string, unknown>,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    order = await api<WorkOrder>(t, shop, `workorder/${order._id}/complete`);
  });

  it('prints a test certificate per unit with the test, crimp diameters, assembler and tester', async () => {
    const pdf = await pdfOf(order, 'certificates');
    expect(pdf.pages).toHaveLength(2);
    const today = order.completedAt!.slice(0, 10);
    order.units.forEach((unit, i) => {
      const page = pdf.pages[i]!;
      for (const expected of [
        'Paper Trail Hydraulics',
        'Test certificate',
        `Assembly: ${order.lines[0]!.hoseAssembly.title}`,
        `Serial: ${unit.serialId}`,
        `Work order: ${order.number}`,
        'Customer: Delta Logging',
        'Maximum working pressure: 276 bar',
        'Test pressure: 552 bar',
        'Hold time: 60 s',
        'Result: PASS',
        `Tested by: ${regularName}`,
        `Test date: ${today}`,
        'End A 24.4 mm 24.4 mm ± 0.2 mm D-24 A Yes',
        'End B 24.45 mm 24.4 mm ± 0.2 mm D-24 A Yes',
        `Assembled by: ${regularName}`,
        `Completed: ${today}`,
      ]) {
        expect(page).toContain(expected);
      }
    });
  });

  it('prints one unit’s certificate when asked, and refuses a unit it does not have', async () => {
    const unit = order.units[1]!;
    const one = await pdfOf(order, 'certificates', { unitId: unit._id });
    expect(one.pages).toHaveLength(1);
    expect(one.text).toContain(`Serial: ${unit.serialId}`);
    const unknown = await download(order, 'certificates', { unitId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This unit was not found');
  });

  it('prints the tags, one label per unit', async () => {
    const pdf = await pdfOf(order, 'tags');
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.size).toEqual(TAG_SIZE);
    order.units.forEach((unit, i) => {
      expect(pdf.pages[i]).toContain(unit.serialId);
      expect(pdf.pages[i]).toContain(order.lines[0]!.hoseAssembly.title);
      expect(pdf.pages[i]).toContain('WP 276 bar');
      expect(pdf.pages[i]).toContain(`Built ${order.completedAt!.slice(0, 10)}`);
    });
  });

  it('has no pick list any more', async () => {
    const res = await download(order, 'picklist');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is completed: its stock was taken/);
  });
});
