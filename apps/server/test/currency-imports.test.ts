/**
 * Exchange rates imported through the real app and worker (`exchangeRate` target): a CSV adds currencies
 * with headers shops use, an .xlsx then updates rates in place (an unchanged rate keeps its date, a currency
 * the file leaves out stays), every bad row is reported by row, column and message with nothing written, the
 * template imports on any plan, a regular user is refused, and another organisation's rates are untouched.
 */
import type { Currencies } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.ts';
import type { ImportDetails, ImportPreview } from '../src/modules/imports/types.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { startImport, toCsv, toXlsx, upload, waitForImport } from './import-fixtures.ts';

const BASE = '/api/v1/organization/imports';

describe('exchange rate imports', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function runImport(
    tenant: TestTenant,
    file: { name: string; content: Buffer },
  ): Promise<{ preview: ImportPreview; details: ImportDetails }> {
    const res = await upload(t, tenant.adminToken, 'exchangeRate', file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json() as ImportPreview;
    const started = await startImport(t, tenant.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    return { preview, details: await waitForImport(t, tenant.adminToken, preview.importId) };
  }

  /** The currencies as a member reads them. */
  async function currenciesOf(tenant: TestTenant): Promise<Currencies> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organization/currencies',
      headers: bearer(tenant.regularToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Currencies;
  }
  const rates = async (tenant: TestTenant) =>
    (await currenciesOf(tenant)).currencies.map((c) => [c.code, c.rate]);

  async function saveRates(tenant: TestTenant, currencies: { code: string; rate: number }[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/currencies/update',
      headers: bearer(tenant.adminToken),
      payload: { currencies },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('adds currencies from a CSV, then an .xlsx updates rates in place and leaves the others', async () => {
    const shop = await createTenant(t, { tier: 'professional' });
    const other = await createTenant(t, { tier: 'professional' });
    await saveRates(other, [{ code: 'CAD', rate: 1.25 }]);

    const first = await runImport(shop, {
      name: 'rates.csv',
      content: toCsv(
        ['Currency', 'Exchange rate'],
        [
          ['cad', '1.37'],
          [' EUR ', '0.92'],
        ],
      ),
    });
    expect(first.preview.mapping).toEqual({ Currency: 'code', 'Exchange rate': 'rate' });
    expect(first.details).toMatchObject({
      status: 'succeeded',
      created: 2,
      updated: 0,
      message: 'Imported 2 exchange rates: 2 new, 0 updated.',
    });
    expect(await rates(shop)).toEqual([
      ['CAD', 1.37],
      ['EUR', 0.92],
    ]);
    const notes = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.url, `organization/currencies?log=${first.preview.importId}`)),
    );
    expect(notes.map((n) => n.description)).toEqual(['Imported 2 exchange rates: 2 new, 0 updated.']);

    // A currency entered by hand that the next file does not list.
    await saveRates(shop, [
      { code: 'CAD', rate: 1.37 },
      { code: 'EUR', rate: 0.92 },
      { code: 'MXN', rate: 17.1 },
    ]);
    const before = new Map((await currenciesOf(shop)).currencies.map((c) => [c.code, c.updatedAt]));
    const second = await runImport(shop, {
      name: 'rates.xlsx',
      content: await toXlsx(
        ['ISO', 'Rate'],
        [
          ['CAD', 1.4],
          ['EUR', 0.92],
          ['GBP', 0.79],
        ],
      ),
    });
    expect(second.preview.mapping).toEqual({ ISO: 'code', Rate: 'rate' });
    expect(second.details).toMatchObject({
      status: 'succeeded',
      created: 1,
      updated: 1,
      unchanged: 1,
      message: 'Imported 3 exchange rates: 1 new, 1 updated, 1 unchanged.',
      changes: [
        { row: 2, change: 'updated', item: 'CAD', fields: [{ field: 'rate', before: 1.37, after: 1.4 }] },
        { row: 4, change: 'created', item: 'GBP', fields: [] },
      ],
    });
    const after = await currenciesOf(shop);
    expect(after.currencies.map((c) => [c.code, c.rate])).toEqual([
      ['CAD', 1.4],
      ['EUR', 0.92],
      ['GBP', 0.79],
      ['MXN', 17.1],
    ]);
    const dated = new Map(after.currencies.map((c) => [c.code, c.updatedAt]));
    expect(dated.get('EUR')).toBe(before.get('EUR'));
    expect(dated.get('MXN')).toBe(before.get('MXN'));
    expect(dated.get('CAD')).not.toBe(before.get('CAD'));
    expect(after.baseCurrency).toBe('USD');

    // Another organisation's rates are its own.
    expect(await rates(other)).toEqual([['CAD', 1.25]]);
  });

  it('reports every bad row with row, column and message and writes nothing', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    await saveRates(shop, [{ code: 'CAD', rate: 1.3 }]);
    const before = await currenciesOf(shop);
    const { details } = await runImport(shop, {
      name: 'bad.csv',
      content: toCsv(
        ['Currency code', 'FX rate'],
        [
          ['CAD', '1.41'], // row 2: fine
          ['USD', '1'], // row 3: the base currency
          ['cad', '1.42'], // row 4: CAD again
          ['XYZ', '2'], // row 5: no such currency
          ['CA', '2'], // row 6: not three letters
          ['', '2'], // row 7: no code
          ['EUR', '0'], // row 8: zero
          ['GBP', 'abc'], // row 9: not a number
          ['JPY', ''], // row 10: no rate
          ['MXN', '-17'], // row 11: negative
          ['CHF', '0.88'], // row 12: fine
        ],
      ),
    });
    expect(details.status).toBe('failed');
    expect(details.errors).toEqual([
      { row: 3, column: 'Currency code', message: 'USD is the base currency; it needs no rate' },
      {
        row: 4,
        column: 'Currency code',
        message: 'CAD appears more than once in the file; first on row 2. Keep one rate per currency.',
      },
      { row: 5, column: 'Currency code', message: 'XYZ is not a currency code we know' },
      {
        row: 6,
        column: 'Currency code',
        message: 'Use a three-letter currency code such as CAD or USD',
      },
      { row: 7, column: 'Currency code', message: 'Enter the currency code, such as CAD' },
      { row: 8, column: 'FX rate', message: 'The exchange rate must be more than 0' },
      { row: 9, column: 'FX rate', message: 'Enter the exchange rate as a number' },
      { row: 10, column: 'FX rate', message: 'Enter the exchange rate as a number' },
      { row: 11, column: 'FX rate', message: 'The exchange rate must be more than 0' },
    ]);
    expect(details.message).toBe('9 rows have problems; nothing was imported.');
    expect(await currenciesOf(shop)).toEqual(before);
  });

  it('answers a template, on any plan, whose example row imports', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/template/exchangeRate?format=csv`,
      headers: bearer(shop.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.replace('\uFEFF', '').split(/\r?\n/)[0]).toBe('code,rate');
    const { details } = await runImport(shop, { name: 'template.csv', content: res.rawPayload });
    expect(details).toMatchObject({ status: 'succeeded', created: 1, updated: 0 });
    expect(await rates(shop)).toEqual([['CAD', 1.37]]);
  });

  it('is for admins: a regular user can neither upload rates nor start an admin’s upload', async () => {
    const shop = await createTenant(t, { tier: 'enterprise' });
    const file = { name: 'rates.csv', content: toCsv(['code', 'rate'], [['CAD', '1.37']]) };
    const refused = await upload(t, shop.regularToken, 'exchangeRate', file);
    expect(refused.statusCode).toBe(403);

    const uploaded = await upload(t, shop.adminToken, 'exchangeRate', file);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json() as ImportPreview;
    const started = await startImport(t, shop.regularToken, preview.importId, preview.mapping);
    expect(started.statusCode).toBe(403);
    expect(await rates(shop)).toEqual([]);
  });
});
