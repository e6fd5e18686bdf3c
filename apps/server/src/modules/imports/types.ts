/**
 * What the import API answers. Kept here until the web app needs them; they can move to
 * `@hosewright/domain` unchanged.
 */

export type ImportFieldType = 'text' | 'number' | 'boolean' | 'enum';

/** One field of a kind's contract as an import column. */
export interface ImportField {
  name: string;
  type: ImportFieldType;
  required: boolean;
  /** The accepted values of an enum field (matched case-insensitively). */
  options?: string[];
}

/** One problem in an import file. `row` counts like a spreadsheet (header = 1); `column` is the file's header. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export type SampleCell = string | number | boolean | null;

/** `POST /api/v1/organization/imports`: the stored upload and a suggested mapping. */
export interface ImportPreview {
  importId: string;
  fileName: string;
  /** The import target: a component kind, 'customer' or 'customerItem'. */
  kind: string;
  /** The file's header row, in file order. */
  columns: string[];
  /** File column -> suggested field, or null when nothing matched. */
  mapping: Record<string, string | null>;
  fields: ImportField[];
  /** The first 10 data rows, keyed by column. */
  sampleRows: Record<string, SampleCell>[];
  rowsTotal: number;
}

/** `POST /api/v1/organization/imports/:importId/start` (202). */
export interface ImportStarted {
  importId: string;
  jobId: string;
}

export interface ImportSummary {
  importId: string;
  /** The import target: a component kind, 'customer' or 'customerItem'. */
  kind: string;
  fileName: string;
  status: ImportStatus;
  /** 0..100 */
  progress: number;
  /** The background job that runs it (its `job:progress` socket events), once started. */
  jobId: string | null;
  rowsTotal: number;
  created: number;
  updated: number;
  errorCount: number;
  message: string;
  createdAt: string;
  finishedAt: string | null;
  startedBy: { _id: string; name: string } | null;
}

/** `GET /api/v1/organization/imports/:importId`. */
export interface ImportDetails extends ImportSummary {
  errors: ImportError[];
}
