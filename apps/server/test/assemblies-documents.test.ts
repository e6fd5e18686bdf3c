/**
 * The assembly's documents read back as a person would: the tag shows the serial, part number, working
 * pressure and build date and encodes the unit's public page; the spec sheet lists the parts, pressures,
 * lengths, crimp specs and customer, under the shop's logo, name, address, phone and email (its settings).
 */

import { createRequire } from 'node:module';
import path from 'node:path';
import type { HoseAssembly, SerialRecord } from '@hosewright/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, images } from '../src/db/schema.ts';
import { TAG_SIZE, tagQrPayload } from '../src/modules/assemblies/documents.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp({ PUBLIC_URL: 'https://hoses.example.com', TRUST_PROXY: 'loopback' });
afterAll(() => t.close());

async function post(token: string, url: string, payload: unknown = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    // As the browser calls it at the public address (behind a TLS proxy).
    headers: { ...bearer(token), host: 'hoses.example.com', 'x-forwarded-proto': 'https' },
    payload: payload as Record<string, unknown>,
  });
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Every page's text, joined by spaces, and the first page's size in points. */
async function readPdf(
  data: Buffer,
): Promise<{ text: string; size: [number, number]; pages: number; subject: string }> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const { info } = (await pdf.getMetadata()) as { info: { Subject?: string } };
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const first = await pdf.getPage(1);
  const [, , w, h] = first.view;
  return {
    text: parts.join(' ').replace(/\s+/g, ' '),
    size: [w ?? 0, h ?? 0],
    pages: pdf.numPages,
    subject: info.Subject ?? '',
  };
}

let a: TestTenant;
let assembly: HoseAssembly;
let serial: SerialRecord;
beforeAll(async () => {
  a = await createTenant(t, { tier: 'professional', name: 'Alpha Hydraulics' });
  const ids = await sampleParts(t, a);
  const [customer] = await t.database.withTenant(a.organizationId, (tx) =>
    tx
      .insert(customers)
      .values({ organizationId: a.organizationId, name: 'Delta Logging' })
      .returning({ id: customers.id }),
  );
  assembly = (
    await post(a.regularToken, 'hoseassembly/new/update', exampleInput(ids, { customerId: customer!.id }))
  ).json();
  serial = (await post(a.regularToken, `hoseassembly/${assembly._id}/serials`, { quantity: 2 })).json()
    .items[1];
});

describe('the tag', () => {
  it('encodes the unit’s public page', () => {
    expect(tagQrPayload('https://hoses.example.com/', 'ABCDE12345')).toBe(
      'https://hoses.example.com/qs/ABCDE12345',
    );
  });

  it('is a 4 × 2 inch label with the serial, part number, working pressure and build date', async () => {
    const res = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/tag.pdf`, {
      serialId: serial.serialId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`tag-C-00001_A-${serial.serialId}.pdf`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.size).toEqual(TAG_SIZE);
    expect(pdf.text).toContain(serial.serialId);
    expect(pdf.text).toContain('C-00001_A');
    // The tenant's users read en_ca, metric by default: bar and mm.
    expect(pdf.text).toContain('WP 276 bar');
    expect(pdf.text).toContain('Length 1,000 mm');
    expect(pdf.text).toContain(`Built ${serial.builtAt.slice(0, 10)}`);
    expect(pdf.text).toContain('Alpha Hydraulics');
    expect(pdf.text).not.toContain('Delta Logging');
    expect(pdf.subject).toBe(`https://hoses.example.com/qs/${serial.serialId}`);
  });

  it('prints the newest serial when none is named, and refuses a serial of another assembly', async () => {
    const newest = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/tag.pdf`);
    expect(newest.statusCode).toBe(200);
    expect((await readPdf(newest.rawPayload)).text).toMatch(/[0-9A-HJKMNP-TV-Z]{10}/);
    const unknown = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/tag.pdf`, {
      serialId: 'ZZZZZZZZZZ',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This serial number was not found');
  });

  it('asks for a serial first when the assembly has none', async () => {
    const ids = await sampleParts(t, a);
    const fresh = (await post(a.regularToken, 'hoseassembly/new/update', exampleInput(ids))).json();
    const res = await post(a.regularToken, `hoseassembly/${fresh._id}/documents/tag.pdf`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This assembly has no serial number yet. Build a unit (make a serial) to print its tag.',
    );
  });
});

describe('the spec sheet', () => {
  it('lists the parts, pressures, lengths, crimp specs of each end and the customer', async () => {
    const res = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/specsheet.pdf`, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('specsheet-C-00001_A.pdf');
    const { text } = await readPdf(res.rawPayload);
    for (const expected of [
      'C-00001_A',
      'Delta Logging',
      'GEN-2SN-08',
      'F-SN-08-FJX90',
      'FER-SN-08',
      'Maximum working pressure: 276 bar (set by GEN-2SN-08)',
      'Overall length: 1,000 mm, measured to the centreline',
      'Cut length: 890 mm',
      'Orientation: 90° clockwise ±5°',
      '24.4 mm ± 0.2 mm',
      'D-24',
      'Skive: no. GEN-2SN-08 is not skived.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says to skive a hose that must be skived, as the assembly and its tag do', async () => {
    const ids = await sampleParts(t, a);
    const end = { fittingId: ids['F-XS-12-FJX90'] ?? '', ferruleId: ids['FER-XS-12'] ?? '' };
    const saved = await post(
      a.regularToken,
      'hoseassembly/new/update',
      exampleInput(ids, { hoseId: ids['GEN-R13-12'], endA: end, endB: end }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const skived = saved.json() as HoseAssembly;
    expect(skived.parts.hose.skive).toBe(true);
    const sheet = await post(a.regularToken, `hoseassembly/${skived._id}/documents/specsheet.pdf`, {});
    const sheetText = (await readPdf(sheet.rawPayload)).text;
    // Above the drawing, in a banner of its own, and again beside the crimp specs.
    expect(sheetText).toContain(
      'SKIVE THE HOSE: cut back the cover of GEN-R13-12 where each ferrule grips, before crimping.',
    );
    expect(sheetText.indexOf('SKIVE THE HOSE')).toBeLessThan(sheetText.indexOf('Bill of materials'));
    expect(sheetText).toContain(
      'Skive: yes. Skive GEN-R13-12 (cut back its cover where the ferrule grips) before assembly.',
    );
    await post(a.regularToken, `hoseassembly/${skived._id}/serials`, { quantity: 1 });
    const tag = await post(a.regularToken, `hoseassembly/${skived._id}/documents/tag.pdf`, {});
    expect((await readPdf(tag.rawPayload)).text).toContain('SKIVE THE HOSE');
    const plainTag = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/tag.pdf`, {});
    expect((await readPdf(plainTag.rawPayload)).text).not.toContain('SKIVE');
    const plainSheet = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/specsheet.pdf`, {});
    expect((await readPdf(plainSheet.rawPayload)).text).not.toContain('SKIVE THE HOSE');
  });

  it('prints each safety finding confirmed with its reason, and who confirmed it', async () => {
    const ids = await sampleParts(t, a);
    const saved = await post(
      a.regularToken,
      'hoseassembly/new/update',
      exampleInput(ids, {
        application: { tempC: 120, bendRadiusMm: 150, media: 'hydraulic oil' },
        confirmations: [
          { code: 'temperature', reason: 'Peaks of 120 °C for minutes only; fire sleeve fitted on site' },
          { code: 'bend-radius', reason: 'Static bend behind the guard, never flexed' },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const confirmed = saved.json() as HoseAssembly;
    const sheet = await post(a.regularToken, `hoseassembly/${confirmed._id}/documents/specsheet.pdf`, {});
    const { text } = await readPdf(sheet.rawPayload);
    for (const expected of [
      'Application: 120 °C, bend radius 150 mm, hydraulic oil',
      'Safety confirmations',
      "120 °C is above hose GEN-2SN-08's highest temperature of 100 °C. Reason: Peaks of 120 °C for minutes only; fire sleeve fitted on site",
      "A 150 mm bend is tighter than hose GEN-2SN-08's minimum bend radius of 180 mm. Reason: Static bend behind the guard, never flexed",
      `Confirmed by ${confirmed.createdByName} when saving revision A on ${confirmed.createdAt.slice(0, 10)}.`,
    ]) {
      expect(text).toContain(expected);
    }
    // An assembly without findings has no such section.
    const plain = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/specsheet.pdf`, {});
    expect((await readPdf(plain.rawPayload)).text).not.toContain('Safety confirmations');
  });

  it('carries the shop it comes from: logo, name, address, phone and email, no empty labels', async () => {
    const shop = await createTenant(t, { tier: 'professional', name: 'Echo Hydraulics' });
    const ids = await sampleParts(t, shop);
    const made = (await post(shop.regularToken, 'hoseassembly/new/update', exampleInput(ids))).json();
    const sheet = async () => {
      const res = await post(shop.regularToken, `hoseassembly/${made._id}/documents/specsheet.pdf`, {});
      expect(res.statusCode).toBe(200);
      return { ...(await readPdf(res.rawPayload)), data: res.rawPayload };
    };

    const bare = await sheet();
    expect(bare.text).toContain('Echo Hydraulics');
    for (const label of ['Phone', 'Email']) expect(bare.text).not.toContain(label);
    expect(bare.data.toString('latin1')).not.toContain('/Subtype /Image');

    const settings = await post(shop.adminToken, 'organization/update', {
      shopAddress: {
        line1: '88 Industrial Road',
        line2: 'Bay 4',
        city: 'Red Deer',
        region: 'AB',
        postalCode: 'T4N 6V7',
        country: 'Canada',
      },
      shopPhone: '+1 403-555-0177',
      shopEmail: 'counter@echo.example',
      estimateTerms: 'Net 15 days.',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const logo = await QRCode.toBuffer('Echo Hydraulics', { width: 120 });
    await t.database.withTenant(shop.organizationId, (tx) =>
      tx.insert(images).values({
        organizationId: shop.organizationId,
        objectId: shop.organizationId,
        contentType: 'image/png',
        data: logo,
        size: logo.length,
      }),
    );

    const { text, data, pages } = await sheet();
    for (const expected of [
      'Echo Hydraulics',
      '88 Industrial Road',
      'Bay 4',
      'Red Deer, AB T4N 6V7',
      'Phone +1 403-555-0177',
      'Email counter@echo.example',
      // The sheet itself, as before.
      'Maximum working pressure: 276 bar (set by GEN-2SN-08)',
      'D-24',
    ]) {
      expect(text).toContain(expected);
    }
    expect(data.toString('latin1')).toContain('/Subtype /Image');
    // It goes with the hose, not with a quote: no terms, no prices.
    expect(text).not.toContain('Net 15 days');
    expect(text).not.toMatch(/\$\d/);
    expect(pages).toBe(bare.pages);
  });
});
