/**
 * The assembly's documents: a tag for a 4 × 2 inch label with the QR code of the unit's
 * public page, and a spec sheet (the shop, drawing, bill of materials, pressures, lengths, safety
 * confirmations, crimp specs, customer); both say SKIVE THE HOSE when it must be skived.
 * pdfkit with its built-in Helvetica; the drawing is the domain's SVG rendered by svg-to-pdfkit.
 */
import { createRequire } from 'node:module';
import {
  AppErrorCode,
  type AssemblyPartSummary,
  assemblyDrawingSvg,
  drawingModelOf,
  formatLength,
  formatPressure,
  type HoseAssembly,
  LENGTH_MEASURED_TO_LABELS,
  serialPath,
  type UnitSystem,
} from '@hosewright/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Tx } from '../../db/client.ts';
import { crimpSpecs, hoseAssemblySerials, organizations } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { dayOf } from '../../lib/today.ts';
import { drawShopHeader, loadShop } from '../organization/shop.ts';
import { findRow, getAssembly, SERIAL_NOT_FOUND } from './service.ts';

type SvgToPdf = (doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: object) => void;
const SVGtoPDF = createRequire(import.meta.url)('svg-to-pdfkit') as SvgToPdf;

/** A 4 × 2 inch label (101.6 × 50.8 mm), in PDF points. */
export const TAG_SIZE: [number, number] = [288, 144];

/** What the tag's QR code encodes: the unit's public page. */
export function tagQrPayload(publicUrl: string, serialId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${serialPath(serialId)}`;
}

export interface PdfFile {
  fileName: string;
  data: Buffer;
}

/** The QR code a tag carries (`tagQrPayload`), as a PNG. */
export function tagQrCode(publicUrl: string, serialId: string): Promise<Buffer> {
  return QRCode.toBuffer(tagQrPayload(publicUrl, serialId), {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 300,
  });
}

/** What one tag says, in the reader's units already. */
export interface TagFace {
  qr: Buffer;
  serialId: string;
  title: string;
  description: string;
  /** 'WP 4,000 psi' and 'Length 1,000 mm'; null when not known. */
  workingPressure: string | null;
  length: string | null;
  /** The hose must be skived: the tag says SKIVE THE HOSE in white on black under the pressure. */
  skive?: boolean;
  built: string;
  shop: string;
}

/** What a tag and a spec sheet say when the hose must be skived, so that nobody crimps it unskived. */
export const SKIVE_NOTICE = 'SKIVE THE HOSE';

/**
 * One 4 × 2 inch tag on the current page: the QR code with the serial under it, then the assembly's title,
 * description, working pressure, SKIVE THE HOSE when it must be skived, length, build date, serial and the
 * shop.
 */
export function drawTag(doc: PDFKit.PDFDocument, tag: TagFace): void {
  const pad = 8;
  const qrSize = TAG_SIZE[1] - 2 * pad - 14;
  doc.image(tag.qr, pad, pad, { width: qrSize, height: qrSize });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(tag.serialId, pad, pad + qrSize + 2, { width: qrSize, align: 'center', characterSpacing: 1 });
  const x = pad + qrSize + 8;
  const width = TAG_SIZE[0] - x - pad;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(tag.title, x, pad, { width, lineBreak: false, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(tag.description, x, doc.y + 2, { width, height: 26, ellipsis: true });
  doc.moveDown(0.3);
  if (tag.workingPressure)
    doc.font('Helvetica-Bold').fontSize(10).text(tag.workingPressure, x, doc.y, { width });
  if (tag.skive) {
    // White on black: seen at a glance at the crimper, and it survives a monochrome label printer.
    doc.font('Helvetica-Bold').fontSize(9);
    const y = doc.y + 1;
    doc.rect(x, y, Math.min(width, doc.widthOfString(SKIVE_NOTICE) + 8), 12).fill('#000');
    doc.fillColor('#fff').text(SKIVE_NOTICE, x + 4, y + 2, { lineBreak: false });
    doc.fillColor('#000');
    doc.y = y + 13;
  }
  doc.font('Helvetica').fontSize(8);
  if (tag.length) doc.text(tag.length, x, doc.y + 1, { width });
  doc
    .text(`Built ${tag.built}`, x, doc.y + 1, { width })
    .text(`Serial ${tag.serialId}`, x, doc.y + 1, { width });
  doc.fontSize(7).text(tag.shop, x, TAG_SIZE[1] - pad - 9, { width, lineBreak: false, ellipsis: true });
}

/** The PDF `draw` makes, as bytes (the work order's documents use it too). */
export function render(doc: PDFKit.PDFDocument, draw: () => void | Promise<void>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve(draw())
      .then(() => doc.end())
      .catch(reject);
  });
}

/** Lengths and pressures in the reader's units: '1,000 mm' and '276 bar', or '39-3/8 in' and '4,000 psi'. */
export function unitWriters(units: UnitSystem) {
  return {
    psi: (n: number) => formatPressure(n, units),
    mm: (n: number) => formatLength(n, units),
    /** Crimp diameters keep their precision: '24.65 mm', '0.970 in'. */
    diameter: (n: number) => formatLength(n, units, { inchDecimals: 3, mmDecimals: 2 }),
  };
}
export const safeFile = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');

/** The serial to print: the one asked for (it must be a unit of this revision), else the newest. */
async function serialFor(tx: Tx, organizationId: string, assemblyId: string, serialId: string | undefined) {
  const [serial] = await tx
    .select()
    .from(hoseAssemblySerials)
    .where(
      and(
        eq(hoseAssemblySerials.organizationId, organizationId),
        eq(hoseAssemblySerials.hoseAssemblyId, assemblyId),
        serialId ? eq(hoseAssemblySerials.serialId, serialId) : undefined,
      ),
    )
    .orderBy(desc(hoseAssemblySerials.builtAt))
    .limit(1);
  if (!serial && serialId) throw new AppError(AppErrorCode.NotFound, SERIAL_NOT_FOUND);
  return serial ?? null;
}

export async function organizationName(tx: Tx, organizationId: string): Promise<string> {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.name ?? '';
}

/** The tag of one built unit: QR code, serial, part number, working pressure, build date. */
export async function tagPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { serialId?: string | undefined; publicUrl: string; units?: UnitSystem },
): Promise<PdfFile> {
  const { psi, mm } = unitWriters(options.units ?? 'metric');
  const row = await findRow(tx, organizationId, id);
  const serial = await serialFor(tx, organizationId, row.id, options.serialId);
  if (!serial) {
    throw new AppError(
      AppErrorCode.BadRequest,
      'This assembly has no serial number yet. Build a unit (make a serial) to print its tag.',
    );
  }
  const assembly = await getAssembly(tx, organizationId, id);
  const shop = await organizationName(tx, organizationId);
  const payload = tagQrPayload(options.publicUrl, serial.serialId);
  const qr = await tagQrCode(options.publicUrl, serial.serialId);
  const doc = new PDFDocument({
    size: TAG_SIZE,
    margin: 0,
    // The subject repeats what the QR code encodes, for whoever checks a tag file.
    info: { Title: `Tag ${serial.serialId} ${assembly.title}`, Author: shop, Subject: payload },
  });
  const data = await render(doc, () =>
    drawTag(doc, {
      qr,
      serialId: serial.serialId,
      title: assembly.title,
      description: assembly.description,
      workingPressure: `WP ${psi(assembly.computed.maxWorkingPressurePsi)}`,
      length: `Length ${mm(assembly.computed.overallLengthMm)}`,
      skive: assembly.parts.hose.skive === true,
      built: dayOf(serial.builtAt),
      shop,
    }),
  );
  return { fileName: `tag-${safeFile(assembly.title)}-${serial.serialId}.pdf`, data };
}

/** The assembly's drawing (ends, lengths, orientation) as an SVG: the spec sheet's, and the estimate's. */
export function assemblySvg(
  assembly: Pick<HoseAssembly, 'title' | 'parts' | 'computed' | 'spec'>,
  units: UnitSystem,
): string {
  const { parts, computed, spec: input } = assembly;
  return assemblyDrawingSvg(
    drawingModelOf({
      title: assembly.title,
      parts,
      overallLengthMm: computed.overallLengthMm,
      cutLengthMm: computed.cutLengthMm,
      measuredBy: LENGTH_MEASURED_TO_LABELS[input.lengthMeasuredTo].split(' (')[0]?.toLowerCase(),
      orientationDeg: input.orientationDeg ?? null,
      orientationConvention: input.orientationConvention === 'counterClockwise' ? 'ccw' : 'cw',
      units,
    }),
  );
}

/** An SVG fitted into a box of the page; an empty frame when svg-to-pdfkit cannot draw it. */
export function drawSvg(
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  try {
    SVGtoPDF(doc, svg, x, y, { width, height, preserveAspectRatio: 'xMidYMid meet' });
  } catch {
    doc.rect(x, y, width, height).stroke();
  }
}

function partLine(role: string, part: AssemblyPartSummary | null, quantity: string): string[] | null {
  if (!part) return null;
  return [role, part.partNumber, part.brand, part.description, quantity];
}

/**
 * The spec sheet: the shop (logo, name, address, phone, email, so whoever holds the hose can reach it),
 * SKIVE THE HOSE when it must be skived, drawing, bill of materials, pressures, lengths, the safety findings
 * confirmed with their reasons (ADR 22), crimp specs of each end, customer. No prices: it goes to the
 * customer's machine with the assembly.
 */
export async function specSheetPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { serialId?: string | undefined; publicUrl: string; units?: UnitSystem },
): Promise<PdfFile> {
  const units = options.units ?? 'metric';
  const { psi, mm, diameter } = unitWriters(units);
  const assembly = await getAssembly(tx, organizationId, id);
  const serial = options.serialId ? await serialFor(tx, organizationId, id, options.serialId) : null;
  const shop = await loadShop(tx, organizationId);
  const row = await findRow(tx, organizationId, id);
  const { parts, computed, spec: input } = assembly;
  const fittingSeries = [
    ...new Set([parts.endA.fitting.series, parts.endB.fitting.series].filter((s): s is string => !!s)),
  ];
  const crimps = row.hoseId
    ? await tx
        .select()
        .from(crimpSpecs)
        .where(
          and(
            eq(crimpSpecs.organizationId, organizationId),
            eq(crimpSpecs.hoseId, row.hoseId),
            fittingSeries.length ? inArray(crimpSpecs.fittingSeries, fittingSeries) : sql`false`,
          ),
        )
        .orderBy(desc(crimpSpecs.revision))
    : [];
  const svg = assemblySvg(assembly, units);

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: `Spec sheet ${assembly.title}`, Author: shop.name },
  });
  const data = await render(doc, () => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    // The assembly at the left, the shop it comes from at the right.
    const top = doc.page.margins.top;
    const shopWidth = width * 0.4;
    const shopBottom = drawShopHeader(doc, shop, {
      x: left + width - shopWidth,
      y: top,
      width: shopWidth,
      align: 'right',
      logo: [120, 42],
    });
    const titleWidth = width - shopWidth - 12;
    doc
      .fillColor('#000')
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(assembly.title, left, top, { width: titleWidth });
    doc.font('Helvetica').fontSize(11).text(assembly.description, left, doc.y, { width: titleWidth });
    doc.moveDown(0.4).fontSize(9);
    const facts: [string, string][] = [
      ['Customer', assembly.customerName ?? '—'],
      ['Revision', `${assembly.revision} of ${dayOf(new Date(assembly.createdAt))}`],
    ];
    if (serial) facts.push(['Serial', `${serial.serialId}, built ${dayOf(serial.builtAt)}`]);
    for (const [k, v] of facts)
      doc
        .font('Helvetica-Bold')
        .text(`${k}: `, left, doc.y, { width: titleWidth, continued: true })
        .font('Helvetica')
        .text(v);
    doc.y = Math.max(doc.y, shopBottom);
    if (parts.hose.skive) {
      // Before the drawing, where whoever crimps it looks first: white on black, full width.
      doc.moveDown(0.5);
      const y = doc.y;
      const notice = `${SKIVE_NOTICE}: cut back the cover of ${parts.hose.partNumber} where each ferrule grips, before crimping.`;
      doc.font('Helvetica-Bold').fontSize(11);
      const height = doc.heightOfString(notice, { width: width - 16 }) + 12;
      doc.rect(left, y, width, height).fill('#000');
      doc.fillColor('#fff').text(notice, left + 8, y + 6, { width: width - 16 });
      doc.fillColor('#000');
      doc.y = y + height;
    }

    // The drawing: 760 × ~300 viewBox units scaled to the page width.
    doc.moveDown(0.5);
    const drawingTop = doc.y;
    drawSvg(doc, svg, left, drawingTop, width, 220);
    doc.y = drawingTop + 230;

    const heading = (text: string) => {
      doc
        .moveDown(0.6)
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor('#000')
        .text(text, left, doc.y, { width });
      doc.moveDown(0.2).font('Helvetica').fontSize(9);
    };
    const table = (columns: { label: string; width: number }[], rows: string[][]) => {
      const widths = columns.map((c) => c.width * width);
      const drawRow = (cells: string[], bold: boolean) => {
        const y = doc.y;
        let x = left;
        let bottom = y;
        cells.forEach((cell, i) => {
          doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(cell, x, y, { width: (widths[i] ?? 0) - 6 });
          bottom = Math.max(bottom, doc.y);
          x += widths[i] ?? 0;
        });
        doc.y = bottom + 3;
      };
      drawRow(
        columns.map((c) => c.label),
        true,
      );
      for (const r of rows) drawRow(r, false);
    };

    heading('Bill of materials');
    const bom = [
      partLine('Hose', parts.hose, mm(computed.cutLengthMm)),
      partLine('End A fitting', parts.endA.fitting, '1'),
      partLine('End A ferrule', parts.endA.ferrule, '1'),
      partLine('End A adaptor', parts.endA.adaptor, '1'),
      partLine('End B fitting', parts.endB.fitting, '1'),
      partLine('End B ferrule', parts.endB.ferrule, '1'),
      partLine('End B adaptor', parts.endB.adaptor, '1'),
      partLine('Wrap', parts.wrap, parts.wrap ? mm(parts.wrap.lengthMm) : ''),
    ].filter((r): r is string[] => r !== null);
    table(
      [
        { label: 'Part', width: 0.16 },
        { label: 'Part number', width: 0.2 },
        { label: 'Brand', width: 0.1 },
        { label: 'Description', width: 0.4 },
        { label: 'Quantity', width: 0.14 },
      ],
      bom,
    );

    heading('Pressure and lengths');
    const limiting = computed.pressureLimitedBy;
    const lines = [
      `Maximum working pressure: ${psi(computed.maxWorkingPressurePsi)} (set by ${limiting.partNumber})`,
      `Overall length: ${mm(computed.overallLengthMm)}, measured to the ${LENGTH_MEASURED_TO_LABELS[input.lengthMeasuredTo].split(' (')[0]?.toLowerCase()}`,
      `Cut length: ${mm(computed.cutLengthMm)}`,
    ];
    if (input.orientationDeg !== undefined && computed.orientationToleranceDeg !== null) {
      const direction =
        input.orientationConvention === 'counterClockwise' ? 'counter-clockwise' : 'clockwise';
      lines.push(
        `Orientation: ${input.orientationDeg}° ${direction} ±${computed.orientationToleranceDeg}°, viewed with the far fitting at 12 o'clock`,
      );
    }
    if (input.application) {
      const a = input.application;
      const bits = [
        a.workingPressurePsi !== undefined ? psi(a.workingPressurePsi) : null,
        a.tempC !== undefined ? `${a.tempC} °C` : null,
        a.bendRadiusMm !== undefined ? `bend radius ${mm(a.bendRadiusMm)}` : null,
        a.media || null,
      ].filter(Boolean);
      if (bits.length) lines.push(`Application: ${bits.join(', ')}`);
    }
    for (const l of lines) doc.text(l, left, doc.y, { width });

    // Safety findings a person accepted, each with the reason they gave (ADR 22).
    const confirmed = (computed.findings ?? []).filter((f) => f.reason !== null);
    if (confirmed.length) {
      heading('Safety confirmations');
      for (const f of confirmed) {
        doc
          .font('Helvetica-Bold')
          .text(`• ${f.message}. `, left, doc.y, { width, continued: true })
          .font('Helvetica')
          .text(`Reason: ${f.reason}`);
      }
      const by = assembly.createdByName ? ` by ${assembly.createdByName}` : '';
      doc.text(
        `Confirmed${by} when saving revision ${assembly.revision} on ${dayOf(new Date(assembly.createdAt))}.`,
        left,
        doc.y,
        { width },
      );
    }

    heading('Crimp specifications');
    const crimpRows = (['endA', 'endB'] as const).map((key) => {
      const fitting = parts[key].fitting;
      const found = crimps.find(
        (c) => c.fittingSeries.toLowerCase() === (fitting.series ?? '').toLowerCase(),
      );
      const name = key === 'endA' ? 'End A' : 'End B';
      return found
        ? [
            name,
            fitting.partNumber,
            `${diameter(Number(found.crimpOdMm))} ± ${diameter(Number(found.toleranceMm))}`,
            found.die,
            found.revision,
          ]
        : [name, fitting.partNumber, 'No crimp spec on file', '', ''];
    });
    table(
      [
        { label: 'End', width: 0.12 },
        { label: 'Fitting', width: 0.24 },
        { label: 'Crimp diameter', width: 0.3 },
        { label: 'Die', width: 0.17 },
        { label: 'Revision', width: 0.17 },
      ],
      crimpRows,
    );
    if (parts.hose.skive !== undefined) {
      doc
        .moveDown(0.3)
        .font('Helvetica-Bold')
        .text('Skive: ', left, doc.y, { width, continued: true })
        .font('Helvetica')
        .text(
          parts.hose.skive
            ? `yes. Skive ${parts.hose.partNumber} (cut back its cover where the ferrule grips) before assembly.`
            : `no. ${parts.hose.partNumber} is not skived.`,
        );
    }
    if (computed.warnings.length) {
      heading('Notes');
      for (const w of computed.warnings) doc.text(`• ${w.message}`, left, doc.y, { width });
    }
    if (assembly.notes) doc.moveDown(0.3).text(assembly.notes, left, doc.y, { width });
  });
  return { fileName: `specsheet-${safeFile(assembly.title)}.pdf`, data };
}
