/**
 * Imports of hose assemblies through the real app and worker, on the GEN sample catalogue: the template;
 * a file with bad rows reports each by row, column and message and writes nothing; the worked example
 * (1000 mm overall, two 55 mm cut-offs, as in the domain's assemblies tests) creates assemblies with the
 * cut length 890 mm; importing the same file again changes nothing; a changed
 * length makes revision B; the plan's limit refuses a file that would pass it and writes nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoseAssemblies, notifications } from '../src/db/schema.ts';
import type { StoredSpec } from '../src/modules/assemblies/service.ts';
import { importFields } from '../src/modules/imports/fields.ts';
import type { ImportDetails, ImportPreview } from '../src/modules/imports/types.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { type FileRow, startImport, toCsv, upload, waitForImport } from './import-fixtures.ts';

const BASE = '/api/v1/organization/imports';

/** A shop's own headers; the suggested mapping finds every field. */
const HEADER = [
  'Part No',
  'Description',
  'Hose',
  'End A fitting',
  'End A ferrule',
  'End B fitting',
  'End B ferrule',
  'Length (mm)',
  'Measured to',
  'Orientation',
  'Convention',
  'Account',
  'Notes',
];

/** The worked example as a row (the domain's `cutLengthMm` tests): GEN-2SN-08, F-SN-08-FJX90 both ends, 1000 mm, 90° clockwise. */
function exampleRow(partNumber: string, over: Partial<Record<string, string | number>> = {}): FileRow {
  const values: Record<string, string | number> = {
    'Part No': partNumber,
    Description: '',
    Hose: 'GEN-2SN-08',
    'End A fitting': 'F-SN-08-FJX90',
    'End A ferrule': 'FER-SN-08',
    'End B fitting': 'F-SN-08-FJX90',
    // Left empty: the ferrule is chosen as the builder chooses it.
    'End B ferrule': '',
    'Length (mm)': 1000,
    'Measured to': 'Centerline',
    Orientation: 90,
    Convention: '',
    Account: '',
    Notes: 'Boom lift',
    ...over,
  };
  return HEADER.map((h) => values[h]);
}

describe('hose assembly imports', () => {
  let t: TestApp;
  let shop: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'professional', name: 'Assembly Import Hose Co' });
    await sampleParts(t, shop);
  });
  afterAll(() => t.close());

  const revisions = (tenant: TestTenant) =>
    t.database.withTenant(tenant.organizationId, (tx) =>
      tx
        .select()
        .from(hoseAssemblies)
        .where(eq(hoseAssemblies.organizationId, tenant.organizationId))
        .orderBy(asc(hoseAssemblies.partNumber), asc(hoseAssemblies.revision)),
    );

  async function runImport(
    file: { name: string; content: Buffer },
    tenant = shop,
    kind = 'hoseassemblies',
  ): Promise<{ preview: ImportPreview; details: ImportDetails }> {
    const res = await upload(t, tenant.adminToken, kind, file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json() as ImportPreview;
    const started = await startImport(t, tenant.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    return { preview, details: await waitForImport(t, tenant.adminToken, preview.importId) };
  }

  it('answers a template with every column and an example row that imports', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/template/hoseAssembly?format=xlsx`,
      headers: bearer(shop.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hosewright-hose-assemblies-template.xlsx"',
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(importFields(t.importTargets.get('hoseAssembly')).map((f) => f.name));
    expect(rows[0]).toEqual([
      'partNumber',
      'description',
      'brand',
      'hosePartNumber',
      'endAFittingPartNumber',
      'endAFerrulePartNumber',
      'endBFittingPartNumber',
      'endBFerrulePartNumber',
      'overallLengthMm',
      'lengthMeasuredTo',
      'orientationDeg',
      'orientationConvention',
      'customerAccountNumber',
      'notes',
    ]);
    const required = importFields(t.importTargets.get('hoseAssembly'))
      .filter((f) => f.required)
      .map((f) => f.name);
    expect(required).toEqual([
      'hosePartNumber',
      'endAFittingPartNumber',
      'endBFittingPartNumber',
      'overallLengthMm',
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${BASE}/template/hoseAssembly?format=csv`,
      headers: bearer(shop.adminToken),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');

    const tenant = await createTenant(t, { tier: 'trial' });
    await sampleParts(t, tenant);
    const { details } = await runImport({ name: 'template.xlsx', content: res.rawPayload }, tenant);
    expect(details, JSON.stringify(details.errors)).toMatchObject({
      status: 'succeeded',
      created: 1,
      updated: 0,
    });
    const [made] = await revisions(tenant);
    expect(made).toMatchObject({ revision: 'A', description: 'Boom lift hose, JIC both ends' });
    expect(Number(made?.cutLengthMm)).toBe(890);
  });

  it('reports every bad row with row, column and message and writes nothing', async () => {
    const file = toCsv(HEADER, [
      exampleRow('IMP-GOOD'),
      // Unknown hose, and an adaptor where End B's fitting goes.
      exampleRow('IMP-UNKNOWN', { Hose: 'GEN-9ZZ-99', 'End B fitting': 'A-MJ08-MORB08' }),
      // A fitting of another series (XS, -12) on an SN -8 hose.
      exampleRow('IMP-SERIES', { 'End A fitting': 'F-XS-12-FJX90', 'End A ferrule': '' }),
      // A two-piece fitting whose ferrule cannot be chosen: the library has no SN -12 ferrule.
      exampleRow('IMP-NOFERRULE', {
        Hose: 'GEN-2SN-12',
        'End A fitting': 'F-SN-12-FJX',
        'End A ferrule': '',
        'End B fitting': 'F-SN-12-FJX',
        Orientation: '',
        'Measured to': '',
      }),
      // A negative length.
      exampleRow('IMP-NEGATIVE', { 'Length (mm)': -5 }),
      // The fittings take 110 mm: 100 mm leaves no hose.
      exampleRow('IMP-SHORT', { 'Length (mm)': 100 }),
      // An unknown customer and the same part number twice.
      exampleRow('IMP-GOOD', { Account: 'NOPE-1' }),
      // An unknown customer, a measuring point and a convention nobody uses.
      exampleRow('IMP-WORDS', { Account: 'NOPE-1', 'Measured to': 'middle', Convention: 'sideways' }),
    ]);
    const { preview, details } = await runImport({ name: 'assemblies-bad.csv', content: file });
    expect(preview.kind).toBe('hoseAssembly');
    expect(preview.mapping).toEqual({
      'Part No': 'partNumber',
      Description: 'description',
      Hose: 'hosePartNumber',
      'End A fitting': 'endAFittingPartNumber',
      'End A ferrule': 'endAFerrulePartNumber',
      'End B fitting': 'endBFittingPartNumber',
      'End B ferrule': 'endBFerrulePartNumber',
      'Length (mm)': 'overallLengthMm',
      'Measured to': 'lengthMeasuredTo',
      Orientation: 'orientationDeg',
      Convention: 'orientationConvention',
      Account: 'customerAccountNumber',
      Notes: 'notes',
    });
    expect(details.status).toBe('failed');
    expect(details.message).toBe('7 rows have problems; nothing was imported.');
    expect(details.errors).toEqual([
      { row: 3, column: 'Hose', message: 'No hose has part number GEN-9ZZ-99 in the component library' },
      {
        row: 3,
        column: 'End B fitting',
        message: 'A-MJ08-MORB08 is an adaptor in the component library, not a crimp fitting',
      },
      {
        row: 4,
        column: 'End A fitting',
        message:
          'End A: fitting F-XS-12-FJX90 does not fit hose GEN-2SN-08. Series XS; this hose takes series SN. Dash size -12; this hose is -8. Series XS is for hose that must be skived; this hose is not skived',
      },
      {
        row: 5,
        column: 'End A ferrule',
        message:
          "End A: fitting F-SN-12-FJX is two-piece and no ferrule in the component library fits hose GEN-2SN-12 (series SN, dash -12); fill in the ferrule's part number",
      },
      {
        row: 5,
        column: 'End B ferrule',
        message:
          "End B: fitting F-SN-12-FJX is two-piece and no ferrule in the component library fits hose GEN-2SN-12 (series SN, dash -12); fill in the ferrule's part number",
      },
      { row: 6, column: 'Length (mm)', message: 'The overall length must be more than 0 mm' },
      {
        row: 7,
        column: 'Length (mm)',
        message: 'The overall length 100 mm leaves no hose: the two fittings take 110 mm',
      },
      {
        row: 8,
        column: 'Part No',
        message: 'Part number IMP-GOOD appears more than once in the file; first on row 2',
      },
      { row: 9, column: 'Measured to', message: 'Write end of thread, sealing surface or centreline' },
      { row: 9, column: 'Convention', message: 'Write clockwise or counter-clockwise' },
      {
        row: 9,
        column: 'Account',
        message: 'No customer has account number NOPE-1. Import or create the customer first.',
      },
    ]);
    expect(await revisions(shop)).toEqual([]);
  });

  it('creates the worked example (cut length 890 mm), then the same file changes nothing and a new length makes revision B', async () => {
    const first = toCsv(HEADER, [
      exampleRow('IMP-100'),
      exampleRow('', {
        Description: 'Generated part number',
        Convention: 'CW',
        'Measured to': 'centre line',
      }),
    ]);
    const { details } = await runImport({ name: 'assemblies.csv', content: first });
    expect(details, JSON.stringify(details.errors)).toMatchObject({
      status: 'succeeded',
      created: 2,
      updated: 0,
      message: 'Imported 2 hose assemblies: 2 new, 0 updated.',
      changes: [
        { row: 2, change: 'created', item: 'IMP-100', fields: [] },
        { row: 3, change: 'created', item: 'C-00001', fields: [] },
      ],
    });
    const made = await revisions(shop);
    expect(made.map((r) => [r.partNumber, r.revision, r.latest, Number(r.cutLengthMm)])).toEqual([
      ['C-00001', 'A', true, 890],
      ['IMP-100', 'A', true, 890],
    ]);
    const spec = made[1]?.spec as StoredSpec;
    // End B's ferrule was chosen: FER-SN-08, as the builder chooses it.
    expect(spec.parts.endB.ferrule?.partNumber).toBe('FER-SN-08');
    expect(spec.input).toMatchObject({
      lengthMeasuredTo: 'centreline',
      orientationDeg: 90,
      orientationConvention: 'clockwise',
      notes: 'Boom lift',
    });
    expect(made[0]?.description).toBe('Generated part number');
    // The revision is the work of the admin who started the import.
    expect(made[1]?.createdBy).toBe(shop.adminId);
    const [notice] = await t.database.withTenant(shop.organizationId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.organizationId, shop.organizationId)),
    );
    expect(notice?.url).toMatch(/^hoseassemblies\/import\?log=/);

    // The same named row again: nothing changes.
    const again = await runImport({
      name: 'assemblies.csv',
      content: toCsv(HEADER, [exampleRow('IMP-100')]),
    });
    expect(again.details).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 0,
      unchanged: 1,
      changes: [],
      message: 'Nothing changed: every row of the file is already saved as it is (1 hose assembly).',
    });
    expect((await revisions(shop)).map((r) => r.id)).toEqual(made.map((r) => r.id));

    // A new length: revision B, and A stays readable.
    const longer = await runImport({
      name: 'assemblies-longer.csv',
      content: toCsv(HEADER, [exampleRow('imp-100', { 'Length (mm)': 1200 })]),
    });
    expect(longer.details).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 1,
      changes: [
        {
          row: 2,
          change: 'updated',
          item: 'IMP-100 (revision B)',
          fields: [{ field: 'overallLengthMm', before: 1000, after: 1200 }],
        },
      ],
    });
    const after = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select()
        .from(hoseAssemblies)
        .where(
          and(
            eq(hoseAssemblies.organizationId, shop.organizationId),
            eq(hoseAssemblies.partNumber, 'IMP-100'),
          ),
        )
        .orderBy(asc(hoseAssemblies.revision)),
    );
    expect(after.map((r) => [r.revision, r.latest, Number(r.cutLengthMm)])).toEqual([
      ['A', false, 890],
      ['B', true, 1090],
    ]);
  });

  it('keeps what the file has no columns for (a wrap built in the builder) and changes nothing when the figures are the same', async () => {
    const ids = await sampleParts(t, shop);
    const built = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hoseassembly/new/update',
      headers: bearer(shop.adminToken),
      payload: exampleInput(ids, {
        partNumber: 'BLD-1',
        wrap: { wrapId: ids['W-SPIRAL-25'] ?? '' },
      }) as Record<string, unknown>,
    });
    expect(built.statusCode, built.body).toBe(200);
    const same = await runImport({
      name: 'built.csv',
      content: toCsv(HEADER, [exampleRow('BLD-1', { Notes: '' })]),
    });
    expect(same.details, JSON.stringify(same.details.errors)).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 0,
    });
    const longer = await runImport({
      name: 'built-longer.csv',
      content: toCsv(HEADER, [exampleRow('BLD-1', { Notes: '', 'Length (mm)': 1100 })]),
    });
    expect(longer.details).toMatchObject({ status: 'succeeded', created: 0, updated: 1 });
    const [latest] = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select()
        .from(hoseAssemblies)
        .where(
          and(
            eq(hoseAssemblies.organizationId, shop.organizationId),
            eq(hoseAssemblies.partNumber, 'BLD-1'),
            eq(hoseAssemblies.latest, true),
          ),
        ),
    );
    expect(latest?.revision).toBe('B');
    const spec = latest?.spec as StoredSpec;
    expect(spec.parts.wrap?.partNumber).toBe('W-SPIRAL-25');
    expect(spec.computed.cutLengthMm).toBe(990);
    // The wrap was as long as the hose: it still is.
    expect(spec.computed.wrapLengthMm).toBe(990);
  });

  it('refuses rows the builder would refuse for safety, and keeps an assembly’s confirmations (ADR 22)', async () => {
    const ids = await sampleParts(t, shop);
    // Built in the builder for a 4000 psi application, its 110 °C confirmed with a reason.
    const confirmations = [{ code: 'temperature' as const, reason: 'Cab heater circuit, short runs only' }];
    const built = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hoseassembly/new/update',
      headers: bearer(shop.adminToken),
      payload: exampleInput(ids, {
        partNumber: 'SAFE-1',
        application: { workingPressurePsi: 4000, tempC: 110, media: 'oil' },
        confirmations,
      }) as Record<string, unknown>,
    });
    expect(built.statusCode, built.body).toBe(200);
    const before = await revisions(shop);

    const refused = await runImport({
      name: 'safety.csv',
      content: toCsv(HEADER, [
        // A 3000 psi NPT fitting at End A would carry the 4000 psi application.
        exampleRow('SAFE-1', {
          'End A fitting': 'F-SN-08-MNPT',
          Orientation: '',
          'Measured to': '',
          Notes: '',
        }),
        // 220 mm overall: 110 mm of -8 hose, below its minimum free length; a file cannot confirm that.
        exampleRow('SAFE-SHORT', { 'Length (mm)': 220 }),
      ]),
    });
    expect(refused.details.status).toBe('failed');
    expect(refused.details.errors).toEqual([
      {
        row: 2,
        column: 'Part No',
        message:
          "The application's 4000 psi is above the assembly's maximum working pressure of 3000 psi (set by End A fitting F-SN-08-MNPT). Choose parts rated for 4000 psi",
      },
      {
        row: 3,
        column: 'Length (mm)',
        message:
          'The 110 mm cut length is below the minimum free length of 114 mm for -8 hose GEN-2SN-08: open the assembly in the builder and confirm it with a reason (an import cannot)',
      },
    ]);
    expect((await revisions(shop)).map((r) => r.id)).toEqual(before.map((r) => r.id));

    // A new length keeps the temperature the assembly's builder confirmed, with its reason.
    const longer = await runImport({
      name: 'safety-longer.csv',
      content: toCsv(HEADER, [exampleRow('SAFE-1', { 'Length (mm)': 1100, Notes: '' })]),
    });
    expect(longer.details, JSON.stringify(longer.details.errors)).toMatchObject({
      status: 'succeeded',
      updated: 1,
    });
    const latest = (await revisions(shop)).find((r) => r.partNumber === 'SAFE-1' && r.latest);
    expect(latest?.revision).toBe('B');
    const spec = latest?.spec as StoredSpec;
    expect(spec.input.confirmations).toEqual(confirmations);
    expect(spec.computed.findings?.map((f) => [f.code, f.reason])).toEqual([
      ['temperature', 'Cab heater circuit, short runs only'],
    ]);
  });

  it('refuses a file that would pass the plan’s limit and writes nothing', async () => {
    const trial = await createTenant(t, { tier: 'trial', name: 'Trial Import Hose' });
    await sampleParts(t, trial);
    const rows = Array.from({ length: 51 }, (_, i) => exampleRow(`T-${i + 1}`));
    const { details } = await runImport({ name: 'too-many.csv', content: toCsv(HEADER, rows) }, trial);
    expect(details.status).toBe('failed');
    expect(details.message).toBe(
      'You have 0 hose assemblies, the file adds 51, your plan allows 50. Upgrade your subscription to import them. Nothing was imported.',
    );
    expect(details.upgradeUrl).toBe('/upgradesubscription');
    expect(await revisions(trial)).toEqual([]);
  });
});
