import { performance } from 'node:perf_hooks';
import { createTenant, createTestApp } from './test/helpers.ts';
const t = await createTestApp({}, { validateResponses: false });
const shop = await createTenant(t, { tier: 'professional' });
const h = { authorization: `Bearer ${shop.regularToken}` };
await t.app.inject({ method: 'POST', url: '/api/v1/organization/sampledata/load', headers: { authorization: `Bearer ${shop.adminToken}` }, payload: {} });
async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - s) / n).toFixed(3), 'ms');
}
await time('inject items?kind=hose', 1000, () => t.app.inject({ method: 'GET', url: '/api/v1/organization/items?kind=hose', headers: h }));
await time('inject hideinventory', 1000, () => t.app.inject({ method: 'GET', url: '/api/v1/organization/hideinventory', headers: h }));
await time('inject userroles', 1000, () => t.app.inject({ method: 'GET', url: '/api/v1/organization/userroles', headers: h }));
await time('inject hoses cached', 1000, () => t.app.inject({ method: 'GET', url: '/api/v1/organization/hoses', headers: h }));
await t.close();
