/**
 * Generated: every API route that takes an id, called by another organisation with this organisation's
 * ids, must answer exactly as for an id that does not exist, and must change nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { FIXTURES } from './fixtures.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const idRoutes = t.routes.filter((r) => !r.access.public && r.method !== 'HEAD' && r.url.includes('/:'));
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Every row of organisation A in every tenant table, to prove nothing changed. */
async function snapshot(organizationId: string): Promise<Record<string, unknown[]>> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables) {
    out[table_name] = await t.database.withTenant(organizationId, (tx) =>
      queryRows(tx, sql.raw(`select * from "${table_name}" order by 1`)),
    );
  }
  return out;
}

describe('cross-tenant isolation of every id route', () => {
  let owner: TestTenant;
  let intruder: TestTenant;

  beforeAll(async () => {
    owner = await createTenant(t, { tier: 'enterprise', name: 'Owner Hydraulics' });
    intruder = await createTenant(t, { tier: 'enterprise', name: 'Intruder Hose' });
  });

  it('has a fixture for every id parameter of every route', () => {
    const missing = [...new Set(idRoutes.flatMap((r) => paramsOf(r.url)))].filter((p) => !FIXTURES[p]);
    expect(missing, `add fixtures in test/fixtures.ts for: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(idRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const ids: Record<string, string> = {};
    for (const p of paramsOf(route.url)) ids[p] = await FIXTURES[p]!(t, owner);
    const before = await snapshot(owner.organizationId);

    const call = async (fill: (param: string) => string) => {
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: route.url.replace(/:(\w+)/g, (_m, p: string) => fill(p)),
        headers: bearer(intruder.adminToken),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      return { status: res.statusCode, body: res.body.replaceAll(/[0-9a-f-]{36}/g, '<id>') };
    };
    const foreign = await call((p) => ids[p]!);
    const missing = await call(() => randomUUID());

    expect(foreign).toEqual(missing);
    expect(await snapshot(owner.organizationId)).toEqual(before);
  });
});
