/**
 * What a background job is to its handler. A module declares its handlers by job type in its manifest
 * (`jobHandlers`); `app.ts` hands them all to the worker (`startJobWorker`), which imports no module's code.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

export interface ClaimedJob {
  id: string;
  organizationId: string;
  userId: string | null;
  type: string;
  payload: Record<string, unknown>;
}

/** 'validating' work happens outside any transaction; 'writing' inside the job's one write transaction. */
export type JobPhase = 'validating' | 'writing';

export interface JobContext {
  database: Database;
  log: FastifyBaseLogger;
  /** Reports progress 0..100; the worker stores it on the job row (throttled). */
  progress(percent: number, phase: JobPhase): void;
}

export interface JobOutcome {
  failed: boolean;
  message: string;
  result?: Record<string, unknown>;
}

export interface JobHandler {
  run(job: ClaimedJob, context: JobContext): Promise<JobOutcome>;
  /** The run threw, or the job was abandoned by a stopped process: tell its owner, with `message`. */
  crashed(job: ClaimedJob, context: Omit<JobContext, 'progress'>, message: string): Promise<void>;
}

/** Handlers by job type (the `type` a job was queued with). */
export type JobHandlers = Readonly<Record<string, JobHandler>>;
