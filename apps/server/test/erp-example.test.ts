/**
 * The README's ERP example (`docs/api/erp-example.mjs`) works as written: run as its own Node process
 * against a listening server, with a key an admin made, it saves a hose assembly for the customer and reads
 * it back.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type CreatedApiKey, createApiKey } from '@hosewright/domain';
import { afterAll, expect, it } from 'vitest';
import { sampleParts } from './fixtures-assemblies.ts';
import { customerFixture } from './fixtures-customers.ts';
import { bearer, createTenant, createTestApp } from './helpers.ts';

const script = fileURLToPath(new URL('../../../docs/api/erp-example.mjs', import.meta.url));
const t = await createTestApp();
afterAll(() => t.close());

it('exchanges a key, saves an assembly for the customer and reads it back', async () => {
  const shop = await createTenant(t, { tier: 'professional' });
  await sampleParts(t, shop);
  const customerId = await customerFixture(t, shop);
  const res = await t.app.inject({
    method: 'POST',
    url: createApiKey.path,
    headers: bearer(shop.adminToken),
    payload: { name: 'Example ERP', role: 'regular' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as CreatedApiKey;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

  const { stdout } = await promisify(execFile)(process.execPath, [script], {
    env: {
      PATH: process.env.PATH,
      HOSEWRIGHT_URL: address,
      CLIENT_ID: created.key._id,
      CLIENT_SECRET: created.clientSecret,
      CUSTOMER_ID: customerId,
    },
    timeout: 60_000,
  });
  expect(stdout.trim()).toMatch(new RegExp(`^\\S+ rev A: cut 890 mm, for customer ${customerId}$`));
});
