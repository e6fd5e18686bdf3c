/**
 * The documents of a sales estimate (the `downloadSalesEstimatePdf` and `downloadSalesEstimateXlsx`
 * contracts; ADR 21): the PDF a shop sends its customer and the same lines as an Excel workbook. Both are
 * made from the `Estimate` the API answers and show only what the customer is told: no cost, margin or
 * what priced a line. pdfkit with its built-in Helvetica like the other documents; each assembly line
 * carries the spec sheet's drawing (modules/assemblies/documents.ts).
 */
import {
  assemblyTitle,
  type Estimate,
  type EstimateLine,
  fromMinorUnits,
  isUnitSystem,
  minorDigits,
  type UnitSystem,
} from '@hosewright/domain';
import { and, eq, inArray } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import writeXlsxFile from 'write-excel-file/node';
import type { Tx } from '../../db/client.ts';
import { hoseAssemblies, organizationSettings } from '../../db/schema.ts';
import { assemblySvg, drawSvg, type PdfFile, render, safeFile } from '../assemblies/documents.ts';
import type { StoredSpec } from '../assemblies/service.ts';
import { drawShopHeader, drawShopTerms, type Shop } from '../organization/shop.ts';

type Doc = PDFKit.PDFDocument;

/** What the PDF draws under an assembly line: the spec sheet's drawing of the assembly. */
export interface AssemblyDrawing {
  /** Part number and revision, 'C-00012_B'. */
  title: string;
  svg: string;
}

// ---------------------------------------------------------------------------------------------------------
// What the documents need from the database
// ---------------------------------------------------------------------------------------------------------

/**
 * The drawing of each assembly the estimate's lines sell, by assembly id (an assembly line's `itemId`), in
 * `units` (left out: the organisation's units, else metric). Ids of other organisations are not found.
 */
export async function loadAssemblyDrawings(
  tx: Tx,
  organizationId: string,
  assemblyIds: readonly string[],
  units?: UnitSystem,
): Promise<Map<string, AssemblyDrawing>> {
  const drawings = new Map<string, AssemblyDrawing>();
  const ids = [...new Set(assemblyIds)];
  if (!ids.length) return drawings;
  const [settings] = await tx
    .select({
      delimiter: organizationSettings.revisionDelimiter,
      unitSystem: organizationSettings.unitSystem,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  const system = units ?? (isUnitSystem(settings?.unitSystem) ? settings.unitSystem : 'metric');
  const rows = await tx
    .select({
      id: hoseAssemblies.id,
      partNumber: hoseAssemblies.partNumber,
      revision: hoseAssemblies.revision,
      spec: hoseAssemblies.spec,
    })
    .from(hoseAssemblies)
    .where(and(eq(hoseAssemblies.organizationId, organizationId), inArray(hoseAssemblies.id, ids)));
  for (const row of rows) {
    const spec = row.spec as StoredSpec;
    const title = assemblyTitle(row.partNumber, row.revision, settings?.delimiter ?? '_');
    const svg = assemblySvg({ title, parts: spec.parts, computed: spec.computed, spec: spec.input }, system);
    drawings.set(row.id, { title, svg });
  }
  return drawings;
}

// ---------------------------------------------------------------------------------------------------------
// Figures as the customer reads them
// ---------------------------------------------------------------------------------------------------------

/** '$1,234.50' in the currency's own decimals (¥1,235 for JPY); the code is printed with the total. */
export function formatEstimateMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const amount = fromMinorUnits(minor, currency);
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

const quantityFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });
const rateFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

/** 'GST 5%', 'QST 9.975%'. */
const taxLabel = (tax: { name: string; ratePct: number }) => `${tax.name} ${rateFormat.format(tax.ratePct)}%`;

/** 'SE-00012', 'SE-00012 rev 2'. */
const estimateTitle = (estimate: Estimate) =>
  estimate.revision > 1 ? `${estimate.number} rev ${estimate.revision}` : estimate.number;

const fileStem = (estimate: Estimate) =>
  safeFile(`estimate-${estimate.number}${estimate.revision > 1 ? `-rev${estimate.revision}` : ''}`);

/** The totals block, in order: subtotal, minimum charge (only when it applies), each tax, total. */
function totalRows(estimate: Estimate): { label: string; amount: number; bold?: boolean }[] {
  return [
    { label: 'Subtotal', amount: estimate.subtotal },
    ...(estimate.minimumChargeAdjustment !== 0
      ? [{ label: 'Minimum charge adjustment', amount: estimate.minimumChargeAdjustment }]
      : []),
    ...estimate.taxes.map((tax) => ({ label: taxLabel(tax), amount: tax.amount })),
    { label: `Total ${estimate.currency}`, amount: estimate.total, bold: true },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The PDF
// ---------------------------------------------------------------------------------------------------------

interface Column {
  label: string;
  /** Share of the text width. */
  width: number;
  align?: 'left' | 'right';
}

const COLUMNS: readonly Column[] = [
  { label: '#', width: 0.05 },
  { label: 'Part number', width: 0.19 },
  { label: 'Description', width: 0.36 },
  { label: 'Quantity', width: 0.1, align: 'right' },
  { label: 'Unit price', width: 0.15, align: 'right' },
  { label: 'Line total', width: 0.15, align: 'right' },
];
/** The height of an assembly's drawing under its line. */
const DRAWING_HEIGHT = 110;

function pageBox(doc: Doc) {
  const left = doc.page.margins.left;
  return {
    left,
    width: doc.page.width - left - doc.page.margins.right,
    bottom: doc.page.height - doc.page.margins.bottom,
  };
}

/** Starts a new page when less than `height` points are left on this one. */
function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= pageBox(doc).bottom) return false;
  doc.addPage();
  return true;
}

/** The shop at the left (logo, name, address, phone, email), the estimate's number and dates at the right. */
function drawHeader(doc: Doc, estimate: Estimate, shop: Shop): void {
  const { left, width } = pageBox(doc);
  const top = doc.page.margins.top;
  const half = width / 2;
  const shopBottom = drawShopHeader(doc, shop, { x: left, y: top, width: half });

  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(`Estimate ${estimateTitle(estimate)}`, left + half, top, { width: half, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Date ${estimate.estimateDate}`, left + half, doc.y + 2, { width: half, align: 'right' });
  if (estimate.validUntil) {
    doc.text(`Valid until ${estimate.validUntil}`, left + half, doc.y, { width: half, align: 'right' });
  }
  doc.y = Math.max(shopBottom, doc.y) + 14;

  doc.font('Helvetica-Bold').fontSize(9).fillColor('#555').text('PREPARED FOR', left, doc.y, { width });
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(estimate.customer?.name ?? '—', { width });
  doc.font('Helvetica').fontSize(9);
  const contact = estimate.contact;
  if (contact) {
    const reach = [contact.email, contact.phone].filter(Boolean).join(' · ');
    doc.text(reach ? `${contact.name} · ${reach}` : contact.name, { width });
  }
  if (estimate.description) {
    doc.moveDown(0.4).font('Helvetica-Bold').text('Re: ', { width, continued: true });
    doc.font('Helvetica').text(estimate.description);
  }
  doc.moveDown(0.8);
}

/** The lines: rows move to the next page (with the header row again), each assembly with its drawing. */
function drawLines(doc: Doc, estimate: Estimate, drawings: ReadonlyMap<string, AssemblyDrawing>): void {
  const { left, width } = pageBox(doc);
  const widths = COLUMNS.map((c) => c.width * width);
  const fontOf = (bold: boolean) => (bold ? 'Helvetica-Bold' : 'Helvetica');
  const heightOf = (cells: readonly string[], bold: boolean) =>
    Math.max(
      12,
      ...cells.map((cell, i) =>
        doc.font(fontOf(bold)).heightOfString(cell || ' ', { width: (widths[i] ?? 0) - 6 }),
      ),
    );
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      doc.font(fontOf(bold)).text(cell, x, y, { width: w - 6, align: COLUMNS[i]?.align ?? 'left' });
      x += w;
    });
    doc.y = y + heightOf(cells, bold) + 3;
  };
  const drawHeaderRow = () => {
    drawRow(
      COLUMNS.map((c) => c.label),
      true,
    );
    doc
      .save()
      .lineWidth(0.6)
      .moveTo(left, doc.y - 1)
      .lineTo(left + width, doc.y - 1)
      .stroke()
      .restore();
    doc.y += 3;
  };

  const header = COLUMNS.map((c) => c.label);
  doc.fontSize(9);
  ensureRoom(doc, heightOf(header, true) + 30);
  drawHeaderRow();
  estimate.lines.forEach((line, i) => {
    const cells = lineCells(line, i, estimate.currency);
    const drawing = line.type === 'assembly' && line.itemId ? drawings.get(line.itemId) : undefined;
    const height = heightOf(cells, false) + 3 + (drawing ? DRAWING_HEIGHT + 6 : 0);
    if (ensureRoom(doc, height)) drawHeaderRow();
    doc.fontSize(9);
    drawRow(cells, false);
    if (drawing) {
      const x = left + (widths[0] ?? 0);
      drawSvg(
        doc,
        drawing.svg,
        x,
        doc.y,
        (widths[1] ?? 0) + (widths[2] ?? 0) + (widths[3] ?? 0),
        DRAWING_HEIGHT,
      );
      doc.y += DRAWING_HEIGHT + 6;
    }
  });
  doc
    .save()
    .lineWidth(0.6)
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke()
    .restore();
  doc.x = left;
}

function lineCells(line: EstimateLine, index: number, currency: string): string[] {
  return [
    String(index + 1),
    line.partNumber,
    line.description,
    quantityFormat.format(line.quantity),
    line.unitPrice === null ? '—' : formatEstimateMoney(line.unitPrice, currency),
    formatEstimateMoney(line.lineTotal, currency),
  ];
}

/** Subtotal, minimum charge, taxes and total, right-aligned under the line totals. */
function drawTotals(doc: Doc, estimate: Estimate): void {
  const { left, width } = pageBox(doc);
  const rows = totalRows(estimate);
  const amountWidth = 0.15 * width;
  const labelWidth = 0.3 * width;
  const x = left + width - amountWidth - labelWidth;
  doc.moveDown(0.5);
  ensureRoom(doc, rows.length * 16 + 10);
  for (const row of rows) {
    const y = doc.y;
    doc
      .font(row.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(row.bold ? 11 : 9)
      .text(row.label, x, y, { width: labelWidth - 6, align: 'right' });
    doc.text(formatEstimateMoney(row.amount, estimate.currency), x + labelWidth, y, {
      width: amountWidth - 6,
      align: 'right',
    });
    doc.y = Math.max(doc.y, y + 12) + 2;
  }
  doc.x = left;
}

/** 'SE-00012 · Page 1 of 3' at the foot of every page. */
function drawPageNumbers(doc: Doc, estimate: Estimate): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { left, width } = pageBox(doc);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555')
      .text(
        `${estimateTitle(estimate)} · Page ${i - start + 1} of ${count}`,
        left,
        doc.page.height - bottomMargin + 14,
        { width, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = bottomMargin;
  }
  doc.fillColor('#000');
}

/**
 * The estimate to send: the shop's logo, address, phone and email; the number (and revision), date, validity,
 * customer and contact; the lines with each assembly's drawing; subtotal, minimum charge, taxes and total;
 * the terms. `drawings` by assembly id (`loadAssemblyDrawings`); an assembly without one is listed alone.
 */
export async function estimatePdf(
  estimate: Estimate,
  shop: Shop,
  drawings: ReadonlyMap<string, AssemblyDrawing> = new Map(),
): Promise<PdfFile> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    bufferPages: true,
    info: { Title: `Estimate ${estimateTitle(estimate)}`, Author: shop.name },
  });
  const data = await render(doc, () => {
    drawHeader(doc, estimate, shop);
    drawLines(doc, estimate, drawings);
    drawTotals(doc, estimate);
    const { left, width } = pageBox(doc);
    drawShopTerms(doc, estimate.terms, left, width);
    drawPageNumbers(doc, estimate);
  });
  return { fileName: `${fileStem(estimate)}.pdf`, data };
}

// ---------------------------------------------------------------------------------------------------------
// The workbook
// ---------------------------------------------------------------------------------------------------------

/** Excel's number format for amounts in the currency's decimals: '#,##0.00', '#,##0' for JPY. */
function moneyFormat(currency: string): string {
  const digits = minorDigits(currency);
  return digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
}

/**
 * Sheet 'Estimate': the number, dates, customer and currency, then one row per line with the PDF's
 * columns (quantities and amounts as numbers in the currency's decimals), then the subtotal, minimum charge,
 * taxes and total.
 */
export async function estimateXlsx(
  estimate: Estimate,
  shop: Shop,
): Promise<{ fileName: string; data: Buffer }> {
  const format = moneyFormat(estimate.currency);
  const money = (minor: number | null, bold = false) =>
    minor === null
      ? null
      : {
          value: fromMinorUnits(minor, estimate.currency),
          type: Number,
          format,
          ...(bold ? { fontWeight: 'bold' as const } : {}),
        };
  const label = (value: string) => ({ value, fontWeight: 'bold' as const });
  const fact = (name: string, value: string) => [label(name), value];
  const contact = estimate.contact;
  const rows = [
    [{ value: `Estimate ${estimateTitle(estimate)}`, fontWeight: 'bold' as const, fontSize: 14 }],
    fact('From', shop.name),
    fact('Number', estimate.number),
    ...(estimate.revision > 1 ? [[label('Revision'), { value: estimate.revision, type: Number }]] : []),
    fact('Date', estimate.estimateDate),
    fact('Valid until', estimate.validUntil ?? ''),
    fact('Customer', estimate.customer?.name ?? ''),
    ...(contact
      ? [fact('Contact', [contact.name, contact.email, contact.phone].filter(Boolean).join(', '))]
      : []),
    ...(estimate.description ? [fact('Description', estimate.description)] : []),
    fact('Currency', estimate.currency),
    [],
    COLUMNS.map((c) => ({ ...label(c.label), align: c.align ?? ('left' as const) })),
    ...estimate.lines.map((line, i) => [
      { value: i + 1, type: Number },
      line.partNumber,
      { value: line.description, wrap: true },
      { value: line.quantity, type: Number },
      money(line.unitPrice),
      money(line.lineTotal),
    ]),
    [],
    ...totalRows(estimate).map((row) => [
      null,
      null,
      null,
      null,
      { ...label(row.label), align: 'right' as const },
      money(row.amount, row.bold),
    ]),
  ];
  const data = await writeXlsxFile(rows, {
    sheet: 'Estimate',
    columns: [{ width: 12 }, { width: 22 }, { width: 50 }, { width: 10 }, { width: 26 }, { width: 14 }],
  }).toBuffer();
  return { fileName: `${fileStem(estimate)}.xlsx`, data };
}
