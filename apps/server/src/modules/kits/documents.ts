/**
 * The kit PDF: a cover (the shop's logo, name, address, phone and email; title, customer, machine, date), the
 * bill of materials with quantities and prices (the customer's terms, each with the kit's currency) followed
 * by the shop's terms, and each assembly's drawing (the domain's SVG through svg-to-pdfkit; when an assembly
 * cannot be drawn, a line naming it and its lengths), lengths in the reader's units. pdfkit with its built-in
 * Helvetica.
 */
import {
  assemblyDrawingSvg,
  drawingModelOf,
  formatLength,
  type HoseKit,
  type HoseKitLine,
  LENGTH_MEASURED_TO_LABELS,
  minorDigits,
  type UnitSystem,
} from '@hosewright/domain';
import PDFDocument from 'pdfkit';
import type { Tx } from '../../db/client.ts';
import { drawSvg, type PdfFile, render, safeFile } from '../assemblies/documents.ts';
import { getAssembly } from '../assemblies/service.ts';
import { drawShopHeader, drawShopTerms, loadShop } from '../organization/shop.ts';
import { getKit } from './service.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
/**
 * '$1,234.50 USD', '€99.00 EUR', '¥1,235 JPY': in the currency's own decimals, with the ISO code, since '$'
 * alone is several currencies; the symbol only when the PDF's built-in Helvetica (Latin-1) can print it,
 * else '1,234.50 INR'.
 */
function money(n: number | null, currency: string): string {
  if (n === null) return '—';
  const digits = minorDigits(currency);
  const amount = n.toLocaleString('en-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  let symbol = '';
  try {
    const parts = new Intl.NumberFormat('en-CA', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(n);
    symbol = parts.find((p) => p.type === 'currency')?.value ?? '';
  } catch {
    symbol = '';
  }
  const printable = symbol && symbol !== currency && /^[\u0020-\u00ff€]+$/.test(symbol);
  return `${printable ? symbol : ''}${amount} ${currency}`;
}
const qty = (n: number) => n.toLocaleString('en-CA', { maximumFractionDigits: 3 });

const LINE_TYPE_LABELS: Record<HoseKitLine['lineType'], string> = {
  hoseAssembly: 'Hose assembly',
  component: 'Component',
  other: 'Other item',
};

export async function kitPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  now = new Date(),
  units: UnitSystem = 'metric',
): Promise<PdfFile> {
  const kit: HoseKit = await getKit(tx, organizationId, id);
  const mm = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatLength(n, units));
  const price = (n: number | null) => money(n, kit.currency);
  const shop = await loadShop(tx, organizationId);

  // Each assembly once, in BOM order, with what the drawing needs (read before drawing: one transaction).
  const assemblyIds = [...new Set(kit.lines.map((l) => l.hoseAssemblyId).filter((v): v is string => !!v))];
  const drawings: { title: string; description: string; svg: string | null; lengths: string }[] = [];
  for (const assemblyId of assemblyIds) {
    const line = kit.lines.find((l) => l.hoseAssemblyId === assemblyId);
    try {
      const assembly = await getAssembly(tx, organizationId, assemblyId);
      const { parts, computed, spec } = assembly;
      const lengths = `Overall length ${mm(computed.overallLengthMm)}, cut length ${mm(computed.cutLengthMm)}`;
      let svg: string | null = null;
      try {
        svg = assemblyDrawingSvg(
          drawingModelOf({
            title: assembly.title,
            parts,
            overallLengthMm: computed.overallLengthMm,
            cutLengthMm: computed.cutLengthMm,
            measuredBy: LENGTH_MEASURED_TO_LABELS[spec.lengthMeasuredTo]?.split(' (')[0]?.toLowerCase(),
            orientationDeg: spec.orientationDeg ?? null,
            orientationConvention: spec.orientationConvention === 'counterClockwise' ? 'ccw' : 'cw',
            units,
          }),
        );
      } catch {
        svg = null;
      }
      drawings.push({ title: assembly.title, description: assembly.description, svg, lengths });
    } catch {
      drawings.push({
        title: line?.partNumber || 'Hose assembly',
        description: line?.description ?? '',
        svg: null,
        lengths: `Overall length ${mm(line?.assembly?.overallLengthMm)}`,
      });
    }
  }

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: `Hose kit ${kit.title}`, Author: shop.name },
  });
  const data = await render(doc, () => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const bottom = () => doc.page.height - doc.page.margins.bottom;

    // Cover: who the kit is from, then what it is.
    const shopBottom = drawShopHeader(doc, shop, { x: left, y: 48, width: width / 2 });
    doc
      .fillColor('#000')
      .font('Helvetica')
      .fontSize(14)
      .text('Hose kit', left, Math.max(200, shopBottom + 40), { width });
    doc.font('Helvetica-Bold').fontSize(32).text(kit.title, { width });
    if (kit.description) doc.font('Helvetica').fontSize(14).text(kit.description, { width });
    doc.moveDown(1.5).fontSize(12);
    const facts: [string, string][] = [
      ['Customer', kit.customerName ?? '—'],
      ['Machine', kit.machine || '—'],
      ['Revision', `${kit.revision}${kit.released ? ' (released)' : ' (draft)'}`],
      ['Date', day(now)],
      ['Kit price', price(kit.totals.price)],
    ];
    for (const [k, v] of facts) {
      doc.font('Helvetica-Bold').text(`${k}: `, left, doc.y, { continued: true }).font('Helvetica').text(v);
      doc.moveDown(0.2);
    }

    // Bill of materials.
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(16).text(`Bill of materials: ${kit.title}`, left, 48, { width });
    doc.moveDown(0.5).font('Helvetica').fontSize(9);
    const columns = [
      { label: '#', width: 0.05, align: 'left' },
      { label: 'Part number', width: 0.2, align: 'left' },
      { label: 'Description', width: 0.35, align: 'left' },
      { label: 'Qty', width: 0.08, align: 'right' },
      { label: 'Unit price', width: 0.15, align: 'right' },
      { label: 'Extended', width: 0.17, align: 'right' },
    ] as const;
    const widths = columns.map((c) => c.width * width);
    const drawRow = (cells: string[], bold: boolean) => {
      if (doc.y > bottom() - 30) doc.addPage();
      const y = doc.y;
      let x = left;
      let low = y;
      cells.forEach((cell, i) => {
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .text(cell, x, y, { width: (widths[i] ?? 0) - 6, align: columns[i]?.align ?? 'left' });
        low = Math.max(low, doc.y);
        x += widths[i] ?? 0;
      });
      doc.y = low + 4;
    };
    drawRow(
      columns.map((c) => c.label),
      true,
    );
    kit.lines.forEach((line, i) => {
      drawRow(
        [
          String(i + 1),
          line.partNumber || LINE_TYPE_LABELS[line.lineType],
          line.description,
          `${qty(line.quantity)}${line.component && line.component.costUnit !== 'each' ? ` ${line.component.costUnit}` : ''}`,
          price(line.unitPrice),
          price(line.extendedPrice),
        ],
        false,
      );
    });
    if (!kit.lines.length) doc.text('This kit has no lines yet.', left, doc.y, { width });
    doc.moveDown(0.5);
    drawRow(['', '', 'Kit total', '', '', price(kit.totals.price)], true);
    if (kit.totals.linesWithoutCost) {
      doc
        .font('Helvetica')
        .text(
          `${kit.totals.linesWithoutCost} line(s) have no cost on file and are not in the total.`,
          left,
          doc.y,
          { width },
        );
    }
    if (kit.notes) doc.moveDown(0.5).font('Helvetica').text(kit.notes, left, doc.y, { width });
    // The kit is a quote for the customer's machine: the shop's terms (settings) go with its prices.
    drawShopTerms(doc, shop.terms, left, width);

    // Drawings: two to a page.
    drawings.forEach((drawing, i) => {
      if (i % 2 === 0) doc.addPage();
      const top = i % 2 === 0 ? 48 : 48 + (bottom() - 48) / 2;
      doc.font('Helvetica-Bold').fontSize(13).text(drawing.title, left, top, { width });
      doc.font('Helvetica').fontSize(9).text(drawing.description, { width });
      doc.text(drawing.lengths, { width });
      const y = doc.y + 6;
      if (drawing.svg) drawSvg(doc, drawing.svg, left, y, width, 230);
    });
  });
  return { fileName: `kit-${safeFile(kit.title)}.pdf`, data };
}
