/**
 * `npm run bench`: measured figures with their budgets, printed. Never asserted inside the test suite.
 * Each benchmark prints `name: value unit (budget ...)` and whether it met the budget.
 */
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { createTenant, createTestApp } from '../apps/server/test/helpers.ts';

interface Result {
  name: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
}
const results: Result[] = [];

async function throughput(run: () => Promise<unknown>, seconds = 3): Promise<number> {
  for (let i = 0; i < 50; i++) await run();
  let n = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    await Promise.all([run(), run(), run(), run()]);
    n += 4;
  }
  return n / seconds;
}

const bootStart = performance.now();
const t = await createTestApp();
const bootMs = performance.now() - bootStart;
results.push({
  name: 'cold start (fresh PGlite, migrations, app ready)',
  value: bootMs,
  unit: 'ms',
  budget: '<= 8000 ms',
  ok: bootMs <= 8000,
});

const shop = await createTenant(t, { tier: 'professional' });
const headers = { authorization: `Bearer ${shop.regularToken}` };
const dashboard = await throughput(() => t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers }));

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.ready();
const bareRate = await throughput(() => bare.inject({ method: 'GET', url: '/bare' }));
const ratio = dashboard / bareRate;
results.push({
  name: 'GET /api/v1/dashboard (token check, tenant transaction)',
  value: dashboard,
  unit: 'req/s',
  budget: 'informational',
  ok: true,
});
results.push({
  name: 'dashboard throughput / bare Fastify route',
  value: ratio,
  unit: 'ratio',
  budget: '>= 0.05',
  ok: ratio >= 0.05,
});

await t.close();
await bare.close();

for (const r of results) {
  const value = r.unit === 'ratio' ? r.value.toFixed(3) : Math.round(r.value).toString();
  console.log(`${r.ok ? 'PASS' : 'OVER'}  ${r.name}: ${value} ${r.unit} (budget ${r.budget})`);
}
