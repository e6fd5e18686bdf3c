/**
 * Job leases (`jobs/worker.ts`): a job whose process died is marked failed once its lease runs out without a
 * heartbeat, on PGlite and on PostgreSQL alike, and a job that is really running keeps its lease. The leases
 * here are a fraction of a second so that the tests wait for the mechanism, not for the clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import type { JobHandler } from '../src/modules/jobs/types.ts';
import { CRASH_MESSAGE, startJobWorker } from '../src/modules/jobs/worker.ts';
import { createTenant, createTestApp } from './helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());
const shop = await createTenant(t, { tier: 'professional' });

const LEASE_MS = 300;

async function jobRow(id: string) {
  const [row] = await t.database.withTenant(shop.organizationId, (tx) =>
    tx.select().from(jobs).where(eq(jobs.id, id)),
  );
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}

const crashedJobs: string[] = [];
const noteCrash: JobHandler['crashed'] = async (job) => {
  crashedJobs.push(job.id);
};

describe(`job leases on ${t.database.kind}`, () => {
  it('marks a job failed once its lease runs out without a heartbeat, and tells its handler', async () => {
    const worker = startJobWorker({
      database: t.database,
      log: t.app.log,
      handlers: { 'lease-test': { run: async () => ({ failed: false, message: '' }), crashed: noteCrash } },
      pollMs: 50,
      leaseMs: LEASE_MS,
    });
    try {
      // Started after this worker, by another process that has stopped renewing its lease.
      const [job] = await t.database.withTenant(shop.organizationId, (tx) =>
        tx
          .insert(jobs)
          .values({
            organizationId: shop.organizationId,
            type: 'lease-test',
            status: 'running',
            startedAt: new Date(),
            leaseExpiresAt: new Date(Date.now() + 100),
          })
          .returning(),
      );
      const finished = await until(
        () => jobRow(job!.id),
        (row) => row.status !== 'running',
      );
      expect(finished).toMatchObject({
        status: 'failed',
        message: `${CRASH_MESSAGE} The server restarted while it ran.`,
      });
      expect(crashedJobs).toContain(job!.id);
    } finally {
      await worker.stop();
    }
  });

  it('renews the lease of a job that runs longer than its lease, and lets it finish', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: JobHandler = {
      run: async () => {
        await released;
        return { failed: false, message: 'done' };
      },
      crashed: noteCrash,
    };
    const worker = startJobWorker({
      database: t.database,
      log: t.app.log,
      handlers: { 'slow-test': slow },
      pollMs: 50,
      leaseMs: LEASE_MS,
    });
    try {
      const id = await t.database.withTenant(shop.organizationId, (tx) =>
        enqueueJob(tx, { organizationId: shop.organizationId, userId: null, type: 'slow-test', payload: {} }),
      );
      const claimed = await until(
        () => jobRow(id),
        (row) => row.status === 'running' && row.leaseExpiresAt !== null,
      );
      const firstLease = claimed.leaseExpiresAt?.getTime() ?? 0;
      // Three lease periods later the job is still running, its lease moved on with it.
      const renewed = await until(
        () => jobRow(id),
        (row) => (row.leaseExpiresAt?.getTime() ?? 0) > firstLease + 2 * LEASE_MS,
      );
      expect(renewed.status).toBe('running');
      release();
      const finished = await until(
        () => jobRow(id),
        (row) => row.status !== 'running',
      );
      expect(finished).toMatchObject({ status: 'succeeded', message: 'done' });
      expect(crashedJobs).not.toContain(id);
    } finally {
      release();
      await worker.stop();
    }
  });
});
