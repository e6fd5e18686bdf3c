import { describe, expect, test } from 'vitest';
import { importDetailsSchema, importSummarySchema } from './imports.ts';

const summary = {
  importId: 'imp-1',
  kind: 'hose',
  fileName: 'hoses.csv',
  status: 'succeeded',
  progress: 100,
  jobId: null,
  rowsTotal: 2,
  created: 1,
  updated: 1,
  errorCount: 0,
  message: 'Imported 2 hoses: 1 new, 1 updated.',
  createdAt: '2026-05-01T12:00:00.000Z',
  finishedAt: '2026-05-01T12:01:00.000Z',
  startedBy: null,
};

describe('an import log as the API answers it', () => {
  test('what a re-import changed: each row with its fields, an item left out of a list without a row', () => {
    const details = importDetailsSchema.parse({
      ...summary,
      unchanged: 3,
      upgradeUrl: null,
      errors: [],
      changes: [
        { row: 2, change: 'created', item: 'ACME H-1', fields: [] },
        {
          row: 3,
          change: 'updated',
          item: 'ACME H-2',
          fields: [
            { field: 'cost', before: '10.00', after: '12.50' },
            { field: 'odMm', before: 19.4, after: null },
          ],
        },
        { row: null, change: 'removed', item: 'H-3 in Fleet', fields: [] },
      ],
    });
    expect(details.changes.map((c) => [c.row, c.change])).toEqual([
      [2, 'created'],
      [3, 'updated'],
      [null, 'removed'],
    ]);
    const bad = importDetailsSchema.safeParse({
      ...details,
      changes: [{ row: 2, change: 'renamed', item: 'ACME H-1', fields: [] }],
    });
    expect(bad.success).toBe(false);
  });

  test('an answer without the counts of what stayed the same reads as nothing unchanged, no upgrade', () => {
    expect(importSummarySchema.parse(summary)).toMatchObject({ unchanged: 0, removed: 0, upgradeUrl: null });
    expect(importDetailsSchema.parse({ ...summary, errors: [] }).changes).toEqual([]);
  });
});
