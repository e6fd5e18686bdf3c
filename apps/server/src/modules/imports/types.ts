/** What the import API answers: the contracts' schemas in `@hosewright/domain` (imports/imports.ts). */
export {
  IMPORT_STATUSES,
  type ImportDetails,
  type ImportError,
  type ImportField,
  type ImportFieldType,
  type ImportPreview,
  type ImportStarted,
  type ImportStatus,
  type ImportSummary,
  type SampleCell,
} from '@hosewright/domain';
