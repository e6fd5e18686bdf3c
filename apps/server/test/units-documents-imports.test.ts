/**
 * Units in what the server writes and reads (ADR 16): the tag, the spec sheet and the kit PDF are in the
 * units of whoever prints them (a user who chose imperial reads inches and psi, the others mm and bar), the
 * kit's prices carry their currency, and import cells may carry their unit ('39-3/8 in', '250 bar') while a
 * plain number keeps meaning the column's mm or psi.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HoseAssembly, HoseKit, SerialRecord } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, hoseAssemblies } from '../src/db/schema.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { type FileRow, importFile, startImport, toCsv, upload, waitForImport } from './import-fixtures.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function post(token: string, url: string, payload: unknown = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Every page's text, joined by spaces. */
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

let a: TestTenant;
let ids: Record<string, string>;
let assembly: HoseAssembly;
let serial: SerialRecord;
beforeAll(async () => {
  a = await createTenant(t, { tier: 'professional', name: 'Units Print Hydraulics' });
  ids = await sampleParts(t, a);
  assembly = (await post(a.regularToken, 'hoseassembly/new/update', exampleInput(ids))).json();
  serial = (await post(a.regularToken, `hoseassembly/${assembly._id}/serials`, { quantity: 1 })).json()
    .items[0];
  // The regular user chose imperial; the admin follows the organisation (nothing chosen: en_ca, metric).
  const chose = await post(a.regularToken, 'users/update', { unitSystem: 'imperial' });
  expect(chose.statusCode, chose.body).toBe(200);
});

describe('documents in the reader’s units', () => {
  it('prints the tag in inches and psi for an imperial user, in mm and bar for a metric one', async () => {
    const imperial = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/tag.pdf`, {
      serialId: serial.serialId,
    });
    expect(imperial.statusCode).toBe(200);
    const text = await pdfText(imperial.rawPayload);
    expect(text).toContain('WP 4,000 psi');
    expect(text).toContain('Length 39-3/8 in');
    expect(text).not.toContain('Length 1,000 mm');

    const metric = await post(a.adminToken, `hoseassembly/${assembly._id}/documents/tag.pdf`, {
      serialId: serial.serialId,
    });
    const metricText = await pdfText(metric.rawPayload);
    expect(metricText).toContain('WP 276 bar');
    expect(metricText).toContain('Length 1,000 mm');
  });

  it('prints the spec sheet, its drawing and crimp diameters in inches for an imperial user', async () => {
    const res = await post(a.regularToken, `hoseassembly/${assembly._id}/documents/specsheet.pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Maximum working pressure: 4,000 psi (set by GEN-2SN-08)',
      'Overall length: 39-3/8 in, measured to the centreline',
      'Cut length: 35-1/16 in',
      // The drawing's dimension lines.
      'Overall 39-3/8 in',
      'Cut length 35-1/16 in',
      // 24.4 ± 0.2 mm.
      '0.961 in ± 0.008 in',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Cut length: 890 mm');
  });

  it('describes an assembly saved without a description in the units of whoever saved it', async () => {
    const imperial = await post(a.regularToken, 'hoseassembly/new/update', exampleInput(ids));
    expect(imperial.json().description).toBe('GEN-2SN-08 × 39-3/8 in, JIC37 F 90° / JIC37 F 90°');
    const metric = await post(a.adminToken, 'hoseassembly/new/update', exampleInput(ids));
    expect(metric.json().description).toBe('GEN-2SN-08 × 1,000 mm, JIC37 F 90° / JIC37 F 90°');
  });

  it('prints the kit’s lengths in the reader’s units and every price with its currency', async () => {
    const kitRes = await post(a.regularToken, 'hosekit/new/update', {
      partNumber: 'UNITS-KIT-1',
      description: 'Loader kit',
      lines: [
        { lineType: 'hoseAssembly', hoseAssemblyId: assembly._id, quantity: 2 },
        { lineType: 'other', description: 'Caps', quantity: 1, unitCost: 7 },
      ],
    });
    expect(kitRes.statusCode, kitRes.body).toBe(200);
    const kit = kitRes.json() as HoseKit;
    const imperial = await pdfText(
      (await post(a.regularToken, `hosekit/${kit._id}/documents/kit.pdf`)).rawPayload,
    );
    expect(imperial).toContain('Overall length 39-3/8 in, cut length 35-1/16 in');
    expect(imperial).toContain(`${kit.currency}`);
    expect(imperial).toMatch(new RegExp(`Kit price: \\S*[0-9,]+\\.\\d\\d ${kit.currency}`));
    // Each BOM price says its currency too, not a bare '$'.
    const priced = imperial.match(new RegExp(`[0-9,]+\\.\\d\\d ${kit.currency}`, 'g')) ?? [];
    expect(priced.length).toBeGreaterThanOrEqual(5);

    const metric = await pdfText(
      (await post(a.adminToken, `hosekit/${kit._id}/documents/kit.pdf`)).rawPayload,
    );
    expect(metric).toContain('Overall length 1,000 mm, cut length 890 mm');
  });
});

describe('imports read lengths and pressures with their units', () => {
  const HEADER = ['Part No', 'Hose', 'End A fitting', 'End A ferrule', 'End B fitting', 'Length (mm)'];
  const row = (partNumber: string, length: string | number): FileRow => [
    partNumber,
    'GEN-2SN-08',
    'F-SN-08-FJX',
    'FER-SN-08',
    'F-SN-08-FJX',
    length,
  ];

  async function run(content: Buffer, kind: string) {
    const res = await upload(t, a.adminToken, kind, { name: 'units.csv', content });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json();
    const started = await startImport(t, a.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    return waitForImport(t, a.adminToken, preview.importId);
  }

  const storedLength = async (partNumber: string) => {
    const [found] = await t.database.withTenant(a.organizationId, (tx) =>
      tx
        .select({ overallLengthMm: hoseAssemblies.overallLengthMm })
        .from(hoseAssemblies)
        .where(
          and(eq(hoseAssemblies.organizationId, a.organizationId), eq(hoseAssemblies.partNumber, partNumber)),
        ),
    );
    return Number(found?.overallLengthMm);
  };

  it('stores 39-3/8 in as 1000.1 mm, 1 m as 1000 mm, and a plain number as mm', async () => {
    const details = await run(
      toCsv(HEADER, [row('UNITS-IN', '39-3/8 in'), row('UNITS-M', '1 m'), row('UNITS-MM', 1200)]),
      'hoseassemblies',
    );
    expect(details, JSON.stringify(details.errors)).toMatchObject({ status: 'succeeded', created: 3 });
    expect(await storedLength('UNITS-IN')).toBe(1000.1);
    expect(await storedLength('UNITS-M')).toBe(1000);
    expect(await storedLength('UNITS-MM')).toBe(1200);
  });

  it('reports a length it cannot read with its row and column, and writes nothing', async () => {
    const details = await run(
      toCsv(HEADER, [row('UNITS-OK', '40 in'), row('UNITS-FRACTION', '39-3/8'), row('UNITS-WORD', 'long')]),
      'hoseassemblies',
    );
    expect(details.status).toBe('failed');
    expect(details.errors).toEqual([
      { row: 3, column: 'Length (mm)', message: 'A fraction needs inches: write it as 3/8 in' },
      {
        row: 4,
        column: 'Length (mm)',
        message: 'Enter the overall length in mm as a number, such as 1000, or with its unit: 39-3/8 in',
      },
    ]);
    expect(await storedLength('UNITS-OK')).toBeNaN();
  });

  it('reads component pressures in bar and lengths in inches; plain numbers stay psi and mm', async () => {
    const header = [
      'partNumber',
      'series',
      'dash',
      'workingPressurePsi',
      'burstPressurePsi',
      'minBendRadiusMm',
    ];
    const { details } = await importFile(t, a.adminToken, 'hose', {
      name: 'hoses.csv',
      content: toCsv(header, [
        ['U-HOSE-1', 'SN', -8, '250 bar', 16000, '7-1/16 in'],
        ['U-HOSE-2', 'SN', -8, 4000, '1000 bar', 180],
      ]),
    });
    expect(details, JSON.stringify(details.errors)).toMatchObject({ status: 'succeeded', created: 2 });
    const rows = await t.database.withTenant(a.organizationId, (tx) =>
      tx
        .select({
          partNumber: components.partNumber,
          workingPressurePsi: components.workingPressurePsi,
          burstPressurePsi: components.burstPressurePsi,
          minBendRadiusMm: components.minBendRadiusMm,
        })
        .from(components)
        .where(eq(components.organizationId, a.organizationId)),
    );
    const byPart = Object.fromEntries(rows.map((r) => [r.partNumber, r]));
    expect(Number(byPart['U-HOSE-1']?.workingPressurePsi)).toBe(3626);
    expect(Number(byPart['U-HOSE-1']?.burstPressurePsi)).toBe(16000);
    expect(Number(byPart['U-HOSE-1']?.minBendRadiusMm)).toBe(179.4);
    expect(Number(byPart['U-HOSE-2']?.workingPressurePsi)).toBe(4000);
    expect(Number(byPart['U-HOSE-2']?.burstPressurePsi)).toBe(14504);
    expect(Number(byPart['U-HOSE-2']?.minBendRadiusMm)).toBe(180);
  });
});
