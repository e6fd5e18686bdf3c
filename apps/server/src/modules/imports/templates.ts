/**
 * Import templates: a header row with the target's contract field names and one example row that passes
 * the importer, as CSV (UTF-8 with BOM, so Excel opens it correctly) or .xlsx.
 */
import type { ImportTemplateFormat } from '@hosewright/domain';
import writeXlsxFile from 'write-excel-file/node';
import { importFields } from './fields.ts';
import type { ImportTarget } from './targets.ts';

export const CONTENT_TYPES: Record<ImportTemplateFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function templateFileName(target: ImportTarget, format: ImportTemplateFormat): string {
  return `hosewright-${target.template.fileStem}-template.${format}`;
}

function csvCell(value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface Template {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export async function buildTemplate(target: ImportTarget, format: ImportTemplateFormat): Promise<Template> {
  const { template } = target;
  const columns = importFields(target).map((f) => f.name);
  const example = template.example;
  let body: Buffer;
  if (format === 'csv') {
    const lines = [columns.map(csvCell).join(','), columns.map((c) => csvCell(example[c])).join(',')];
    body = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  } else {
    body = await writeXlsxFile(
      [
        columns.map((c) => ({ value: c, fontWeight: 'bold' as const })),
        columns.map((c) => example[c] ?? null),
      ],
      { sheet: template.sheet, columns: columns.map(() => ({ width: 18 })) },
    ).toBuffer();
  }
  return { fileName: templateFileName(target, format), contentType: CONTENT_TYPES[format], body };
}
