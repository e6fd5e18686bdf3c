/**
 * Imports of a spreadsheet (CSV or .xlsx) into one import target: a component kind, customers, customer
 * items, hose assemblies, warehouses, a stock take or exchange rates. An admin downloads a template, uploads
 * a file (answered with its columns, a suggested mapping and the first rows), starts the import with the
 * confirmed mapping (it runs as a background job), and reads its progress and every problem.
 */
import { z } from 'zod';
import { ADMIN, endpoint, fileResponse, multipartBody } from '../api/endpoint.ts';
import { idParam, isoDateTimeSchema, itemsPerPageParam, listResponse, pageParam } from '../api/schemas.ts';
import { COMPONENT_KINDS } from '../components/components.ts';

/**
 * Every import target by name, in the order messages list them. The server's target registry names exactly
 * these (imports.test.ts fails if they drift).
 */
export const IMPORT_TARGET_NAMES = [
  // The currencies module's manifest comes before the component library's in `app.ts`.
  'exchangeRate',
  ...COMPONENT_KINDS,
  'customer',
  'customerItem',
  'hoseAssembly',
  'warehouse',
  'stockCount',
  'priceList',
] as const;
export type ImportTargetName = (typeof IMPORT_TARGET_NAMES)[number];

/** The largest file an upload accepts. */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;

export const IMPORT_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportTemplateFormat = (typeof IMPORT_TEMPLATE_FORMATS)[number];

export const IMPORT_FIELD_TYPES = ['text', 'number', 'boolean', 'enum'] as const;
export type ImportFieldType = (typeof IMPORT_FIELD_TYPES)[number];

/** One field of a target's row contract as an import column. */
export const importFieldSchema = z.object({
  name: z.string(),
  type: z.enum(IMPORT_FIELD_TYPES),
  required: z.boolean(),
  /** The accepted values of an enum field (matched case-insensitively); only on enum fields. */
  options: z.array(z.string()).optional(),
});
export type ImportField = z.infer<typeof importFieldSchema>;

/** One problem in an import file. `row` counts like a spreadsheet (header = 1); `column` is the file's header. */
export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A cell of the preview's first rows, as read from the file (an empty cell is null). */
export const sampleCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type SampleCell = z.infer<typeof sampleCellSchema>;

/** What the upload answers: the stored file and a suggested mapping. */
export const importPreviewSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  /** The import target (one of IMPORT_TARGET_NAMES). */
  kind: z.string(),
  /** The file's header row, in file order. */
  columns: z.array(z.string()),
  /** File column -> suggested field, or null when nothing matched. */
  mapping: z.record(z.string(), z.string().nullable()),
  fields: z.array(importFieldSchema),
  /** The first 10 data rows, keyed by column. */
  sampleRows: z.array(z.record(z.string(), sampleCellSchema)),
  rowsTotal: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** What starting an import answers (202): the job that runs it. */
export const importStartedSchema = z.object({ importId: z.string(), jobId: z.string() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

/** The most changed rows an import log keeps (its counts stay true): the first ones, in file order. */
export const MAX_IMPORT_CHANGES = 1000;

/**
 * A value before or after an import, as it is shown: text (an amount with its decimals, yes or no), a
 * number, or null for an empty value.
 */
export const importChangeValueSchema = z.union([z.string(), z.number(), z.null()]);
export type ImportChangeValue = z.infer<typeof importChangeValueSchema>;

/** One field an import changed: a contract field name (a file column of the template). */
export const importFieldChangeSchema = z.object({
  field: z.string(),
  before: importChangeValueSchema,
  after: importChangeValueSchema,
});
export type ImportFieldChange = z.infer<typeof importFieldChangeSchema>;

/** What an import did to one item: made it, changed it, or (a price list's file replaces it) left it out. */
export const IMPORT_CHANGE_KINDS = ['created', 'updated', 'removed'] as const;
export type ImportChangeKind = (typeof IMPORT_CHANGE_KINDS)[number];

export const importRowChangeSchema = z.object({
  /** The file's row (header = 1); null for an item the file left out. */
  row: z.number().int().nullable(),
  change: z.enum(IMPORT_CHANGE_KINDS),
  /** The item as the shop knows it: 'ACME H-2AT-08', a customer's name. */
  item: z.string(),
  /** What an update changed, prices first; empty for an item created or removed. */
  fields: z.array(importFieldChangeSchema),
});
export type ImportRowChange = z.infer<typeof importRowChangeSchema>;

export const importSummarySchema = z.object({
  importId: z.string(),
  /** The import target; a stored log may name one this version no longer has. */
  kind: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** 0..100 */
  progress: z.number(),
  /** The background job that runs it (its `job:progress` socket events), once started. */
  jobId: z.string().nullable(),
  rowsTotal: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /**
   * Rows the file holds exactly as they were already saved (nothing was written for them). This and the
   * other fields that came with it (`upgradeUrl`, `changes`) read as none when an answer leaves them out.
   */
  unchanged: z.number().int().default(0),
  /**
   * Items the file removed by leaving them out (a price list's file replaces the list), as many as
   * `changes` lists (the message says how many in all).
   */
  removed: z.number().int().default(0),
  errorCount: z.number().int(),
  message: z.string(),
  /** Where the plan is upgraded, when the import failed because it would pass the plan's limit. */
  upgradeUrl: z.string().nullable().default(null),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
  startedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importDetailsSchema = importSummarySchema.extend({
  errors: z.array(importErrorSchema),
  /**
   * Every item created, updated or removed, in file order, at most MAX_IMPORT_CHANGES (`created` and
   * `updated` count them all); empty for an import that failed.
   */
  changes: z.array(importRowChangeSchema).default([]),
});
export type ImportDetails = z.infer<typeof importDetailsSchema>;

export const importListSchema = listResponse(importSummarySchema);
export type ImportList = z.infer<typeof importListSchema>;

export const importStartSchema = z.object({
  mapping: z.record(
    z.string(),
    z.string({ error: 'Map each column to a field name, or to null to leave it out' }).nullable(),
    { error: 'Send the mapping: each file column to a field name, or null to leave it out' },
  ),
});
export type ImportStart = z.infer<typeof importStartSchema>;

export const importListQuerySchema = z.object({
  page: pageParam,
  itemsPerPage: itemsPerPageParam(25, 100),
  /** Only imports of these targets: comma-separated, or the parameter repeated. */
  kinds: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      const kinds = [v ?? []]
        .flat()
        .flatMap((k) => k.split(','))
        .map((k) => k.trim())
        .filter(Boolean);
      return kinds.length > 0 ? kinds : undefined;
    })
    .meta({ description: 'Import targets, comma-separated (hose,customer); all by default' }),
});
export type ImportListQuery = z.infer<typeof importListQuerySchema>;

const TAG = 'Imports';
const BASE = '/api/v1/organization/imports';
const importParams = z.object({ importId: idParam('This import') });

/** The hose template's columns: the examples' file, and the columns the start example maps. */
const HOSE_COLUMNS = [
  'partNumber',
  'brand',
  'description',
  'productGroup',
  'supplier',
  'cost',
  'costUnit',
  'active',
  'series',
  'dash',
  'standard',
  'workingPressurePsi',
  'burstPressurePsi',
  'tempMinC',
  'tempMaxC',
  'minBendRadiusMm',
  'odMm',
  'skive',
] as const;
const HOSE_ROW =
  'EX-8,ACME,Hose EX-8,Hose,Prairie Supply,4.25,ft,yes,AC,-8,SAE 100R2AT,3500,14000,-40,100,180,19.4,no';
const HOSE_CSV_BASE64 = btoa(`${HOSE_COLUMNS.join(',')}\n${HOSE_ROW}\n`);

/** A target only some tiers may import (customer items) answers WRONG_TIER for the others. */
export const getImportTemplate = endpoint({
  name: 'getImportTemplate',
  method: 'GET',
  path: `${BASE}/template/:kind`,
  tag: TAG,
  summary: 'A template file for an import target: its columns and one example row that imports',
  access: ADMIN,
  params: z.object({ kind: z.enum(IMPORT_TARGET_NAMES, { error: 'This import template was not found' }) }),
  query: z.object({
    format: z.enum(IMPORT_TEMPLATE_FORMATS, { error: 'The format must be csv or xlsx' }).default('xlsx'),
  }),
  response: fileResponse(
    ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    'The template, as CSV (UTF-8 with a byte order mark) or .xlsx',
  ),
  errors: ['WRONG_TIER'],
  example: { params: { kind: 'hose' }, query: { format: 'csv' } },
});

/**
 * Stores the file as an import that has not started. `kind` may also be a component kind's slug or a
 * plural ('customers'); a target only some tiers may import answers WRONG_TIER for the others.
 */
export const uploadImport = endpoint({
  name: 'uploadImport',
  method: 'POST',
  path: BASE,
  tag: TAG,
  summary:
    'Upload a CSV or .xlsx file to import: answers its columns, a suggested mapping and the first rows',
  access: ADMIN,
  body: multipartBody({
    fields: z.object({
      kind: z
        .string()
        .optional()
        .meta({ description: `What the file holds: one of ${IMPORT_TARGET_NAMES.join(', ')}` }),
    }),
    fileField: 'file',
    maxFileBytes: MAX_IMPORT_FILE_BYTES,
    fileDescription: 'A CSV (UTF-8) or Excel .xlsx file whose first row names the columns',
    tooLargeAdvice: 'Split it into smaller files and import them one after the other.',
  }),
  response: importPreviewSchema,
  status: 201,
  errors: ['WRONG_TIER', 'PAYLOAD_TOO_LARGE'],
  example: {
    body: {
      fields: { kind: 'hose' },
      file: { fileName: 'hoses.csv', contentType: 'text/csv', base64: HOSE_CSV_BASE64 },
    },
  },
});

/** Checks the mapping and queues the import; it runs as a background job. */
export const startImport = endpoint({
  name: 'startImport',
  method: 'POST',
  path: `${BASE}/:importId/start`,
  tag: TAG,
  summary: 'Start an uploaded import with the confirmed mapping (each file column to a field, or null)',
  access: ADMIN,
  params: importParams,
  body: importStartSchema,
  response: importStartedSchema,
  status: 202,
  errors: ['CONFLICT', 'WRONG_TIER'],
  example: (ref) => ({
    params: { importId: ref('importId') },
    body: { mapping: Object.fromEntries(HOSE_COLUMNS.map((column) => [column, column])) },
  }),
});

export const getImport = endpoint({
  name: 'getImport',
  method: 'GET',
  path: `${BASE}/:importId`,
  tag: TAG,
  summary: 'An import: its status, progress, counts, what it changed and every problem',
  access: ADMIN,
  params: importParams,
  response: importDetailsSchema,
  example: (ref) => ({ params: { importId: ref('importId') } }),
});

export const listImports = endpoint({
  name: 'listImports',
  method: 'GET',
  path: BASE,
  tag: TAG,
  summary: "The organisation's imports (of some targets), newest first, without their problems",
  access: ADMIN,
  query: importListQuerySchema,
  response: importListSchema,
  example: { query: { page: 1, itemsPerPage: 25, kinds: 'hose,customer' } },
});

export const IMPORTS_ENDPOINTS = [getImportTemplate, uploadImport, startImport, getImport, listImports];
