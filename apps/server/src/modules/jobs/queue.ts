/**
 * The `jobs` table as a queue: enqueue in the caller's tenant transaction, then nudge this process's
 * worker so it does not wait for its next poll (other instances pick the job up on theirs).
 */
import type { Database, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

export interface NewJob {
  organizationId: string;
  userId: string | null;
  type: string;
  payload: Record<string, unknown>;
}

/** Inserts a queued job; returns its id. Call `signalJobQueued` after the transaction commits. */
export async function enqueueJob(tx: Tx, job: NewJob): Promise<string> {
  const [row] = await tx
    .insert(jobs)
    .values({
      organizationId: job.organizationId,
      userId: job.userId,
      type: job.type,
      payload: job.payload,
      status: 'queued',
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned nothing');
  return row.id;
}

const listeners = new WeakMap<Database, Set<() => void>>();

/** Runs `listener` whenever a job is queued on this database in this process; returns the unsubscribe. */
export function onJobQueued(database: Database, listener: () => void): () => void {
  let set = listeners.get(database);
  if (!set) {
    set = new Set();
    listeners.set(database, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function signalJobQueued(database: Database): void {
  for (const listener of listeners.get(database) ?? []) listener();
}
