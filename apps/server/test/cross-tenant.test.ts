/**
 * Generated over the contracts: every protected contract whose example names objects (an id in the path,
 * the query or the body) is called by another organisation with this organisation's ids. It must answer
 * exactly as for ids that do not exist and change nothing; the same call by the owner then succeeds, which
 * proves the input was valid and the call reached the tenancy check. A contract added later is covered
 * here without anyone listing it.
 */
import { randomUUID } from 'node:crypto';
import { type AnyEndpoint, exampleOf, exampleRefs, isPublicAccess, placeholderId } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.ts';
import { callEndpoint, createRefs, exampleWith } from './contract-call.ts';
import { createTenant, createTestApp, mintToken, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const protectedContracts = t.contracts.filter((e) => !isPublicAccess(e.access));
const idContracts = protectedContracts.filter((e) => exampleRefs(e).length > 0);

/** The path parameters of `e` that are ids (uuids in its params schema). */
function idParams(e: AnyEndpoint): string[] {
  if (!e.params) return [];
  const schema = z.toJSONSchema(e.params, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => JSON.stringify(property).includes('"format":"uuid"'))
    .map(([name]) => name);
}

/** Every row of an organisation in every tenant table, to prove nothing changed. */
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

/** Waits until no background job (an import a call started) is still to run: it would change the data. */
async function settleJobs(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [busy] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from jobs where status in ('queued', 'running')`,
    );
    if (!busy?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('background jobs did not finish');
}

/** What a caller can see of an answer, with ids and times (which differ from call to call) masked. */
function seen(res: { statusCode: number; body: string }) {
  return {
    status: res.statusCode,
    body: res.body
      .replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
      .replaceAll(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>'),
  };
}

describe('cross-tenant isolation of every contract that names objects', () => {
  let owner: TestTenant;
  let intruder: TestTenant;

  beforeAll(async () => {
    owner = await createTenant(t, { tier: 'enterprise', name: 'Owner Hydraulics' });
    intruder = await createTenant(t, { tier: 'enterprise', name: 'Intruder Hose' });
  });

  it('covers every id in every path', () => {
    const uncovered = protectedContracts.flatMap((e) => {
      const named = new Set<string>();
      const input = exampleOf(e, (name) => {
        named.add(placeholderId(name));
        return placeholderId(name);
      });
      return idParams(e)
        .filter((param) => !named.has(input.params?.[param] ?? ''))
        .map((param) => `${e.name} :${param}`);
    });
    expect(uncovered, 'their examples must name an existing object with ref()').toEqual([]);
    expect(idContracts.length).toBeGreaterThan(20);
  });

  it.each(idContracts.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const ids = await createRefs(t, e, owner);
    await settleJobs();
    const before = await snapshot(owner.organizationId);

    const intruderToken = await mintToken(t, {
      userId: intruder.adminId,
      organizationId: intruder.organizationId,
    });
    const foreign = seen(await callEndpoint(t, e, exampleWith(e, ids), intruderToken));
    const missing = seen(
      await callEndpoint(
        t,
        e,
        exampleOf(e, () => randomUUID()),
        intruderToken,
      ),
    );
    expect(foreign).toEqual(missing);
    expect(await snapshot(owner.organizationId)).toEqual(before);

    const ownerToken = await mintToken(t, { userId: owner.adminId, organizationId: owner.organizationId });
    const own = await callEndpoint(t, e, exampleWith(e, ids), ownerToken);
    expect(own.statusCode, own.body.slice(0, 500)).toBe(e.status ?? 200);
  });
});
