/**
 * Imports of customers and customer items through the real app and worker: a file with bad rows reports
 * each by row, column and message and writes nothing; a good file creates; importing it again updates and
 * creates nothing; the plan's customer limit; the tier rule of customer items.
 */
import { count, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerItems, customers, notifications } from '../src/db/schema.ts';
import { importFields } from '../src/modules/imports/fields.ts';
import type { ImportDetails, ImportPreview } from '../src/modules/imports/types.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { startImport, toCsv, toXlsx, upload, waitForImport } from './import-fixtures.ts';

const BASE = '/api/v1/organization/imports';

describe('customer imports', () => {
  let t: TestApp;
  let shop: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'professional', name: 'Import Hose Co' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = shop.adminToken) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  const rowsOf = async (tenant: TestTenant) =>
    t.database.withTenant(tenant.organizationId, (tx) =>
      tx.select().from(customers).where(eq(customers.organizationId, tenant.organizationId)),
    );
  const itemCount = async (tenant: TestTenant) =>
    t.database.withTenant(tenant.organizationId, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(customerItems)
        .where(eq(customerItems.organizationId, tenant.organizationId));
      return row?.n ?? 0;
    });

  async function runImport(
    kind: string,
    file: { name: string; content: Buffer },
    tenant = shop,
  ): Promise<{ preview: ImportPreview; details: ImportDetails }> {
    const res = await upload(t, tenant.adminToken, kind, file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json() as ImportPreview;
    const started = await startImport(t, tenant.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    return { preview, details: await waitForImport(t, tenant.adminToken, preview.importId) };
  }

  const CUSTOMER_HEADER = [
    'Company',
    'Account #',
    'Website',
    'Currency',
    'Margin',
    'Tax exempt',
    'Contact',
    'Email',
    'billingCity',
  ];

  it('answers a template with every customer column and an example row that imports', async () => {
    const res = await get(`${BASE}/template/customer?format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hosewright-customers-template.xlsx"',
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(importFields(t.importTargets.get('customer')).map((f) => f.name));
    expect(rows[0]?.slice(0, 3)).toEqual(['name', 'accountNumber', 'domain']);
    const tenant = await createTenant(t, { tier: 'trial' });
    const { details } = await runImport(
      'customer',
      { name: 'template.xlsx', content: res.rawPayload },
      tenant,
    );
    expect(details).toMatchObject({ status: 'succeeded', created: 1, updated: 0 });
    const [created] = await rowsOf(tenant);
    expect(created).toMatchObject({
      name: 'Red Deer Excavating Ltd.',
      accountNumber: 'RDX-1001',
      marginPct: 35,
    });
  });

  it('reports every bad row with row, column and message and writes nothing', async () => {
    const file = toCsv(CUSTOMER_HEADER, [
      ['Good One Ltd', 'G-1', 'goodone.ca', 'USD', '30', 'no', 'Sam', 'sam@goodone.ca', 'Calgary'],
      ['', 'G-2', '', '', '', '', '', '', ''],
      ['Bad Web', 'G-3', 'not a domain', 'Loonies', '100', 'maybe', '', 'nope', ''],
      ['Twice', 'g-1', '', '', '', '', '', '', ''],
      ['Good Two', 'G-5', '', 'usd', '', 'yes', '', '', ''],
    ]);
    const { preview, details } = await runImport('customer', { name: 'customers-bad.csv', content: file });
    expect(preview.mapping).toEqual({
      Company: 'name',
      'Account #': 'accountNumber',
      Website: 'domain',
      Currency: 'currency',
      Margin: 'marginPct',
      'Tax exempt': 'taxExempt',
      Contact: 'contactName',
      Email: 'contactEmail',
      billingCity: 'billingCity',
    });
    expect(details.status).toBe('failed');
    expect(details.message).toBe('3 rows have problems; nothing was imported.');
    expect(details.errors).toEqual([
      { row: 3, column: 'Company', message: 'Enter the customer’s name' },
      { row: 4, column: 'Website', message: 'Enter a web domain such as acme.com' },
      { row: 4, column: 'Currency', message: 'Use a three-letter currency code such as CAD or USD' },
      { row: 4, column: 'Margin', message: 'The margin must be below 100%' },
      { row: 4, column: 'Tax exempt', message: 'Write yes or no (true/false, y/n and 1/0 work too)' },
      { row: 4, column: 'Email', message: 'Enter an email such as buyer@acme.com' },
      {
        row: 5,
        column: 'Account #',
        message: 'Account number g-1 appears more than once in the file; first on row 2',
      },
    ]);
    expect(await rowsOf(shop)).toEqual([]);
  });

  it('creates from a good file, notifies, then a second import updates what changed and creates nothing', async () => {
    const header = [
      'name',
      'accountNumber',
      'domain',
      'marginPct',
      'contactName',
      'contactEmail',
      'billingCity',
      'notes',
    ];
    const rows = [
      ['Prairie Ag Supply', 'PA-1', 'prairieag.ca', '32', 'Lee', 'lee@prairieag.ca', 'Regina', 'Net 30'],
      ['Foothills Forestry', 'FF-1', '', '', 'Kim', '', 'Calgary', ''],
      ['Walk-in Cash', '', '', '', '', '', '', 'No account'],
    ];
    const first = await runImport('customer', {
      name: 'customers.xlsx',
      content: await toXlsx(header, rows),
    });
    expect(first.details).toMatchObject({
      status: 'succeeded',
      created: 3,
      updated: 0,
      message: 'Imported 3 customers: 3 new, 0 updated.',
    });
    const stored = await rowsOf(shop);
    expect(stored).toHaveLength(3);
    const prairie = stored.find((c) => c.accountNumber === 'PA-1');
    expect(prairie).toMatchObject({
      name: 'Prairie Ag Supply',
      domain: 'prairieag.ca',
      marginPct: 32,
      currency: 'USD', // no currency column: the base currency
      contacts: [{ name: 'Lee', role: '', email: 'lee@prairieag.ca', phone: '' }],
      billingAddress: { city: 'Regina', line1: '' },
      shippingAddress: null,
    });
    const notes = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.url, `customers/import?log=${first.preview.importId}`)),
    );
    expect(notes).toHaveLength(1);

    // The same file again, with changes: updated in place (by account number, then by name); the margin is
    // listed first; the unchanged row is counted.
    const changed = rows.map((r) => [...r]);
    changed[0]![0] = 'Prairie Agricultural Supply';
    changed[0]![3] = '35';
    changed[2]![7] = 'Pays cash';
    const second = await runImport('customer', { name: 'customers.csv', content: toCsv(header, changed) });
    expect(second.details).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 2,
      unchanged: 1,
      message: 'Imported 3 customers: 0 new, 2 updated, 1 unchanged.',
      changes: [
        {
          row: 2,
          change: 'updated',
          item: 'Prairie Agricultural Supply (PA-1)',
          fields: [
            { field: 'marginPct', before: 32, after: 35 },
            { field: 'name', before: 'Prairie Ag Supply', after: 'Prairie Agricultural Supply' },
          ],
        },
        {
          row: 4,
          change: 'updated',
          item: 'Walk-in Cash',
          fields: [{ field: 'notes', before: 'No account', after: 'Pays cash' }],
        },
      ],
    });
    const after = await rowsOf(shop);
    expect(after).toHaveLength(3);
    expect(after.find((c) => c.accountNumber === 'PA-1')).toMatchObject({
      name: 'Prairie Agricultural Supply',
      contacts: [{ name: 'Lee', email: 'lee@prairieag.ca' }],
    });
    expect(after.find((c) => c.name === 'Walk-in Cash')?.notes).toBe('Pays cash');
  });

  it('refuses a file that would take a trial past its customer limit, naming it, and writes nothing', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    await t.database.withTenant(trial.organizationId, (tx) =>
      tx
        .insert(customers)
        .values(
          Array.from({ length: 24 }, (_, i) => ({ organizationId: trial.organizationId, name: `Seed ${i}` })),
        ),
    );
    const file = toCsv(['name'], [['New A'], ['New B'], ['Seed 3']]);
    const { details } = await runImport('customer', { name: 'two-new.csv', content: file }, trial);
    expect(details).toMatchObject({
      status: 'failed',
      message:
        'You have 24 customers, the file adds 2, your plan allows 25. Upgrade your subscription to import them. Nothing was imported.',
      upgradeUrl: '/upgradesubscription',
    });
    expect(await rowsOf(trial)).toHaveLength(24);
  });

  describe('customer items', () => {
    let tenant: TestTenant;
    const header = ['customerAccountNumber', 'customerPartNumber', 'targetType', 'targetPartNumber', 'price'];

    beforeAll(async () => {
      tenant = await createTenant(t, { tier: 'enterprise' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/new/update',
        headers: bearer(tenant.adminToken),
        payload: { name: 'Item Buyer', accountNumber: 'IB-1' },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const partNumber of ['OUR-A', 'OUR-B']) {
        const c = await t.app.inject({
          method: 'POST',
          url: '/api/v1/organization/otheritem/new/update',
          headers: bearer(tenant.adminToken),
          payload: componentInput('otherItem', { partNumber }) as never,
        });
        expect(c.statusCode, c.body).toBe(200);
      }
    });

    it('reports unknown customers and items by row and column and writes nothing', async () => {
      const file = toCsv(header, [
        ['IB-1', 'THEIRS-1', 'component', 'OUR-A', '10'],
        ['NOPE-9', 'THEIRS-2', 'component', 'OUR-B', ''],
        ['IB-1', 'THEIRS-3', 'hoseKit', 'OUR-A', ''],
        ['IB-1', 'THEIRS-4', 'gasket', 'OUR-A', '-1'],
        ['IB-1', 'theirs-1', 'component', 'OUR-B', ''],
      ]);
      const { details } = await runImport('customerItem', { name: 'items-bad.csv', content: file }, tenant);
      expect(details.status).toBe('failed');
      expect(details.errors).toEqual([
        {
          row: 3,
          column: 'customerAccountNumber',
          message: 'No customer has account number NOPE-9. Import or create the customer first.',
        },
        { row: 4, column: 'targetPartNumber', message: 'No hose kit has part number OUR-A.' },
        { row: 5, column: 'targetType', message: 'Write hoseAssembly, hoseKit or component' },
        { row: 5, column: 'price', message: 'The price cannot be negative' },
        {
          row: 6,
          column: 'customerPartNumber',
          message:
            'Customer part number theirs-1 of account IB-1 appears more than once in the file; first on row 2',
        },
      ]);
      expect(await itemCount(tenant)).toBe(0);
    });

    it('creates the items, a re-import changes nothing, and a new price is listed with its old one', async () => {
      const rows = [
        ['IB-1', 'THEIRS-1', 'component', 'our-a', '10'],
        ['ib-1', 'THEIRS-2', 'component', 'OUR-B', ''],
      ];
      const first = await runImport(
        'customerItem',
        { name: 'items.csv', content: toCsv(header, rows) },
        tenant,
      );
      expect(first.details).toMatchObject({ status: 'succeeded', created: 2, updated: 0 });
      const second = await runImport(
        'customerItem',
        { name: 'items.csv', content: toCsv(header, rows) },
        tenant,
      );
      expect(second.details).toMatchObject({
        status: 'succeeded',
        created: 0,
        updated: 0,
        unchanged: 2,
        changes: [],
      });
      const repriced = await runImport(
        'customerItem',
        { name: 'items.csv', content: toCsv(header, [['IB-1', 'THEIRS-1', 'component', 'OUR-A', '12']]) },
        tenant,
      );
      expect(repriced.details).toMatchObject({
        status: 'succeeded',
        updated: 1,
        changes: [
          {
            row: 2,
            change: 'updated',
            item: 'THEIRS-1 (IB-1)',
            fields: [{ field: 'price', before: '10.00', after: '12.00' }],
          },
        ],
      });
      expect(await itemCount(tenant)).toBe(2);
      const list = await t.database.withTenant(tenant.organizationId, (tx) =>
        tx.select().from(customerItems).where(eq(customerItems.organizationId, tenant.organizationId)),
      );
      expect(list.find((i) => i.customerPartNumber === 'THEIRS-1')).toMatchObject({
        targetType: 'component',
        targetPartNumber: 'OUR-A',
        price: 12,
      });
    });

    it('is for professional and enterprise only', async () => {
      const trial = await createTenant(t, { tier: 'trial' });
      const file = toCsv(header, [['IB-1', 'T-1', 'component', 'OUR-A', '']]);
      const res = await upload(t, trial.adminToken, 'customerItem', { name: 'items.csv', content: file });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'WRONG_TIER',
        message: 'Importing customer items needs a Professional or Enterprise subscription.',
      });
      const template = await get(`${BASE}/template/customerItem`, trial.adminToken);
      expect(template.statusCode).toBe(403);
      expect(template.json()).toEqual(res.json());
      expect(res.json().details).toEqual({ guardCode: 996, upgradeUrl: '/upgradesubscription' });
      expect((await get(`${BASE}/template/customerItem?format=csv`, tenant.adminToken)).statusCode).toBe(200);
    });
  });

  it('lists imports of the given kinds only', async () => {
    const res = await get(`${BASE}?kinds=customer`);
    const kinds = new Set((res.json().items as { kind: string }[]).map((i) => i.kind));
    expect([...kinds]).toEqual(['customer']);
    expect((await get(`${BASE}?kinds=hose`)).json().total).toBe(0);
    expect((await get(`${BASE}?kinds=hose&kinds=customer`)).json().total).toBe(res.json().total);
  });
});
