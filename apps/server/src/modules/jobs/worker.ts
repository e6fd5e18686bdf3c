/**
 * The in-process job worker over the `jobs` table. It claims one queued job at a time with
 * `FOR UPDATE SKIP LOCKED` (so several app instances on one PostgreSQL never run the same job; on PGlite
 * there is one process and the clause is simply satisfied), runs the job type's handler and records the
 * outcome. It polls every `pollMs` and is nudged at once when this process queues a job. The handlers are
 * given to it: every module manifest's `jobHandlers`, which `app.ts` collects; the worker imports no
 * module's code.
 *
 * Wiring (app.ts): `const worker = startJobWorker({ database, log: app.log, handlers });` and
 * `app.addHook('onClose', () => worker.stop());`.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { onJobQueued } from './queue.ts';
import type { ClaimedJob, JobHandlers, JobOutcome, JobPhase } from './types.ts';

export const CRASH_MESSAGE = 'The job stopped because of a problem on our side.';
/**
 * How long a claim holds without a heartbeat. The running process renews its jobs' leases every third of it
 * and every worker sweeps for expired ones every half of it, so a job whose process died is marked failed
 * within `1.5 × LEASE_MS` (45 s) on every database.
 */
export const LEASE_MS = 30_000;

/** Jobs this process is running, per database, so the stale-job sweep never touches them. */
const runningHere = new WeakMap<Database, Set<string>>();
function localJobs(database: Database): Set<string> {
  let set = runningHere.get(database);
  if (!set) {
    set = new Set();
    runningHere.set(database, set);
  }
  return set;
}

interface ClaimRow {
  id: string;
  organizationId: string;
  userId: string | null;
  type: string;
  payload: Record<string, unknown> | null;
}

/**
 * Claims the oldest queued job. This is the one query that runs through `withSystem`: the worker serves
 * every organisation and does not know whose job comes next until it has claimed it. Everything after the
 * claim runs in the job's own organisation with `withTenant`.
 */
export async function claimJob(database: Database, leaseMs = LEASE_MS): Promise<ClaimedJob | undefined> {
  const [row] = await database.withSystem((tx) =>
    queryRows<ClaimRow>(
      tx,
      sql`update ${jobs} set status = 'running', started_at = now(), progress = 0,
            lease_expires_at = now() + ${leaseInterval(leaseMs)}::interval
          where id = (
            select id from ${jobs} where status = 'queued'
            order by created_at, id limit 1
            for update skip locked
          )
          returning id, organization_id as "organizationId", user_id as "userId", type, payload`,
    ),
  );
  return row ? { ...row, payload: row.payload ?? {} } : undefined;
}

const leaseInterval = (ms: number) => `${Math.max(1, Math.round(ms))} milliseconds`;

/**
 * Claims jobs left 'running' by a process that stopped (withSystem for the same reason as `claimJob`): those
 * whose lease ran out without a heartbeat, and on PGlite also those started before this worker (one process
 * owns the data directory, so they cannot be running). Jobs running here are never taken. Their lease is
 * renewed in the same statement, so no other instance sweeps them too.
 */
async function claimAbandoned(
  database: Database,
  workerStartedAt: number,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const mine = [...localJobs(database)];
  const startedBeforeUs =
    database.kind === 'pglite'
      ? sql`or started_at < ${new Date(workerStartedAt).toISOString()}::timestamptz`
      : sql``;
  const rows = await database.withSystem((tx) =>
    queryRows<ClaimRow>(
      tx,
      sql`update ${jobs} set lease_expires_at = now() + ${leaseInterval(leaseMs)}::interval
          where id in (
            select id from ${jobs}
            where status = 'running'
              and (coalesce(lease_expires_at, started_at) < now() ${startedBeforeUs})
            ${
              mine.length
                ? sql`and id not in (${sql.join(
                    mine.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`
                : sql``
            }
            for update skip locked
          )
          returning id, organization_id as "organizationId", user_id as "userId", type, payload`,
    ),
  );
  return rows.map((row) => ({ ...row, payload: row.payload ?? {} }));
}

/** Renews the leases of the jobs this process is running (withSystem: they may be any organisation's). */
async function renewLeases(database: Database, leaseMs: number): Promise<void> {
  const mine = [...localJobs(database)];
  if (mine.length === 0) return;
  await database.withSystem((tx) =>
    tx.execute(
      sql`update ${jobs} set lease_expires_at = now() + ${leaseInterval(leaseMs)}::interval
          where status = 'running' and id in (${sql.join(
            mine.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    ),
  );
}

async function finishJob(database: Database, job: ClaimedJob, outcome: JobOutcome): Promise<void> {
  await database.withTenant(job.organizationId, (tx) =>
    tx
      .update(jobs)
      .set({
        status: outcome.failed ? 'failed' : 'succeeded',
        progress: 100,
        message: outcome.message,
        result: outcome.result ?? null,
        finishedAt: new Date(),
      })
      .where(eq(jobs.id, job.id)),
  );
}

async function crash(
  database: Database,
  log: FastifyBaseLogger,
  handlers: JobHandlers,
  job: ClaimedJob,
  message: string,
): Promise<void> {
  try {
    await handlers[job.type]?.crashed(job, { database, log }, message);
  } catch (error) {
    log.error({ err: error, jobId: job.id }, 'job failure could not be recorded on its target');
  }
  await finishJob(database, job, { failed: true, message });
}

/**
 * After a job has written (an import of thousands of rows), the planner's statistics are refreshed as the
 * owner: PGlite has no autovacuum, and with stale statistics a lookup by series and dash over a large
 * catalogue scans it instead of using its index. A failure only costs speed, so it is logged.
 */
async function refreshPlannerStatistics(database: Database, log: FastifyBaseLogger): Promise<void> {
  try {
    await database.db.execute(sql`analyze`);
  } catch (error) {
    log.warn({ err: error }, 'planner statistics not refreshed');
  }
}

/** Runs one claimed job to the end; never throws for a failure of the job itself. */
async function runJob(
  database: Database,
  log: FastifyBaseLogger,
  handlers: JobHandlers,
  job: ClaimedJob,
  onProgress?: JobWorkerOptions['onProgress'],
): Promise<void> {
  const handler = handlers[job.type];
  if (!handler) {
    log.error({ jobId: job.id, type: job.type }, 'no handler for job type');
    await finishJob(database, job, { failed: true, message: `Unknown job type ${job.type}` });
    return;
  }
  const local = localJobs(database);
  local.add(job.id);
  let reported = 0;
  let saving: Promise<unknown> = Promise.resolve();
  const progress = (percent: number, phase: JobPhase) => {
    const value = Math.max(0, Math.min(99, Math.floor(percent)));
    if (value < reported + 5) return;
    reported = value;
    onProgress?.(job, value);
    // PGlite has one connection: while the job's write transaction holds it, another transaction would
    // only run after the commit, so progress is stored again from the final update.
    if (phase === 'writing' && database.kind === 'pglite') return;
    saving = saving
      .then(() =>
        database.withTenant(job.organizationId, (tx) =>
          tx.update(jobs).set({ progress: value }).where(eq(jobs.id, job.id)),
        ),
      )
      .catch((error) => log.warn({ err: error, jobId: job.id }, 'job progress not stored'));
  };
  try {
    const outcome = await handler.run(job, { database, log, progress });
    await saving;
    await finishJob(database, job, outcome);
    if (!outcome.failed) await refreshPlannerStatistics(database, log);
  } catch (error) {
    await saving;
    log.error({ err: error, jobId: job.id, type: job.type }, 'job failed');
    await crash(database, log, handlers, job, CRASH_MESSAGE);
  } finally {
    local.delete(job.id);
  }
}

export interface JobWorker {
  /** Claims and runs one queued job; false when there was none. Safe to call while the loop runs. */
  runOnce(): Promise<boolean>;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** The handler of each job type (every module manifest's `jobHandlers`). */
  handlers: JobHandlers;
  /** Idle poll interval; default 1000 ms. */
  pollMs?: number;
  /** false: no background loop, only `runOnce()` (tests, benchmarks). Default true. */
  loop?: boolean;
  /** Told each time a job's progress moves on (in steps of 5), whether or not it can be stored yet. */
  onProgress?: (job: ClaimedJob, progress: number) => void;
  /** How long a claim holds without a heartbeat; default `LEASE_MS` (tests shorten it). */
  leaseMs?: number;
}

export function startJobWorker({
  database,
  log,
  handlers,
  pollMs = 1000,
  loop = true,
  onProgress,
  leaseMs = LEASE_MS,
}: JobWorkerOptions): JobWorker {
  const startedAt = Date.now();
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastSweep = 0;
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  // The heartbeat: on PGlite it waits while a job's write transaction holds the one connection, which is
  // harmless there (nothing else can take a job of this process's data directory); one at a time.
  let renewing: Promise<void> | undefined;
  const heartbeat = setInterval(() => {
    renewing ??= renewLeases(database, leaseMs)
      .catch((error: unknown) => log.warn({ err: error }, 'job leases not renewed'))
      .finally(() => {
        renewing = undefined;
      });
  }, leaseMs / 3);
  heartbeat.unref();

  const sweep = async () => {
    lastSweep = Date.now();
    for (const job of await claimAbandoned(database, startedAt, leaseMs)) {
      log.warn({ jobId: job.id, type: job.type }, 'job abandoned by a stopped process; marking it failed');
      await crash(database, log, handlers, job, `${CRASH_MESSAGE} The server restarted while it ran.`);
    }
  };

  const runOnce = () =>
    track(
      (async () => {
        const job = await claimJob(database, leaseMs);
        if (!job) return false;
        await runJob(database, log, handlers, job, onProgress);
        return true;
      })(),
    );

  const unsubscribe = onJobQueued(database, () => wake?.());

  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const loopDone = loop
    ? (async () => {
        while (!stopped) {
          let worked = false;
          try {
            if (Date.now() - lastSweep >= leaseMs / 2) await sweep();
            if (!stopped) worked = await runOnce();
          } catch (error) {
            log.error({ err: error }, 'job worker poll failed');
          }
          if (!worked && !stopped) await idle();
        }
      })()
    : Promise.resolve();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      unsubscribe();
      wake?.();
      await loopDone;
      await Promise.allSettled([...inFlight, renewing]);
    },
  };
}
