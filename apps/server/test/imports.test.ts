/**
 * The component import pipeline through the real app: templates, upload and preview, start, the worker,
 * the outcome (everything written in one go, or nothing and every problem listed), notifications, access.
 */
import { COMPONENT_KINDS, DASH_VALUES, IMPORT_TARGET_NAMES } from '@hosewright/domain';
import { and, count, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, importFileParts, importLogs, jobs, notifications } from '../src/db/schema.ts';
import { toColumns } from '../src/modules/components/service.ts';
import { importFields } from '../src/modules/imports/fields.ts';
import { csvRecords, detectDelimiter } from '../src/modules/imports/parse.ts';
import {
  COMPONENT_IMPORT_JOB,
  IMPORT_FILE_PART_BYTES,
  importJobHandler,
  runComponentImport,
  stageComponentImport,
} from '../src/modules/imports/service.ts';
import type { ImportDetails, ImportPreview } from '../src/modules/imports/types.ts';
import { BOOLEAN_MESSAGE } from '../src/modules/imports/validate.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { CRASH_MESSAGE, startJobWorker } from '../src/modules/jobs/worker.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import {
  type FileCell,
  type FileRow,
  HOSE_FIELDS,
  type HoseField,
  hoseCsv,
  hoseValues,
  importFile,
  rowOf,
  startImport,
  toCsv,
  toXlsx,
  upload,
  waitForImport,
} from './import-fixtures.ts';

const BASE = '/api/v1/organization/imports';

describe('component imports', () => {
  let t: TestApp;
  let shop: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'professional', name: 'Import Hydraulics' });
    other = await createTenant(t, { tier: 'professional', name: 'Other Hose' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = shop.adminToken) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  const componentCount = (organizationId: string) =>
    t.database.withTenant(organizationId, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(components)
        .where(eq(components.organizationId, organizationId));
      return row?.n ?? 0;
    });

  const importLogCount = (organizationId: string) =>
    t.database.withTenant(organizationId, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(importLogs)
        .where(eq(importLogs.organizationId, organizationId));
      return row?.n ?? 0;
    });

  const notificationsFor = (organizationId: string, url: string) =>
    t.database.withTenant(organizationId, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.organizationId, organizationId), eq(notifications.url, url))),
    );

  /** Polls a job row until it has finished. */
  async function waitForJob(organizationId: string, jobId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [job] = await t.database.withTenant(organizationId, (tx) =>
        tx.select().from(jobs).where(eq(jobs.id, jobId)),
      );
      if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The shop's custom hoses through the list API, by part number. */
  async function customHoses(tenant = shop): Promise<Map<string, Record<string, unknown>>> {
    const res = await get('/api/v1/organization/customhoses?itemsPerPage=500', tenant.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    return new Map(items.map((i) => [i.partNumber as string, i]));
  }

  it('has a target for exactly the names the contracts take, in the same order', () => {
    expect(t.importTargets.all.map((target) => target.name)).toEqual([...IMPORT_TARGET_NAMES]);
  });

  describe('templates', () => {
    it('answers an xlsx template with the contract fields as header and an example row', async () => {
      const res = await get(`${BASE}/template/hose?format=xlsx`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="hosewright-hoses-template.xlsx"',
      );
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual([...HOSE_FIELDS]);
      expect(rows).toHaveLength(2);
      const example = Object.fromEntries(HOSE_FIELDS.map((f, i) => [f, rows[1]?.[i]]));
      expect(example).toMatchObject({
        partNumber: 'H-2AT-08',
        dash: -8,
        workingPressurePsi: 3500,
        skive: false,
      });
    });

    it('answers a CSV template (xlsx is the default format)', async () => {
      const res = await get(`${BASE}/template/crimpFitting?format=csv`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="hosewright-crimp-fittings-template.csv"',
      );
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]?.split(',')).toEqual(
        importFields(t.importTargets.get('crimpFitting')).map((f) => f.name),
      );
      expect(lines[0]).not.toContain('kind');
      expect(lines[0]?.startsWith('partNumber,brand,description,')).toBe(true);

      const byDefault = await get(`${BASE}/template/wrap`);
      expect(byDefault.headers['content-disposition']).toBe(
        'attachment; filename="hosewright-wraps-template.xlsx"',
      );
      expect((await get(`${BASE}/template/hose?format=pdf`)).statusCode).toBe(400);
      expect((await get(`${BASE}/template/gasket?format=csv`)).statusCode).toBe(404);
    });

    it.each(COMPONENT_KINDS.flatMap((kind) => [[kind, 'csv'] as const, [kind, 'xlsx'] as const]))(
      'imports its own %s %s template as is',
      async (kind, format) => {
        const tenant = await createTenant(t, { tier: 'professional' });
        const template = await get(`${BASE}/template/${kind}?format=${format}`, tenant.adminToken);
        const { preview, details } = await importFile(t, tenant.adminToken, kind, {
          name: `template.${format}`,
          content: template.rawPayload,
        });
        expect(Object.values(preview.mapping).every((field) => field !== null)).toBe(true);
        expect(details.status, JSON.stringify(details.errors)).toBe('succeeded');
        expect(details).toMatchObject({ created: 1, updated: 0, rowsTotal: 1 });
      },
    );
  });

  describe('upload and preview', () => {
    it('reads a semicolon CSV with a BOM, suggests a mapping and shows the first rows', async () => {
      const header = [
        'Part No',
        'Manufacturer',
        'Description',
        'Series',
        'Dash Size',
        'WP',
        'Burst Pressure',
        'Notes',
      ];
      const rows: FileRow[] = Array.from({ length: 12 }, (_, i) => [
        `P-${i + 1}`,
        'ACME',
        `1/2" hose; ${i + 1}`,
        'AC',
        '-8',
        '3000',
        '12000',
        '',
      ]);
      const file = toCsv(header, rows, { delimiter: ';', bom: true, eol: '\r\n' });
      const res = await upload(t, shop.adminToken, 'hose', { name: 'C:\\exports\\hoses.csv', content: file });
      expect(res.statusCode, res.body).toBe(201);
      const preview = res.json() as ImportPreview;
      expect(preview).toMatchObject({ fileName: 'hoses.csv', kind: 'hose', columns: header, rowsTotal: 12 });
      expect(preview.mapping).toEqual({
        'Part No': 'partNumber',
        Manufacturer: 'brand',
        Description: 'description',
        Series: 'series',
        'Dash Size': 'dash',
        WP: 'workingPressurePsi',
        'Burst Pressure': 'burstPressurePsi',
        Notes: null,
      });
      expect(preview.sampleRows).toHaveLength(10);
      expect(preview.sampleRows[0]).toEqual({
        'Part No': 'P-1',
        Manufacturer: 'ACME',
        Description: '1/2" hose; 1',
        Series: 'AC',
        'Dash Size': '-8',
        WP: '3000',
        'Burst Pressure': '12000',
        Notes: null,
      });
      const required = preview.fields.filter((f) => f.required).map((f) => f.name);
      expect(required).toEqual(['partNumber', 'series', 'dash', 'workingPressurePsi']);
      expect(preview.fields.find((f) => f.name === 'costUnit')).toMatchObject({
        type: 'enum',
        options: ['each', 'ft', 'm'],
      });

      const [stored] = await t.database.withTenant(shop.organizationId, (tx) =>
        tx.select().from(importLogs).where(eq(importLogs.id, preview.importId)),
      );
      expect(stored).toMatchObject({
        status: 'uploaded',
        target: 'hose',
        rowsTotal: 12,
        userId: shop.adminId,
      });
      const parts = await t.database.withTenant(shop.organizationId, (tx) =>
        tx
          .select()
          .from(importFileParts)
          .where(eq(importFileParts.importLogId, preview.importId))
          .orderBy(importFileParts.part),
      );
      expect(Buffer.compare(Buffer.concat(parts.map((p) => p.data)), file)).toBe(0);
    });

    it('stores a large file in parts and reads every row back', async () => {
      const shop = await createTenant(t, { tier: 'professional' });
      const file = hoseCsv(8000, 'PARTS');
      expect(file.length).toBeGreaterThan(2 * IMPORT_FILE_PART_BYTES);
      const { details } = await importFile(t, shop.adminToken, 'hose', { name: 'large.csv', content: file });
      expect(details).toMatchObject({ status: 'succeeded', rowsTotal: 8000, created: 8000, updated: 0 });
      const parts = await t.database.withTenant(shop.organizationId, (tx) =>
        tx
          .select({ part: importFileParts.part })
          .from(importFileParts)
          .where(eq(importFileParts.importLogId, details.importId)),
      );
      expect(parts).toHaveLength(Math.ceil(file.length / IMPORT_FILE_PART_BYTES));
    });

    it('reads CSV records: quotes, doubled quotes, line breaks in cells, inch marks, CRLF and CR', () => {
      const read = (text: string, delimiter = ',') => [...csvRecords(text, delimiter)];
      expect(read('\uFEFFa,b\r\n1,2\r\n')).toEqual([
        ['a', 'b'],
        ['1', '2'],
      ]);
      expect(read('a;b\r1;2', ';')).toEqual([
        ['a', 'b'],
        ['1', '2'],
      ]);
      expect(read('pn,desc,x\nH-1,"1/2"" hose, two ""wire""",3\nH-2,1/2" hose,4\n')).toEqual([
        ['pn', 'desc', 'x'],
        ['H-1', '1/2" hose, two "wire"', '3'],
        ['H-2', '1/2" hose', '4'],
      ]);
      expect(read('a,b\n"line one\r\nline two",2\n\n,\n"",""')).toEqual([
        ['a', 'b'],
        ['line one\r\nline two', '2'],
        [''],
        ['', ''],
        ['', ''],
      ]);
      expect(() => read('a,b\n1,2\n"never closed,3\n')).toThrow(
        'A quoted cell in the row on line 3 is never closed.',
      );
    });

    it('counts a record with a line break inside quotes as one spreadsheet row', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const content = Buffer.from(
        'partNumber,series,dash,workingPressurePsi,description\nM-1,AC,-8,3000,"two\nlines"\nM-2,AC,-7,3000,x\n',
      );
      const { details } = await importFile(t, tenant.adminToken, 'hose', { name: 'm.csv', content });
      expect(details.errors).toEqual([
        { row: 3, column: 'dash', message: `Dash size must be one of ${DASH_VALUES.join(', ')}` },
      ]);
    });

    it('detects the delimiter from the header line', () => {
      expect(detectDelimiter('a,b,c\n1;2')).toBe(',');
      expect(detectDelimiter('a;b;"c,d"\n1,2')).toBe(';');
      expect(detectDelimiter('a\tb\tc')).toBe('\t');
      expect(detectDelimiter('partNumber')).toBe(',');
    });

    it.each([
      ['an empty file', 'hose', Buffer.alloc(0), 'The file is empty.'],
      ['a file of blank lines', 'hose', Buffer.from('\uFEFF\n\n  \n'), 'The file is empty.'],
      [
        'a file without a header row',
        'hose',
        Buffer.from('\n\nH-1,ACME\n'),
        'The first row must be a header row naming each column, but it is empty.',
      ],
      [
        'a header without rows',
        'hose',
        Buffer.from('partNumber,brand\n'),
        'The file has a header row but no rows to import.',
      ],
      [
        'a header naming a column twice',
        'hose',
        Buffer.from('partNumber,brand,brand\nA,B,C\n'),
        'The header row names the column "brand" twice. Give each column its own name and upload again.',
      ],
      [
        'text that is not UTF-8',
        'hose',
        Buffer.from([0x70, 0x6e, 0x0a, 0xe9, 0x74, 0xe9, 0x0a]),
        'The file is neither an Excel .xlsx workbook nor UTF-8 text. Save it as .xlsx or as "CSV UTF-8".',
      ],
      [
        'an old .xls workbook',
        'hose',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        'Old Excel .xls files cannot be read. Save the file as .xlsx or as CSV UTF-8.',
      ],
      [
        'a broken .xlsx',
        'hose',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]),
        'The Excel file could not be read. Open it in Excel, save it again as .xlsx and upload it again.',
      ],
      [
        'an unknown kind',
        'gasket',
        Buffer.from('partNumber\nA\n'),
        '"gasket" is not a kind of item that can be imported. Choose one of exchangeRate, hose, crimpFitting, ferrule, adaptor, wrap, otherItem, customer, customerItem, hoseAssembly, warehouse, stockCount, priceList.',
      ],
      [
        'no kind',
        undefined,
        Buffer.from('partNumber\nA\n'),
        'Say what the file holds: send the field kind as one of exchangeRate, hose, crimpFitting, ferrule, adaptor, wrap, otherItem, customer, customerItem, hoseAssembly, warehouse, stockCount, priceList.',
      ],
    ])('refuses %s with a clear message and stores nothing', async (_name, kind, content, message) => {
      const before = await importLogCount(shop.organizationId);
      const res = await upload(t, shop.adminToken, kind, { name: 'bad.csv', content });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await importLogCount(shop.organizationId)).toBe(before);
    });

    it('refuses more than 200,000 rows and a request without a file', async () => {
      const before = await importLogCount(shop.organizationId);
      const big = Buffer.from(`partNumber\n${'A\n'.repeat(200_001)}`);
      const res = await upload(t, shop.adminToken, 'hose', { name: 'big.csv', content: big });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'The file has more than 200,000 rows. Split it into files of at most 200,000 rows and import them one after the other.',
      );
      const noFile = await upload(t, shop.adminToken, 'hose', undefined);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().message).toBe('Choose a CSV or Excel (.xlsx) file to upload, in the field file.');
      const json = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: bearer(shop.adminToken),
        payload: { kind: 'hose' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe('Send the file as multipart/form-data with the fields kind and file.');
      expect(await importLogCount(shop.organizationId)).toBe(before);
    });
  });

  describe('start', () => {
    async function uploaded(): Promise<ImportPreview> {
      const file = toCsv(HOSE_FIELDS, [rowOf(HOSE_FIELDS, hoseValues('S-1'))]);
      const res = await upload(t, shop.adminToken, 'hose', { name: 'start.csv', content: file });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as ImportPreview;
    }

    it('refuses a mapping without the required fields, a field mapped twice and unknown names', async () => {
      const preview = await uploaded();
      const cases: [Record<string, string | null>, string][] = [
        [{ ...preview.mapping, partNumber: null }, 'Map a column to partNumber.'],
        [
          { ...preview.mapping, series: null, dash: null, workingPressurePsi: null },
          'Map a column to series, dash and workingPressurePsi.',
        ],
        [
          { ...preview.mapping, description: 'brand' },
          'brand is mapped from two columns, "brand" and "description". Map it from one column only.',
        ],
        [{ ...preview.mapping, Colour: 'brand' }, 'The file has no column "Colour" to map.'],
      ];
      for (const [mapping, message] of cases) {
        const res = await startImport(t, shop.adminToken, preview.importId, mapping);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(message);
      }
      // An API client is told which required fields have no column, by name.
      const unmapped = await startImport(t, shop.adminToken, preview.importId, {
        ...preview.mapping,
        series: null,
        workingPressurePsi: null,
      });
      expect(unmapped.json().details).toEqual({ missingFields: ['series', 'workingPressurePsi'] });
      const unknownField = await startImport(t, shop.adminToken, preview.importId, {
        ...preview.mapping,
        description: 'colour',
      });
      expect(unknownField.statusCode).toBe(400);
      expect(unknownField.json().message).toMatch(/^"colour" is not a field of this item type/);
      const noMapping = await startImport(t, shop.adminToken, preview.importId, undefined);
      expect(noMapping.statusCode).toBe(400);

      const [log] = await t.database.withTenant(shop.organizationId, (tx) =>
        tx.select().from(importLogs).where(eq(importLogs.id, preview.importId)),
      );
      expect(log).toMatchObject({ status: 'uploaded', jobId: null });
    });

    it('queues a job at once (202) and refuses to start the same import twice', async () => {
      const preview = await uploaded();
      const res = await startImport(t, shop.adminToken, preview.importId, preview.mapping);
      expect(res.statusCode, res.body).toBe(202);
      const { importId, jobId } = res.json();
      expect(importId).toBe(preview.importId);
      const [job] = await t.database.withTenant(shop.organizationId, (tx) =>
        tx.select().from(jobs).where(eq(jobs.id, jobId)),
      );
      expect(job).toMatchObject({
        type: 'component-import',
        payload: { importLogId: importId },
        userId: shop.adminId,
      });
      const again = await startImport(t, shop.adminToken, preview.importId, preview.mapping);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'This import has already been started. Upload the file again to import it again.',
      );
      const done = await waitForImport(t, shop.adminToken, importId);
      expect(done.status).toBe('succeeded');
      const finished = await waitForJob(shop.organizationId, jobId);
      expect(finished).toMatchObject({ status: 'succeeded', progress: 100, message: done.message });
      expect(finished?.finishedAt).toBeInstanceOf(Date);
    });
  });

  describe('a valid import', () => {
    const header = [...HOSE_FIELDS];
    const file = toCsv(header, [
      rowOf(HOSE_FIELDS, hoseValues('V-100', { cost: ' 12.5 ', active: 'Yes', skive: 'Y', costUnit: 'FT' })),
      rowOf(
        HOSE_FIELDS,
        hoseValues('V-101', { brand: '', cost: '', burstPressurePsi: '', active: '0', skive: 'n' }),
      ),
      rowOf(
        HOSE_FIELDS,
        hoseValues('V-102', { dash: '-16', tempMinC: '-40.5', description: 'Say "hi", then; go' }),
      ),
      rowOf(HOSE_FIELDS, hoseValues('v-100', { brand: 'Other brand' })),
    ]);

    it('creates every row, notifies the user, then the same file again changes nothing and writes nothing', async () => {
      const first = await importFile(t, shop.adminToken, 'hose', { name: 'hoses.csv', content: file });
      expect(first.details, JSON.stringify(first.details.errors)).toMatchObject({
        status: 'succeeded',
        progress: 100,
        rowsTotal: 4,
        created: 4,
        updated: 0,
        unchanged: 0,
        errors: [],
        errorCount: 0,
        message: 'Imported 4 hoses: 4 new, 0 updated.',
        startedBy: { _id: shop.adminId },
        upgradeUrl: null,
      });
      expect(first.details.finishedAt).not.toBeNull();
      // Every created row, by its file row and as the shop knows it.
      expect(first.details.changes).toEqual([
        { row: 2, change: 'created', item: 'ACME V-100', fields: [] },
        { row: 3, change: 'created', item: 'V-101', fields: [] },
        { row: 4, change: 'created', item: 'ACME V-102', fields: [] },
        { row: 5, change: 'created', item: 'Other brand v-100', fields: [] },
      ]);

      const hoses = await customHoses();
      expect(hoses.get('V-100')).toMatchObject({
        kind: 'hose',
        origin: 'custom',
        brand: 'ACME',
        cost: 12.5,
        costUnit: 'ft',
        active: true,
        skive: true,
        dash: -8,
        workingPressurePsi: 3500,
        burstPressurePsi: 14000,
        tempMinC: -40,
        odMm: 19.4,
      });
      expect(hoses.get('V-101')).toMatchObject({ brand: '', cost: null, active: false, skive: false });
      expect(hoses.get('V-101')).not.toHaveProperty('burstPressurePsi');
      expect(hoses.get('V-102')).toMatchObject({
        dash: -16,
        tempMinC: -40.5,
        description: 'Say "hi", then; go',
      });
      expect(hoses.get('v-100')).toMatchObject({ brand: 'Other brand' });

      const [note] = await notificationsFor(
        shop.organizationId,
        `components/import?log=${first.preview.importId}`,
      );
      expect(note).toMatchObject({
        userId: shop.adminId,
        status: 2,
        viewStatus: 1,
        description: 'Imported 4 hoses: 4 new, 0 updated.',
      });

      const second = await importFile(t, shop.adminToken, 'hose', { name: 'hoses.csv', content: file });
      expect(second.details).toMatchObject({
        status: 'succeeded',
        created: 0,
        updated: 0,
        unchanged: 4,
        changes: [],
        message: 'Nothing changed: every row of the file is already saved as it is (4 hoses).',
      });
      // Not even written: each hose is exactly as it was, down to when it was last updated.
      const sorted = (m: Map<string, Record<string, unknown>>) =>
        [...m.values()].sort((a, b) => String(a._id).localeCompare(String(b._id)));
      expect(sorted(await customHoses())).toEqual(sorted(hoses));
    });

    it('a re-import with a new price and a new row lists them, money first, and counts the rest unchanged', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const rows = [
        hoseValues('R-1', { cost: '10' }),
        hoseValues('R-2', { cost: '3.5' }),
        hoseValues('R-3', { cost: '7.25' }),
      ];
      const csv = (values: Record<HoseField, FileCell>[]) =>
        toCsv(
          HOSE_FIELDS,
          values.map((v) => rowOf(HOSE_FIELDS, v)),
        );
      const first = await importFile(t, tenant.adminToken, 'hose', { name: 'r.csv', content: csv(rows) });
      expect(first.details).toMatchObject({ status: 'succeeded', created: 3 });
      const before = await customHoses(tenant);

      const changed = [
        // The description is before the cost in the file; the cost is listed first.
        hoseValues('R-1', { cost: '12.5', description: 'Hose R-1, longer life', active: 'no' }),
        rows[1] as Record<HoseField, FileCell>,
        // The same hose spelt in another case is the same hose; its odMm cell emptied.
        hoseValues('r-3', { cost: '7.250', odMm: '', description: 'Hose R-3' }),
        hoseValues('R-4'),
      ];
      const second = await importFile(t, tenant.adminToken, 'hose', {
        name: 'r2.csv',
        content: csv(changed),
      });
      expect(second.details).toMatchObject({
        status: 'succeeded',
        rowsTotal: 4,
        created: 1,
        updated: 2,
        unchanged: 1,
        message: 'Imported 4 hoses: 1 new, 2 updated, 1 unchanged.',
      });
      expect(second.details.changes).toEqual([
        {
          row: 2,
          change: 'updated',
          item: 'ACME R-1',
          fields: [
            { field: 'cost', before: '10.00', after: '12.50' },
            { field: 'description', before: 'Hose R-1', after: 'Hose R-1, longer life' },
            { field: 'active', before: 'yes', after: 'no' },
          ],
        },
        {
          row: 4,
          change: 'updated',
          item: 'ACME r-3',
          fields: [{ field: 'odMm', before: 19.4, after: null }],
        },
        { row: 5, change: 'created', item: 'ACME R-4', fields: [] },
      ]);
      const after = await customHoses(tenant);
      expect(after.get('R-1')).toMatchObject({
        cost: 12.5,
        description: 'Hose R-1, longer life',
        active: false,
      });
      // The unchanged row was not written.
      expect(after.get('R-2')).toEqual(before.get('R-2'));
      expect(after.get('R-3')).not.toHaveProperty('odMm');
    });

    it('keeps the first 1,000 changed rows of a larger file, with the true counts', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const { details } = await importFile(t, tenant.adminToken, 'hose', {
        name: 'many.csv',
        content: hoseCsv(1200),
      });
      expect(details).toMatchObject({ status: 'succeeded', created: 1200, updated: 0, unchanged: 0 });
      expect(details.changes).toHaveLength(1000);
      expect(details.changes.map((c) => c.row)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
    });

    it('reads an .xlsx workbook with typed cells', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const header = [
        'Part Number',
        'Brand',
        'Series',
        'Dash',
        'Working Pressure (psi)',
        'Cost',
        'Active',
        'Skive',
      ];
      const content = await toXlsx(header, [
        ['X-1', 'ACME', 'AC', -8, 3000, 4.5, true, false],
        ['X-2', 'ACME', 'AC', '-6', '5000', '1.25', 'no', 'yes'],
        [12345, null, 'AC', -12, 2000, null, null, null],
      ]);
      const { preview, details } = await importFile(t, tenant.adminToken, 'hose', {
        name: 'hoses.xlsx',
        content,
      });
      expect(preview.mapping).toEqual({
        'Part Number': 'partNumber',
        Brand: 'brand',
        Series: 'series',
        Dash: 'dash',
        'Working Pressure (psi)': 'workingPressurePsi',
        Cost: 'cost',
        Active: 'active',
        Skive: 'skive',
      });
      expect(preview.sampleRows[0]).toMatchObject({ 'Part Number': 'X-1', Dash: -8, Active: true });
      expect(details, JSON.stringify(details.errors)).toMatchObject({ status: 'succeeded', created: 3 });
      const hoses = await customHoses(tenant);
      expect(hoses.get('X-1')).toMatchObject({ dash: -8, workingPressurePsi: 3000, cost: 4.5, active: true });
      expect(hoses.get('X-2')).toMatchObject({
        dash: -6,
        workingPressurePsi: 5000,
        cost: 1.25,
        active: false,
        skive: true,
      });
      expect(hoses.get('12345')).toMatchObject({
        brand: '',
        dash: -12,
        active: true,
        skive: false,
        costUnit: 'ft',
      });
    });
  });

  describe('a file with problems', () => {
    it('reports exactly its 37 problems by row and column, and writes nothing', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      // Catalogue data: the brand's own, which a shop cannot change.
      await t.database.withTenant(tenant.organizationId, (tx) =>
        tx.insert(components).values(
          ['CAT-1', 'CAT-2', 'CAT-3', 'CAT-4'].map((partNumber) => ({
            ...toColumns(componentInput('hose', { partNumber, brand: 'ACME' })),
            organizationId: tenant.organizationId,
            origin: 'catalogue',
          })),
        ),
      );

      // A few headers as shops write them; errors name the file's column.
      const header = HOSE_FIELDS.map((f) =>
        f === 'partNumber' ? 'Part No' : f === 'workingPressurePsi' ? 'WP' : f === 'active' ? 'Active?' : f,
      );
      const columnOf = (field: HoseField) => header[HOSE_FIELDS.indexOf(field)]!;
      const rows: (FileRow | null)[] = [];
      const expected: { row: number; column: string; message: string }[] = [];
      const good = (pn: string, overrides: Partial<Record<HoseField, string>> = {}) => {
        rows.push(rowOf(HOSE_FIELDS, hoseValues(pn, overrides)));
        return rows.length + 1;
      };
      const bad = (
        pn: string,
        overrides: Partial<Record<HoseField, string>>,
        field: HoseField,
        message: string,
      ) => {
        rows.push(rowOf(HOSE_FIELDS, hoseValues(pn, overrides)));
        expected.push({ row: rows.length + 1, column: columnOf(field), message });
      };
      const firstRows: number[] = [];
      for (let i = 1; i <= 5; i++) firstRows.push(good(`G-${i}`));
      good('G-1', { brand: 'Other brand' }); // same part number, another brand: not a duplicate
      rows.push(null); // a blank line still counts as a spreadsheet row

      const dashMessage = `Dash size must be one of ${DASH_VALUES.join(', ')}`;
      for (let i = 1; i <= 4; i++) bad('', {}, 'partNumber', 'Enter a part number');
      bad('D-1', { dash: '-7' }, 'dash', dashMessage);
      bad('D-2', { dash: '-9' }, 'dash', dashMessage);
      bad('D-3', { dash: '8' }, 'dash', dashMessage);
      bad('D-4', { dash: 'eight' }, 'dash', 'Choose a dash size such as -8');
      bad('D-5', { dash: '-1' }, 'dash', dashMessage);
      for (const cost of ['-1', '-0.01', '-5', '-100', '-2.5']) {
        bad(`C${cost}`, { cost }, 'cost', 'The cost cannot be negative');
      }
      bad('N-1', { workingPressurePsi: 'high' }, 'workingPressurePsi', 'Enter the pressure in psi');
      bad('N-2', { cost: '1,234.50' }, 'cost', 'Enter the cost as a number');
      bad('N-3', { odMm: 'n/a' }, 'odMm', 'Enter the outside diameter as a number');
      bad('N-4', { tempMinC: 'cold' }, 'tempMinC', 'Enter the temperature in °C');
      bad('N-5', { burstPressurePsi: '5k' }, 'burstPressurePsi', 'Enter the pressure in psi');
      for (let i = 1; i <= 5; i++) {
        bad(
          `B-${i}`,
          { workingPressurePsi: '3000', burstPressurePsi: String(3000 - i * 100) },
          'burstPressurePsi',
          'Burst pressure cannot be lower than the working pressure',
        );
      }
      firstRows.forEach((first, i) => {
        const pn = i === 0 ? 'g-1' : `G-${i + 1}`;
        const brand = i === 1 ? 'acme' : 'ACME';
        bad(
          pn,
          { brand },
          'partNumber',
          `Part number ${pn} (${brand}) appears more than once in the file; first on row ${first}`,
        );
      });
      for (const [pn, brand] of [
        ['CAT-1', 'ACME'],
        ['CAT-2', 'ACME'],
        ['cat-3', 'acme'],
        ['CAT-4', 'ACME'],
      ] as const) {
        bad(
          pn,
          { brand },
          'partNumber',
          `Part number ${pn} (${brand}) is catalogue data, which cannot be changed. Use a part number of your own.`,
        );
      }
      bad('Y-1', { active: 'maybe' }, 'active', BOOLEAN_MESSAGE);
      bad('Y-2', { skive: 'sometimes' }, 'skive', BOOLEAN_MESSAGE);
      bad('Y-3', { active: 'ok' }, 'active', BOOLEAN_MESSAGE);
      bad('Y-4', { skive: '2' }, 'skive', BOOLEAN_MESSAGE);
      for (let i = 6; i <= 10; i++) good(`G-${i}`);
      expect(expected).toHaveLength(37);

      const content = toCsv(
        header,
        rows.map((r) => r ?? []),
      );
      const { details } = await importFile(t, tenant.adminToken, 'hose', { name: 'bad.csv', content });
      expect(details).toMatchObject({
        status: 'failed',
        progress: 100,
        created: 0,
        updated: 0,
        rowsTotal: rows.length - 1,
        errorCount: 37,
        message: '37 rows have problems; nothing was imported.',
      });
      expect(details.errors).toEqual(expected);
      expect(await componentCount(tenant.organizationId)).toBe(4);

      const [note] = await notificationsFor(
        tenant.organizationId,
        `components/import?log=${details.importId}`,
      );
      expect(note).toMatchObject({
        userId: tenant.adminId,
        status: 1,
        viewStatus: 1,
        description: '37 rows have problems; nothing was imported.',
      });

      const list = await get(BASE, tenant.adminToken);
      expect(list.statusCode).toBe(200);
      const [item] = list.json().items;
      expect(item).toMatchObject({ importId: details.importId, status: 'failed', errorCount: 37 });
      expect(item).not.toHaveProperty('errors');
    });

    it('rolls back rows already written when a later row takes a catalogue part number', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      await t.database.withTenant(tenant.organizationId, (tx) =>
        tx.insert(components).values({
          ...toColumns(componentInput('hose', { partNumber: 'CAT-9', brand: 'ACME' })),
          organizationId: tenant.organizationId,
          origin: 'catalogue',
        }),
      );
      // 6,000 rows: the first 5,000 are written while the rest are validated, then row 5,502 is refused.
      const rows: FileRow[] = [];
      for (let i = 1; i <= 6000; i++) {
        rows.push(rowOf(HOSE_FIELDS, hoseValues(i === 5501 ? 'cat-9' : `OWN-${i}`)));
      }
      const { details } = await importFile(t, tenant.adminToken, 'hose', {
        name: 'clash.csv',
        content: toCsv(HOSE_FIELDS, rows),
      });
      expect(details).toMatchObject({
        status: 'failed',
        created: 0,
        errorCount: 1,
        message: '1 row has problems; nothing was imported.',
      });
      expect(details.errors).toEqual([
        {
          row: 5502,
          column: 'partNumber',
          message:
            'Part number cat-9 (ACME) is catalogue data, which cannot be changed. Use a part number of your own.',
        },
      ]);
      expect(await componentCount(tenant.organizationId)).toBe(1);
    });

    it('reports a row with more cells than the header, and every problem of one row', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const header = ['partNumber', 'series', 'dash', 'workingPressurePsi', 'description'];
      const content = Buffer.from(
        `${header.join(',')}\nA-1,AC,-8,3000,1/2" hose, two wire\nA-2,,-7,,\nA-3,AC,-8,3000,fine,,\n`,
      );
      const { details } = await importFile(t, tenant.adminToken, 'hose', { name: 'x.csv', content });
      expect(details.errors).toEqual([
        {
          row: 2,
          column: 'Column 6',
          message:
            'This row has 6 cells but the header row names 5 columns. Put text that contains commas or semicolons in double quotes.',
        },
        { row: 3, column: 'series', message: 'This cell is empty; series is required' },
        { row: 3, column: 'dash', message: `Dash size must be one of ${DASH_VALUES.join(', ')}` },
        { row: 3, column: 'workingPressurePsi', message: 'Enter the pressure in psi' },
      ]);
      expect(details.message).toBe('2 rows have problems; nothing was imported.');
      expect(await componentCount(tenant.organizationId)).toBe(0);
    });
  });

  describe('reading imports', () => {
    it('lists the organisation’s imports newest first, without the problems', async () => {
      const res = await get(`${BASE}?page=1&itemsPerPage=2`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.page).toBe(1);
      expect(body.items).toHaveLength(2);
      expect(body.total).toBe(await importLogCount(shop.organizationId));
      const [a, b] = body.items;
      expect(new Date(a.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(b.createdAt).getTime());
      expect(Object.keys(a).sort()).toEqual(
        [
          'importId',
          'kind',
          'fileName',
          'status',
          'progress',
          'jobId',
          'rowsTotal',
          'created',
          'updated',
          'unchanged',
          'removed',
          'errorCount',
          'message',
          'upgradeUrl',
          'createdAt',
          'finishedAt',
          'startedBy',
        ].sort(),
      );
      // Lenient paging: a page below 1 is page 1, a page size above 100 is 100.
      const lenient = await get(`${BASE}?page=0&itemsPerPage=1000`);
      expect(lenient.statusCode, lenient.body).toBe(200);
      expect(lenient.json()).toMatchObject({ page: 1, total: body.total });
      expect(lenient.json().items).toHaveLength(Math.min(100, body.total));
    });

    it('answers 404 for another organisation’s import exactly as for a missing one', async () => {
      const { body: listBody } = await get(BASE);
      const ownId = JSON.parse(listBody).items[0].importId as string;
      const foreign = await get(`${BASE}/${ownId}`, other.adminToken);
      const missing = await get(`${BASE}/${crypto.randomUUID()}`, other.adminToken);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect((await get(`${BASE}/not-a-uuid`)).statusCode).toBe(404);
      const start = await startImport(t, other.adminToken, ownId, {});
      expect(start.statusCode).toBe(404);
      expect(
        (await get(BASE, other.adminToken)).json().items.map((i: ImportDetails) => i.importId),
      ).not.toContain(ownId);
    });

    it('refuses every import route to a regular user', async () => {
      const { body } = await get(BASE);
      const id = JSON.parse(body).items[0].importId as string;
      const file = toCsv(HOSE_FIELDS, [rowOf(HOSE_FIELDS, hoseValues('R-1'))]);
      const calls = [
        get(`${BASE}/template/hose?format=csv`, shop.regularToken),
        get(BASE, shop.regularToken),
        get(`${BASE}/${id}`, shop.regularToken),
        upload(t, shop.regularToken, 'hose', { name: 'r.csv', content: file }),
        startImport(t, shop.regularToken, id, {}),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    });
  });

  describe('the worker', () => {
    /** What the imports module's manifest gives the app's worker. */
    const handlers = () => ({ [COMPONENT_IMPORT_JOB]: importJobHandler(t.importTargets) });
    it('marks a job whose run throws as failed, with a generic message and a notification', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const [log] = await t.database.withTenant(tenant.organizationId, (tx) =>
        tx
          .insert(importLogs)
          .values({
            organizationId: tenant.organizationId,
            userId: tenant.adminId,
            target: 'gasket',
            fileName: 'x.csv',
            status: 'queued',
          })
          .returning(),
      );
      const worker = startJobWorker({
        database: t.database,
        log: t.app.log,
        handlers: handlers(),
        loop: false,
      });
      const jobId = await t.database.withTenant(tenant.organizationId, (tx) =>
        enqueueJob(tx, {
          organizationId: tenant.organizationId,
          userId: tenant.adminId,
          type: 'component-import',
          payload: { importLogId: log!.id },
        }),
      );
      await worker.runOnce();
      await worker.stop();
      const details = await waitForImport(t, tenant.adminToken, log!.id);
      expect(details).toMatchObject({
        status: 'failed',
        message: `${CRASH_MESSAGE} Nothing was imported; upload the file again to retry.`,
      });
      expect(await waitForJob(tenant.organizationId, jobId)).toMatchObject({
        status: 'failed',
        message: CRASH_MESSAGE,
      });
      const [note] = await notificationsFor(tenant.organizationId, `components/import?log=${log!.id}`);
      expect(note).toMatchObject({ status: 1, userId: tenant.adminId });
    });

    it('fails jobs left running by a stopped process when it starts', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const [job] = await t.database.withTenant(tenant.organizationId, (tx) =>
        tx
          .insert(jobs)
          .values({
            organizationId: tenant.organizationId,
            type: 'component-import',
            status: 'running',
            payload: { importLogId: crypto.randomUUID() },
            startedAt: new Date(Date.now() - 3_600_000),
          })
          .returning(),
      );
      const worker = startJobWorker({
        database: t.database,
        log: t.app.log,
        handlers: handlers(),
        pollMs: 60_000,
      });
      const finished = await waitForJob(tenant.organizationId, job!.id);
      await worker.stop();
      expect(finished).toMatchObject({
        status: 'failed',
        message: `${CRASH_MESSAGE} The server restarted while it ran.`,
      });
    });

    it('lets the benchmark run an import directly and answers a finished one unchanged', async () => {
      const tenant = await createTenant(t, { tier: 'professional' });
      const file = toCsv(HOSE_FIELDS, [
        rowOf(HOSE_FIELDS, hoseValues('D-1')),
        rowOf(HOSE_FIELDS, hoseValues('D-2')),
      ]);
      const importId = await stageComponentImport(t.database, t.importTargets, {
        organizationId: tenant.organizationId,
        userId: tenant.adminId,
        kind: 'hose',
        fileName: 'direct.csv',
        file,
      });
      const seen: number[] = [];
      const outcome = await runComponentImport(
        t.database,
        t.importTargets,
        tenant.organizationId,
        importId,
        (p) => seen.push(p),
      );
      expect(outcome).toMatchObject({ status: 'succeeded', created: 2, updated: 0 });
      expect(Object.keys(outcome.timings ?? {})).toEqual(['read', 'validate', 'check', 'write']);
      expect(seen[0]).toBe(0);
      expect(seen.at(-1)).toBe(100);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const { timings: _t, ...stored } = outcome;
      expect(await runComponentImport(t.database, t.importTargets, tenant.organizationId, importId)).toEqual(
        stored,
      );
      expect(await componentCount(tenant.organizationId)).toBe(2);
    });
  });
});
