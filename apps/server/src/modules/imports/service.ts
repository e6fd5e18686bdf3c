/**
 * Imports of every target (component kinds, customers, customer items, hose assemblies): store an upload
 * and suggest a mapping, start it as a job, and the job itself, `runImport`: read every row, validate every
 * row, check them against the database, and either write them all in one transaction or write nothing and
 * list every problem. The user who started it is notified either way. The targets are the ones the app was
 * composed with (`ImportTargets`, from the module manifests), given to every function that needs one.
 */
import { AppErrorCode, type ImportRowChange, MAX_IMPORT_CHANGES } from '@hosewright/domain';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Database, type HeldTransaction, holdTransaction, type Tx } from '../../db/client.ts';
import { importFileParts, importLogs, jobs, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { collectGarbage } from '../../lib/memory.ts';
import { UPGRADE_URL } from '../../lib/plan-limits.ts';
import { enqueueJob, signalJobQueued } from '../jobs/queue.ts';
import type { ClaimedJob, JobHandler, JobPhase } from '../jobs/types.ts';
import { NOTIFICATION_FAILURE, NOTIFICATION_SUCCESS, notify } from '../notifications/service.ts';
import { importFields, suggestMapping } from './fields.ts';
import { FileProblem, inspectFile, type OpenedTable, openTable } from './parse.ts';
import type { ImportTarget, ImportTargets, KeyedRow, ValidRow, WriteOutcome } from './targets.ts';
import type {
  ImportDetails,
  ImportError,
  ImportPreview,
  ImportStarted,
  ImportStatus,
  ImportSummary,
} from './types.ts';
import {
  addRowErrors,
  MAX_STORED_ERRORS,
  type MappingPlan,
  planMapping,
  type ValidationResult,
  validateRows,
} from './validate.ts';

/**
 * The job type of every import (the name predates customer imports; the imports module's manifest declares
 * `importJobHandler` for it).
 */
export const COMPONENT_IMPORT_JOB = 'component-import';

const FINAL: readonly string[] = ['succeeded', 'failed'];

/**
 * Where the web app shows an import: `/{url}`. A log naming no known target (one from a newer version)
 * shows on the component import page, which opens any import by its id.
 */
export function importUrl(targets: ImportTargets, target: string, importLogId: string): string {
  return targets.has(target) ? targets.get(target).url(importLogId) : `components/import?log=${importLogId}`;
}

function plural(n: number, target: ImportTarget): string {
  const { label } = target;
  return `${n.toLocaleString('en-US')} ${n === 1 ? label.one : label.other}`;
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * A file that would take the organisation past its plan's limit (`assertWithinPlanLimit`'s details), said
 * with the counts; null for any other refusal. `isPlanLimitMessage` knows it again: a failed import keeps
 * only its message, and its log links to the upgrade when the message is this one.
 */
function planLimitMessage(error: AppError, target: ImportTarget): string | null {
  const { max, count, adding } = error.details ?? {};
  if (error.code !== AppErrorCode.LimitReached) return null;
  if (typeof max !== 'number' || typeof count !== 'number' || typeof adding !== 'number') return null;
  return `You have ${plural(count, target)}, the file adds ${number(adding)}, your plan allows ${number(max)}. Upgrade your subscription to import them. Nothing was imported.`;
}

const PLAN_LIMIT_MESSAGE = /^You have [\d,]+ .+, the file adds [\d,]+, your plan allows [\d,]+\. /;

function isPlanLimitMessage(message: string): boolean {
  return PLAN_LIMIT_MESSAGE.test(message);
}

function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'import').slice(0, 200);
}

/** The size of each stored part of an uploaded file (see importFileParts). */
export const IMPORT_FILE_PART_BYTES = 256 * 1024;
/** Parts read per query when the file is read back. */
const PARTS_PER_READ = 8;

// Parts travel as base64 text: PGlite converts a bytea parameter or value byte by byte (11 s to store and
// 3 s to read a 100,000-row CSV in our measurements, against 1.5 s and 0.2 s).
async function storeFile(tx: Tx, organizationId: string, importLogId: string, file: Buffer): Promise<void> {
  for (let offset = 0, part = 0; offset < file.length; offset += IMPORT_FILE_PART_BYTES, part += 1) {
    const data = file.subarray(offset, offset + IMPORT_FILE_PART_BYTES).toString('base64');
    await tx.insert(importFileParts).values({
      importLogId,
      organizationId,
      part,
      data: sql<Buffer>`decode(${data}, 'base64')`,
    });
  }
}

async function readStoredFile(
  database: Database,
  organizationId: string,
  importLogId: string,
): Promise<Buffer> {
  return database.withTenant(organizationId, async (tx) => {
    const [log] = await tx
      .select({ id: importLogs.id })
      .from(importLogs)
      .where(and(eq(importLogs.organizationId, organizationId), eq(importLogs.id, importLogId)));
    if (!log) throw AppError.notFound('This import');
    return readFileParts(tx, organizationId, importLogId);
  });
}

/** The stored file of an import, in the caller's transaction. */
async function readFileParts(tx: Tx, organizationId: string, importLogId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (;;) {
    const rows = await tx
      .select({ data: sql<string>`encode(${importFileParts.data}, 'base64')` })
      .from(importFileParts)
      .where(
        and(
          eq(importFileParts.organizationId, organizationId),
          eq(importFileParts.importLogId, importLogId),
          gte(importFileParts.part, parts.length),
        ),
      )
      .orderBy(asc(importFileParts.part))
      .limit(PARTS_PER_READ);
    for (const row of rows) parts.push(Buffer.from(row.data, 'base64'));
    if (rows.length < PARTS_PER_READ) return Buffer.concat(parts);
  }
}

/**
 * Validates an uploaded import of `target` that has not been started, with `mapping`, exactly as
 * `runImport` would (every row, duplicates, then the target's `check`), in the caller's transaction; writes
 * nothing. For a target that shows what a file would change before it starts (the stock take's
 * `checkStockCount`). Another organisation's import, or none, is 404; one of another target, one already
 * started, a file that cannot be read or a bad mapping is a 400 that says so.
 */
export async function validateUploadedImport(
  tx: Tx,
  target: ImportTarget,
  organizationId: string,
  importId: string,
  mapping: Record<string, string | null>,
): Promise<ValidationResult> {
  const [log] = await tx
    .select({ status: importLogs.status, target: importLogs.target })
    .from(importLogs)
    .where(and(eq(importLogs.organizationId, organizationId), eq(importLogs.id, importId)));
  if (!log) throw AppError.notFound('This import');
  if (log.target !== target.name) {
    throw new AppError(
      AppErrorCode.BadRequest,
      `This import is not of ${target.label.other}. Upload the file again as ${target.name}.`,
    );
  }
  if (log.status !== 'uploaded') {
    throw new AppError(
      AppErrorCode.BadRequest,
      'This import has already been started. Upload the file again to check it.',
    );
  }
  let table: OpenedTable;
  try {
    table = await openTable(await readFileParts(tx, organizationId, importId));
  } catch (error) {
    if (error instanceof FileProblem) throw new AppError(AppErrorCode.BadRequest, error.message);
    throw error;
  }
  const plan = planMapping(target, table.columns, mapping);
  const result = await validateRows(plan, table.rows, { format: table.format });
  await checkRows(tx, organizationId, plan, result, result.firstRowOfKey);
  result.firstRowOfKey.clear();
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Upload and start

export interface UploadInput {
  organizationId: string;
  userId: string;
  /** The import target's name: a component kind, 'customer', 'customerItem' or 'hoseAssembly'. */
  kind: string;
  fileName: string | undefined;
  file: Buffer;
}

/** Reads the file once (header, sample, row count) and stores it as an 'uploaded' import. */
export async function createImport(
  database: Database,
  targets: ImportTargets,
  input: UploadInput,
): Promise<ImportPreview> {
  const target = targets.get(input.kind);
  let inspection: Awaited<ReturnType<typeof inspectFile>>;
  try {
    inspection = await inspectFile(input.file);
  } catch (error) {
    if (error instanceof FileProblem) throw new AppError(AppErrorCode.BadRequest, error.message);
    throw error;
  }
  const mapping = suggestMapping(target, inspection.columns);
  const fileName = safeFileName(input.fileName);
  const row = await database.withTenant(input.organizationId, async (tx) => {
    const [log] = await tx
      .insert(importLogs)
      .values({
        organizationId: input.organizationId,
        userId: input.userId,
        target: input.kind,
        fileName,
        mapping,
        status: 'uploaded',
        rowsTotal: inspection.rowsTotal,
      })
      .returning({ id: importLogs.id });
    if (!log) throw new Error('import log insert returned nothing');
    await storeFile(tx, input.organizationId, log.id, input.file);
    return log;
  });
  return {
    importId: row.id,
    fileName,
    kind: input.kind,
    columns: inspection.columns,
    mapping,
    fields: importFields(target),
    sampleRows: inspection.sampleRows,
    rowsTotal: inspection.rowsTotal,
  };
}

/**
 * For benchmarks and scripts: stores `file` as an import ready for `runComponentImport`, with the
 * suggested mapping (or `mapping`), without a job. Answers the import id.
 */
export async function stageComponentImport(
  database: Database,
  targets: ImportTargets,
  input: UploadInput & { mapping?: Record<string, string | null> },
): Promise<string> {
  const preview = await createImport(database, targets, input);
  const mapping = input.mapping ?? preview.mapping;
  planMapping(targets.get(input.kind), preview.columns, mapping);
  await database.withTenant(input.organizationId, (tx) =>
    tx.update(importLogs).set({ mapping, status: 'queued' }).where(eq(importLogs.id, preview.importId)),
  );
  return preview.importId;
}

/** Checks the mapping and queues the import; answers at once, the worker does the rest. */
export async function startImport(
  database: Database,
  targets: ImportTargets,
  auth: { organizationId: string; userId: string },
  importId: string,
  mapping: Record<string, string | null>,
): Promise<ImportStarted> {
  const started = await database.withTenant(auth.organizationId, async (tx) => {
    const [log] = await tx
      .select({
        id: importLogs.id,
        status: importLogs.status,
        target: importLogs.target,
        mapping: importLogs.mapping,
      })
      .from(importLogs)
      .where(and(eq(importLogs.organizationId, auth.organizationId), eq(importLogs.id, importId)))
      .for('update');
    if (!log) throw AppError.notFound('This import');
    if (log.status !== 'uploaded') {
      throw new AppError(
        AppErrorCode.Conflict,
        'This import has already been started. Upload the file again to import it again.',
      );
    }
    if (!targets.has(log.target)) throw new Error(`import ${importId} has unknown target ${log.target}`);
    // The stored suggestion has every column of the file as a key.
    const columns = Object.keys(log.mapping as Record<string, unknown>);
    planMapping(targets.get(log.target), columns, mapping);
    const chosen: Record<string, string | null> = {};
    for (const column of columns) chosen[column] = mapping[column] || null;
    const jobId = await enqueueJob(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      type: COMPONENT_IMPORT_JOB,
      payload: { importLogId: importId },
    });
    await tx
      .update(importLogs)
      .set({ mapping: chosen, status: 'queued', jobId, userId: auth.userId })
      .where(eq(importLogs.id, importId));
    return { importId, jobId };
  });
  signalJobQueued(database);
  return started;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

const summaryColumns = {
  id: importLogs.id,
  target: importLogs.target,
  fileName: importLogs.fileName,
  status: importLogs.status,
  rowsTotal: importLogs.rowsTotal,
  created: importLogs.created,
  updated: importLogs.updated,
  unchanged: importLogs.unchanged,
  removed: sql<number>`(select count(*) from jsonb_array_elements(${importLogs.changes}) as e
    where e->>'change' = 'removed')`.mapWith(Number),
  message: importLogs.message,
  createdAt: importLogs.createdAt,
  finishedAt: importLogs.finishedAt,
  userId: importLogs.userId,
  userName: users.name,
  jobId: importLogs.jobId,
  jobProgress: jobs.progress,
  errorCount: sql<number>`jsonb_array_length(${importLogs.errors})`.mapWith(Number),
};

type SummaryRow = {
  id: string;
  target: string;
  fileName: string;
  status: string;
  rowsTotal: number;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  message: string;
  createdAt: Date;
  finishedAt: Date | null;
  userId: string | null;
  userName: string | null;
  jobId: string | null;
  jobProgress: number | null;
  errorCount: number;
};

function toSummary(row: SummaryRow): ImportSummary {
  const status = row.status as ImportStatus;
  return {
    importId: row.id,
    kind: row.target,
    fileName: row.fileName,
    status,
    progress: FINAL.includes(status) ? 100 : status === 'uploaded' ? 0 : (row.jobProgress ?? 0),
    jobId: row.jobId,
    rowsTotal: row.rowsTotal,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    removed: row.removed,
    errorCount: row.errorCount,
    message: row.message,
    upgradeUrl: status === 'failed' && isPlanLimitMessage(row.message) ? UPGRADE_URL : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    startedBy: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
  };
}

export async function getImport(
  database: Database,
  organizationId: string,
  importId: string,
): Promise<ImportDetails> {
  return database.withTenant(organizationId, async (tx) => {
    const [row] = await tx
      .select({ ...summaryColumns, errors: importLogs.errors, changes: importLogs.changes })
      .from(importLogs)
      .leftJoin(jobs, eq(jobs.id, importLogs.jobId))
      .leftJoin(users, eq(users.id, importLogs.userId))
      .where(and(eq(importLogs.organizationId, organizationId), eq(importLogs.id, importId)));
    if (!row) throw AppError.notFound('This import');
    return {
      ...toSummary(row),
      errors: row.errors as ImportError[],
      changes: row.changes as ImportRowChange[],
    };
  });
}

export async function listImports(
  database: Database,
  organizationId: string,
  page: number,
  itemsPerPage: number,
  kinds?: readonly string[],
): Promise<{ items: ImportSummary[]; total: number; page: number }> {
  return database.withTenant(organizationId, async (tx) => {
    const where = and(
      eq(importLogs.organizationId, organizationId),
      kinds?.length ? inArray(importLogs.target, [...kinds]) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select(summaryColumns)
        .from(importLogs)
        .leftJoin(jobs, eq(jobs.id, importLogs.jobId))
        .leftJoin(users, eq(users.id, importLogs.userId))
        .where(where)
        .orderBy(desc(importLogs.createdAt), desc(importLogs.id))
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      tx.select({ n: count() }).from(importLogs).where(where),
    ]);
    return { items: rows.map(toSummary), total: total?.n ?? 0, page };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Running

export interface ImportOutcome {
  status: 'succeeded' | 'failed';
  rowsTotal: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Every problem (at most MAX_STORED_ERRORS). */
  errors: ImportError[];
  message: string;
  /** Where the time went, in milliseconds (absent when the import had already finished). */
  timings?: ImportTimings;
}

export interface ImportTimings {
  /** Reading the stored file and its header. */
  read: number;
  /** Converting and validating every row. */
  validate: number;
  /** The checks against the database (catalogue part numbers, unknown customers). */
  check: number;
  /** The write transaction. */
  write: number;
}

/** Progress 0..100: validation is the first half, writing the second. */
export type ImportProgress = (percent: number, phase: JobPhase) => void;

async function finishFailed(
  tx: Tx,
  targets: ImportTargets,
  log: LogRef,
  fields: { rowsTotal?: number; errors: ImportError[]; message: string },
): Promise<void> {
  await tx
    .update(importLogs)
    .set({
      status: 'failed',
      errors: fields.errors,
      message: fields.message,
      created: 0,
      updated: 0,
      unchanged: 0,
      changes: [],
      ...(fields.rowsTotal === undefined ? {} : { rowsTotal: fields.rowsTotal }),
      finishedAt: new Date(),
    })
    .where(eq(importLogs.id, log.id));
  if (log.userId) {
    await notify(tx, {
      organizationId: log.organizationId,
      userId: log.userId,
      status: NOTIFICATION_FAILURE,
      description: fields.message,
      url: importUrl(targets, log.target, log.id),
    });
  }
}

type LogRef = { id: string; organizationId: string; userId: string | null; target: string };

/** Thrown inside an import's transaction when a row has a problem: everything written is rolled back. */
class RowsRejected extends Error {
  constructor(readonly result: ValidationResult) {
    super('rows rejected');
  }
}

function rejectedMessage(result: ValidationResult): string {
  const bad = result.badRows.size;
  let message = `${bad.toLocaleString('en-US')} ${bad === 1 ? 'row has' : 'rows have'} problems; nothing was imported.`;
  if (result.errorTotal > result.errors.length) {
    message += ` The first ${MAX_STORED_ERRORS.toLocaleString('en-US')} problems are listed.`;
  }
  return message;
}

/** What only the database can tell about `rows` (a catalogue item's part number, an unknown customer). */
async function checkRows(
  tx: Tx,
  organizationId: string,
  plan: MappingPlan,
  result: ValidationResult,
  rows: ReadonlyMap<string, KeyedRow>,
): Promise<void> {
  const { check } = plan.target;
  if (!check || rows.size === 0) return;
  // The target names fields, the report names the file's columns.
  const found = await check(tx, organizationId, rows);
  addRowErrors(
    plan,
    result,
    found.map((e) => ({ ...e, column: plan.columnOf(e.column) })),
  );
}

/**
 * Runs one stored import to the end and records the outcome on its import log (and notifies the user who
 * started it). Every row is validated, and rows are written only if every row passes, in one transaction,
 * by the target's identity (a component's kind + brand + part number, a customer's account number or
 * name), so importing the same file again updates and creates nothing. A target that writes in batches
 * (components) is written while the rest of the file is validated, in that one transaction, rolled back at
 * the first problem; the others are validated, checked and then written. Running an import that already
 * finished answers its stored outcome.
 */
export async function runImport(
  database: Database,
  targets: ImportTargets,
  organizationId: string,
  importLogId: string,
  onProgress?: ImportProgress,
): Promise<ImportOutcome> {
  const log = await database.withTenant(organizationId, async (tx) => {
    const [row] = await tx
      .select()
      .from(importLogs)
      .where(and(eq(importLogs.organizationId, organizationId), eq(importLogs.id, importLogId)));
    if (!row) throw AppError.notFound('This import');
    if (!FINAL.includes(row.status)) {
      await tx.update(importLogs).set({ status: 'running' }).where(eq(importLogs.id, importLogId));
    }
    return row;
  });
  if (FINAL.includes(log.status)) {
    return {
      status: log.status as ImportOutcome['status'],
      rowsTotal: log.rowsTotal,
      created: log.created,
      updated: log.updated,
      unchanged: log.unchanged,
      errors: log.errors as ImportError[],
      message: log.message,
    };
  }
  const kind = log.target;
  const target = targets.get(kind);
  const timings: ImportTimings = { read: 0, validate: 0, check: 0, write: 0 };
  let mark = performance.now();
  const lap = (phase: keyof ImportTimings) => {
    const now = performance.now();
    timings[phase] = Math.round(now - mark);
    mark = now;
  };
  const fail = async (errors: ImportError[], message: string, rowsTotal?: number): Promise<ImportOutcome> => {
    await database.withTenant(organizationId, (tx) =>
      finishFailed(tx, targets, log, { errors, message, rowsTotal }),
    );
    return {
      status: 'failed',
      rowsTotal: rowsTotal ?? log.rowsTotal,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors,
      message,
      timings,
    };
  };

  onProgress?.(0, 'validating');
  let table: OpenedTable;
  let plan: MappingPlan;
  try {
    // Only the parsed rows stay referenced, not the stored base64 text or the file's bytes.
    table = await openTable(await readStoredFile(database, organizationId, importLogId));
    plan = planMapping(target, table.columns, log.mapping as Record<string, string | null>);
  } catch (error) {
    if (error instanceof FileProblem || error instanceof AppError) {
      return fail([], `${error.message} Nothing was imported.`);
    }
    throw error;
  }
  lap('read');
  const expected = Math.max(1, log.rowsTotal);

  let written: Written;
  try {
    if (target.writeBatch) {
      written = await writeWhileValidating(database, log, plan, table, { expected, onProgress, timings });
      lap('write');
      // Validation ran between the writes: `write` is the rest of the time.
      timings.write = Math.max(0, timings.write - timings.validate);
    } else {
      // Validation is the first half of the progress, writing the second.
      const result = await validateRows(plan, table.rows, {
        format: table.format,
        onRows: (n) => onProgress?.(Math.min(45, (n / expected) * 45), 'validating'),
      });
      lap('validate');
      await database.withTenant(organizationId, (tx) =>
        checkRows(tx, organizationId, plan, result, result.firstRowOfKey),
      );
      result.firstRowOfKey.clear();
      lap('check');
      onProgress?.(50, 'validating');
      if (result.badRows.size > 0) throw new RowsRejected(result);
      const { inputs, inputRows } = result;
      written = await database.withTenant(organizationId, async (tx) => {
        const write = target.write;
        if (!write) throw new Error(`import target ${kind} has no writer`);
        const outcome = await write(
          tx,
          organizationId,
          inputs,
          (done) => onProgress?.(50 + (done / Math.max(1, inputs.length)) * 50, 'writing'),
          log.userId,
        );
        const tally = newTally();
        addWritten(tally, outcome, (index) => inputRows[index] ?? 0);
        return finishSucceeded(tx, target, log, tally, result.rowsTotal);
      });
      lap('write');
    }
  } catch (error) {
    if (error instanceof RowsRejected) {
      return fail(error.result.errors, rejectedMessage(error.result), error.result.rowsTotal);
    }
    // A plan limit the file would pass, with the counts; any other refusal as it is. Nothing written.
    if (error instanceof AppError) {
      return fail([], planLimitMessage(error, target) ?? `${error.message} Nothing was imported.`);
    }
    throw error;
  }
  return { status: 'succeeded', ...written, errors: [], timings };
}

/** What a successful import answers and keeps on its log. */
type Written = Pick<ImportOutcome, 'rowsTotal' | 'created' | 'updated' | 'unchanged' | 'message'>;

/** What an import's writes did, added up; the changed items kept up to MAX_IMPORT_CHANGES, in file order. */
interface Tally {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  changes: ImportRowChange[];
}

const newTally = (): Tally => ({ created: 0, updated: 0, unchanged: 0, removed: 0, changes: [] });

/** Adds one write's outcome; `rowOf` turns the index of a row in what the write was given into its file row. */
function addWritten(tally: Tally, outcome: WriteOutcome, rowOf: (index: number) => number): void {
  tally.created += outcome.created;
  tally.updated += outcome.updated;
  tally.unchanged += outcome.unchanged;
  for (const { index, change, item, fields } of outcome.changes) {
    if (tally.changes.length >= MAX_IMPORT_CHANGES) break;
    tally.changes.push({ row: rowOf(index), change, item, fields });
  }
}

/** Rows written per statement by a target that writes in batches. */
const WRITE_BATCH = 5000;
/**
 * The garbage of this many batches is collected at once (50,000 rows): V8 otherwise lets the heap grow to
 * several times what is live, 300 MB more for a 100,000-row file against 170 MB with two collections (each
 * costs about 0.15 s; every 20,000 rows kept it near 100 MB but took half a second longer on PGlite).
 */
const BATCHES_PER_COLLECTION = 10;

/**
 * Validates every row and writes the valid ones in batches as they come, in one transaction opened with
 * the first batch; one batch is queued behind the one being written while the next rows are validated. At
 * the first problem writing stops and the transaction is rolled back at once (PGlite's one connection is
 * free again while the rest is validated); the rows never written are then checked against the database
 * like the rest, and the import fails with every problem. Progress runs 0..100 as 'writing'.
 */
async function writeWhileValidating(
  database: Database,
  log: LogRef,
  plan: MappingPlan,
  table: OpenedTable,
  options: { expected: number; onProgress?: ImportProgress; timings: ImportTimings },
): Promise<Written> {
  const { organizationId } = log;
  const { writeBatch } = plan.target;
  if (!writeBatch) throw new Error(`import target ${plan.target.name} does not write in batches`);
  const tally = newTally();
  const refused: ImportError[] = [];
  // A write that threw: thrown again once the batches in flight have settled.
  const failures: unknown[] = [];
  let held: HeldTransaction | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writtenThrough = 0;
  let sent = 0;
  let stopped = false;
  let pending: ValidRow[] = [];

  const settle = async () => {
    await writing;
    if (failures.length > 0) throw failures[0];
  };
  // A problem: nothing more is written and what was written is rolled back now.
  const stop = async () => {
    stopped = true;
    pending = [];
    await settle();
    await held?.rollback();
    held = undefined;
  };
  // The batch is queued behind the one being written, which is then awaited: the database always has
  // the next batch while the server validates the rows after it.
  const send = async (rows: ValidRow[]) => {
    if (stopped || rows.length === 0) return;
    held ??= await holdTransaction(database, organizationId);
    writtenThrough = rows[rows.length - 1]?.row ?? writtenThrough;
    const previous = writing;
    writing = writeBatch(held.tx, organizationId, rows).then(
      (w) => {
        addWritten(tally, w, (index) => rows[index]?.row ?? 0);
        refused.push(...w.refused);
      },
      (error: unknown) => {
        failures.push(error);
      },
    );
    await previous;
    if (failures.length > 0 || refused.length > 0) return stop();
    sent += 1;
    if (sent % BATCHES_PER_COLLECTION === 0) collectGarbage();
  };

  let result: ValidationResult;
  try {
    result = await validateRows(plan, table.rows, {
      format: table.format,
      onRows: (n) => options.onProgress?.(Math.min(99, (n / options.expected) * 100), 'writing'),
      async onValid(rows, soFar) {
        if (stopped) return;
        if (soFar.badRows.size > 0) return stop();
        for (const row of rows) pending.push(row);
        if (pending.length < WRITE_BATCH) return;
        const batch = pending;
        pending = [];
        await send(batch);
      },
    });
    if (result.badRows.size > 0) await stop();
    else await send(pending);
    await settle();
  } catch (error) {
    await writing;
    await held?.rollback().catch(() => {});
    throw error;
  }
  options.timings.validate = Math.round(result.validateMs);
  if (refused.length > 0) {
    addRowErrors(
      plan,
      result,
      refused.map((e) => ({ ...e, column: plan.columnOf(e.column) })),
    );
  }
  if (result.badRows.size > 0) {
    await held?.rollback();
    const unwritten = new Map<string, KeyedRow>();
    for (const [key, first] of result.firstRowOfKey)
      if (first.row > writtenThrough) unwritten.set(key, first);
    result.firstRowOfKey.clear();
    await database.withTenant(organizationId, (tx) => checkRows(tx, organizationId, plan, result, unwritten));
    throw new RowsRejected(result);
  }
  result.firstRowOfKey.clear();
  options.onProgress?.(100, 'writing');
  // A file of fewer rows than a batch was never written in one; the log is updated in the same transaction.
  const final = held ?? (await holdTransaction(database, organizationId));
  try {
    const removed = (await plan.target.afterBatches?.(final.tx, organizationId)) ?? [];
    tally.removed = removed.length;
    for (const item of removed.slice(0, MAX_IMPORT_CHANGES - tally.changes.length)) {
      tally.changes.push({ row: null, change: 'removed', item, fields: [] });
    }
    const summary = await finishSucceeded(final.tx, plan.target, log, tally, result.rowsTotal);
    await final.commit();
    return summary;
  } catch (error) {
    await final.rollback().catch(() => {});
    throw error;
  }
}

/**
 * What a successful import says: how many rows were new, updated and unchanged (and removed, for a file
 * that replaces a list), or that nothing changed.
 */
function successMessage(target: ImportTarget, tally: Tally): string {
  const total = tally.created + tally.updated + tally.unchanged;
  if (total === 0) return 'The file has no rows to import.';
  if (tally.created + tally.updated + tally.removed === 0) {
    return `Nothing changed: every row of the file is already saved as it is (${plural(total, target)}).`;
  }
  const unchanged = tally.unchanged > 0 ? `, ${number(tally.unchanged)} unchanged` : '';
  const removed = tally.removed > 0 ? `, ${number(tally.removed)} removed` : '';
  return `Imported ${plural(total, target)}: ${number(tally.created)} new, ${number(tally.updated)} updated${unchanged}${removed}.`;
}

/**
 * Records a successful import on its log (the counts and the changed items) and notifies the user who
 * started it, in the write transaction.
 */
async function finishSucceeded(
  tx: Tx,
  target: ImportTarget,
  log: LogRef,
  tally: Tally,
  rowsTotal: number,
): Promise<Written> {
  const { organizationId, id: importLogId } = log;
  const message = successMessage(target, tally);
  const { created, updated, unchanged } = tally;
  await tx
    .update(importLogs)
    .set({
      status: 'succeeded',
      rowsTotal,
      created,
      updated,
      unchanged,
      changes: tally.changes,
      errors: [],
      message,
      finishedAt: new Date(),
    })
    .where(eq(importLogs.id, importLogId));
  if (log.userId) {
    await notify(tx, {
      organizationId,
      userId: log.userId,
      status: NOTIFICATION_SUCCESS,
      description: message,
      url: target.url(importLogId),
    });
  }
  return { rowsTotal, created, updated, unchanged, message };
}

/** The component import's name from before customer imports (benchmarks and tests call it). */
export const runComponentImport = runImport;

function importLogIdOf(job: ClaimedJob): string {
  const id = job.payload.importLogId;
  if (typeof id !== 'string') throw new Error(`job ${job.id} has no importLogId`);
  return id;
}

/** The worker's handler for 'component-import' jobs (every import), over the app's targets. */
export function importJobHandler(targets: ImportTargets): JobHandler {
  return {
    async run(job, { database, log, progress }) {
      const importLogId = importLogIdOf(job);
      const outcome = await runImport(database, targets, job.organizationId, importLogId, progress);
      const result = {
        importLogId,
        rowsTotal: outcome.rowsTotal,
        created: outcome.created,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        errorCount: outcome.errors.length,
        timings: outcome.timings,
      };
      log.info({ jobId: job.id, ...result, status: outcome.status }, 'import finished');
      return { failed: outcome.status === 'failed', message: outcome.message, result };
    },

    async crashed(job, { database }, reason) {
      const importLogId = importLogIdOf(job);
      await database.withTenant(job.organizationId, async (tx) => {
        const [log] = await tx
          .select({
            id: importLogs.id,
            status: importLogs.status,
            userId: importLogs.userId,
            target: importLogs.target,
          })
          .from(importLogs)
          .where(and(eq(importLogs.organizationId, job.organizationId), eq(importLogs.id, importLogId)))
          .for('update');
        if (!log || FINAL.includes(log.status)) return;
        await finishFailed(
          tx,
          targets,
          { id: log.id, organizationId: job.organizationId, userId: log.userId, target: log.target },
          { errors: [], message: `${reason} Nothing was imported; upload the file again to retry.` },
        );
      });
    },
  };
}
