/**
 * Builders for import tests and benchmarks: hose rows, CSV and .xlsx files, a hand-built multipart body,
 * and helpers that upload, start and wait for an import through the API.
 */
import type { ComponentKind } from '@hosewright/domain';
import writeXlsxFile from 'write-excel-file/node';
import type { ImportDetails, ImportPreview } from '../src/modules/imports/types.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';

export type FileCell = string | number | boolean | null | undefined;
export type FileRow = FileCell[];

/** The hose contract's fields, as the hose template lists them. */
export const HOSE_FIELDS = [
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
export type HoseField = (typeof HOSE_FIELDS)[number];

/** A valid hose row as field -> cell; `overrides` win. */
export function hoseValues(
  partNumber: string,
  overrides: Partial<Record<HoseField, FileCell>> = {},
): Record<HoseField, FileCell> {
  return {
    partNumber,
    brand: 'ACME',
    description: `Hose ${partNumber}`,
    productGroup: 'Hose',
    supplier: 'Prairie Supply',
    cost: '4.25',
    costUnit: 'ft',
    active: 'yes',
    series: 'AC',
    dash: '-8',
    standard: 'SAE 100R2AT',
    workingPressurePsi: '3500',
    burstPressurePsi: '14000',
    tempMinC: '-40',
    tempMaxC: '100',
    minBendRadiusMm: '180',
    odMm: '19.4',
    skive: 'no',
    ...overrides,
  };
}

/** The cells of `values` in the order of `fields`. */
export function rowOf<F extends string>(fields: readonly F[], values: Partial<Record<F, FileCell>>): FileRow {
  return fields.map((f) => values[f]);
}

function csvCell(cell: FileCell, delimiter: string): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly FileRow[],
  options: { delimiter?: string; bom?: boolean; eol?: string } = {},
): Buffer {
  const delimiter = options.delimiter ?? ',';
  const eol = options.eol ?? '\n';
  const lines = [header, ...rows].map((r) => r.map((c) => csvCell(c, delimiter)).join(delimiter));
  return Buffer.from(`${options.bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}`, 'utf8');
}

export async function toXlsx(header: readonly string[], rows: readonly FileRow[]): Promise<Buffer> {
  return writeXlsxFile([
    [...header],
    ...rows.map((r) => r.map((c) => (c === undefined ? null : c))),
  ]).toBuffer();
}

/** `n` valid hose rows with distinct part numbers, as CSV (the benchmark's file). */
export function hoseCsv(n: number, prefix = 'BH'): Buffer {
  const lines = [HOSE_FIELDS.join(',')];
  const dashes = [-4, -6, -8, -10, -12, -16];
  for (let i = 0; i < n; i++) {
    const dash = dashes[i % dashes.length];
    lines.push(
      `${prefix}-${i},ACME,Bench hose ${i},Hose,Prairie Supply,${(1 + (i % 100) / 10).toFixed(2)},ft,yes,AC,${dash},SAE 100R2AT,${3000 + (i % 10) * 100},${12000 + (i % 10) * 400},-40,100,180,19.4,no`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** A multipart/form-data body with text fields and at most one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; name: string; content: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hosewright${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  t: TestApp,
  token: string,
  kind: string | undefined,
  file: { name: string; content: Buffer } | undefined,
) {
  const body = multipartBody(kind === undefined ? {} : { kind }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/imports',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

export function startImport(t: TestApp, token: string, importId: string, mapping: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/organization/imports/${importId}/start`,
    headers: bearer(token),
    payload: { mapping } as Record<string, unknown>,
  });
}

/** Polls the import until it has succeeded or failed. */
export async function waitForImport(
  t: TestApp,
  token: string,
  importId: string,
  timeoutMs = 60_000,
): Promise<ImportDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organization/imports/${importId}`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`import ${importId}: ${res.statusCode} ${res.body}`);
    const details = res.json() as ImportDetails;
    if (details.status === 'succeeded' || details.status === 'failed') return details;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${details.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Upload with the suggested mapping (plus `mapping` overrides), start, and wait for the outcome. */
export async function importFile(
  t: TestApp,
  token: string,
  kind: ComponentKind,
  file: { name: string; content: Buffer },
  mapping: Record<string, string | null> = {},
): Promise<{ preview: ImportPreview; details: ImportDetails }> {
  const res = await upload(t, token, kind, file);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  const preview = res.json() as ImportPreview;
  const started = await startImport(t, token, preview.importId, { ...preview.mapping, ...mapping });
  if (started.statusCode !== 202) throw new Error(`start: ${started.statusCode} ${started.body}`);
  return { preview, details: await waitForImport(t, token, preview.importId) };
}

/** For the cross-tenant fixtures (`importId`): an uploaded, not yet started import of one hose. */
export async function importFixture(t: TestApp, owner: TestTenant): Promise<string> {
  const file = toCsv(HOSE_FIELDS, [rowOf(HOSE_FIELDS, hoseValues(`X-${Date.now() % 100000}`))]);
  const res = await upload(t, owner.adminToken, 'hose', { name: 'fixture.csv', content: file });
  if (res.statusCode !== 201) throw new Error(`fixture importId: ${res.statusCode} ${res.body}`);
  return (res.json() as ImportPreview).importId;
}
