/**
 * Throughput over HTTP, like with like: the app's route against a bare Fastify route that answers the same
 * JSON bytes, both listening on loopback, loaded by autocannon in a process of its own (10 connections),
 * in alternating rounds so that a busy moment of the machine hits both. Prints one JSON line.
 *
 * The shop is a typical one: the sample catalogue (a few hundred parts). `BENCH_CATALOGUE=100000` adds
 * generated hoses and fittings for the large-catalogue figures. `DATABASE_URL` runs it on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTenant, createTestApp } from '../apps/server/test/helpers.ts';

const run = promisify(execFile);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

// The API's rate limits stay on (their cost is part of every request) but far above what a benchmark sends.
const UNTHROTTLED = { API_RATE_LIMIT_PER_USER: '1000000000', API_RATE_LIMIT_PER_ADDRESS: '1000000000' };
const t = await createTestApp(UNTHROTTLED, { validateResponses: false });
const shop = await createTenant(t, { tier: 'professional' });
const authorization = `Bearer ${shop.regularToken}`;
const load = await t.app.inject({
  method: 'POST',
  url: '/api/v1/organization/sampledata/load',
  headers: { authorization: `Bearer ${shop.adminToken}` },
  payload: {},
});
if (load.statusCode !== 200) throw new Error(`sample data: ${load.statusCode} ${load.body}`);

const ROUTES = {
  cached: '/api/v1/organization/hoses?page=1&itemsPerPage=25',
  uncached: '/api/v1/organization/items?kind=hose',
} as const;

await t.app.listen({ port: 0, host: '127.0.0.1' });
const bare: FastifyInstance = Fastify();
const bodies: Record<string, string> = {};
for (const [name, url] of Object.entries(ROUTES)) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  bodies[name] = res.body;
  bare.get(`/${name}`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(res.body),
  );
}
await bare.listen({ port: 0, host: '127.0.0.1' });
const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** Requests per second that autocannon reaches, after a one-second warm-up. */
async function rate(url: string, headers: string[] = []): Promise<number> {
  const args = [
    AUTOCANNON,
    '-c',
    '10',
    '-d',
    String(SECONDS),
    '-j',
    ...headers.flatMap((h) => ['-H', h]),
    url,
  ];
  await run(process.execPath, [
    AUTOCANNON,
    '-c',
    '10',
    '-d',
    '1',
    '-j',
    ...headers.flatMap((h) => ['-H', h]),
    url,
  ]);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    requests: { average: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const out: Record<string, { app: number; bare: number; ratio: number; bytes: number }> = {};
for (const [name, url] of Object.entries(ROUTES)) {
  const app: number[] = [];
  const base: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    base.push(await rate(`http://127.0.0.1:${portOf(bare)}/${name}`));
    app.push(await rate(`http://127.0.0.1:${portOf(t.app)}${url}`, [`authorization=${authorization}`]));
  }
  out[name] = {
    app: median(app),
    bare: median(base),
    ratio: median(app) / median(base),
    bytes: Buffer.byteLength(bodies[name] ?? ''),
  };
}
console.log(JSON.stringify({ database: t.database.kind, ...out }));
await bare.close();
await t.close();
