/**
 * The work order's documents, made on request from the saved records (ADR 18): the pick list (what to take
 * from which warehouse and location), the traveller (lines, units, the steps as a checklist and a QR code
 * back to the work order), the test certificates of the completed units and their tags. pdfkit with its
 * built-in Helvetica, like the assembly's documents (modules/assemblies/documents.ts).
 */
import {
  AppErrorCode,
  BUILD_STEP_LABELS,
  type CrimpEnd,
  defaultTestPressurePsi,
  formatStockQuantity,
  PROOF_TEST_MIN_FACTOR,
  type UnitSystem,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrder,
  type WorkOrderLine,
  type WorkOrderPick,
  type WorkOrderUnit,
  workOrderPath,
} from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Tx } from '../../db/client.ts';
import { hoseAssemblies, workOrderLines } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import {
  drawTag,
  organizationName,
  type PdfFile,
  render,
  safeFile,
  TAG_SIZE,
  tagQrCode,
  unitWriters,
} from '../assemblies/documents.ts';
import type { StoredSpec } from '../assemblies/service.ts';
import { crimpTargetsOf, getWorkOrder } from './service.ts';

type Doc = PDFKit.PDFDocument;

const day = (iso: string | Date) => (typeof iso === 'string' ? iso : iso.toISOString()).slice(0, 10);

// ---------------------------------------------------------------------------------------------------------
// Page furniture: a header, facts, headings and tables that break across pages
// ---------------------------------------------------------------------------------------------------------

interface Column {
  label: string;
  /** Share of the text width. */
  width: number;
  /** An empty tick box to mark by hand, instead of text. */
  checkbox?: boolean;
}

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

function box(doc: Doc, x: number, y: number, size: number, ticked: boolean): void {
  doc.save().lineWidth(0.8).rect(x, y, size, size).stroke();
  if (ticked) {
    doc
      .moveTo(x + 2, y + size / 2)
      .lineTo(x + size / 2.4, y + size - 2)
      .lineTo(x + size - 1.5, y + 1.5)
      .stroke();
  }
  doc.restore();
}

function heading(doc: Doc, text: string): void {
  const { left, width } = pageBox(doc);
  ensureRoom(doc, 40);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor('#000').text(text, left, doc.y, { width });
  doc.moveDown(0.2).font('Helvetica').fontSize(9);
}

function facts(doc: Doc, pairs: readonly (readonly [string, string])[]): void {
  const { left, width } = pageBox(doc);
  doc.fontSize(9);
  for (const [k, v] of pairs) {
    doc
      .font('Helvetica-Bold')
      .text(`${k}: `, left, doc.y, { width, continued: true })
      .font('Helvetica')
      .text(v);
  }
}

/** A table whose rows move to the next page (with the header again) when they do not fit. */
function table(doc: Doc, columns: readonly Column[], rows: readonly string[][]): void {
  const { left, width } = pageBox(doc);
  const widths = columns.map((c) => c.width * width);
  const heightOf = (cells: readonly string[], bold: boolean) =>
    Math.max(
      12,
      ...cells.map((cell, i) =>
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').heightOfString(cell || ' ', {
          width: (widths[i] ?? 0) - 6,
        }),
      ),
    );
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (column?.checkbox && !bold) box(doc, x + 1, y, 9, false);
      else doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(cell, x, y, { width: (widths[i] ?? 0) - 6 });
      x += widths[i] ?? 0;
    });
    doc.y = y + heightOf(cells, bold) + 4;
  };
  const header = columns.map((c) => c.label);
  doc.fontSize(9);
  ensureRoom(doc, heightOf(header, true) + 20);
  drawRow(header, true);
  for (const row of rows) {
    if (ensureRoom(doc, heightOf(row, false) + 4)) drawRow(header, true);
    drawRow(row, false);
  }
  doc.x = left;
}

/** The top of a letter page: the shop, the title, and an optional QR code at the right. */
function pageTitle(doc: Doc, shop: string, title: string, subtitle: string, qr?: Buffer): void {
  const { left, width } = pageBox(doc);
  const qrSize = qr ? 84 : 0;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555')
    .text(shop, left, 30, { width: width - qrSize - 8 });
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(title, left, 48, { width: width - qrSize - 8 });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(subtitle, left, doc.y, { width: width - qrSize - 8 });
  if (qr) {
    const bottom = doc.y;
    doc.image(qr, left + width - qrSize, 30, { width: qrSize, height: qrSize });
    doc.y = Math.max(bottom, 30 + qrSize);
  }
  doc.moveDown(0.4);
}

function orderFacts(order: WorkOrder): [string, string][] {
  return [
    ['Customer', order.customer?.name ?? '—'],
    ['Due', order.dueDate ?? '—'],
    ['Priority', order.priority[0]?.toUpperCase() + order.priority.slice(1)],
    ['Warehouse', `${order.warehouse.code} (${order.warehouse.name})`],
    ...(order.hoseKit ? [['Kit', order.hoseKit.title] as [string, string]] : []),
    ...(order.description ? [['Description', order.description] as [string, string]] : []),
  ];
}

function conflict(message: string): AppError {
  return new AppError(AppErrorCode.Conflict, message);
}

// ---------------------------------------------------------------------------------------------------------
// What the work order's lines build with: the hose of each line and the crimp specs of its ends
// ---------------------------------------------------------------------------------------------------------

interface LineBuild {
  /** The length of each item stocked by length one unit is cut from (the hose, a wrap), by component. */
  lengthsMm: Map<string, number>;
  /** Each end's crimp target: the unit's copy after release, else the crimp spec on file now. */
  crimp: { endA: CrimpEnd; endB: CrimpEnd };
}

const NO_CRIMP: CrimpEnd = {
  targetMm: null,
  toleranceMm: null,
  die: null,
  specRevision: null,
  measuredMm: null,
};

async function lineBuilds(tx: Tx, organizationId: string, order: WorkOrder): Promise<Map<string, LineBuild>> {
  const rows = await tx
    .select({ lineId: workOrderLines.id, spec: hoseAssemblies.spec })
    .from(workOrderLines)
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, workOrderLines.hoseAssemblyId))
    .where(and(eq(workOrderLines.organizationId, organizationId), eq(workOrderLines.workOrderId, order._id)));
  // Before release no unit holds a copy of its targets: the crimp specs on file say them, as release reads them.
  const onFile =
    order.units.length === 0
      ? await crimpTargetsOf(tx, organizationId, [
          ...new Set(rows.map((r) => (r.spec as StoredSpec).parts.hose._id)),
        ])
      : null;
  const out = new Map<string, LineBuild>();
  for (const row of rows) {
    const { parts, computed } = row.spec as StoredSpec;
    const unit = order.units.find((u) => u.lineId === row.lineId);
    const lengthsMm = new Map<string, number>([[parts.hose._id, computed.cutLengthMm]]);
    const wrapMm = parts.wrap ? parts.wrap.lengthMm || computed.wrapLengthMm : null;
    if (parts.wrap && wrapMm) lengthsMm.set(parts.wrap._id, wrapMm);
    out.set(row.lineId, {
      lengthsMm,
      crimp: unit
        ? unit.crimp
        : onFile
          ? {
              endA: onFile(parts.hose._id, parts.endA.fitting.series),
              endB: onFile(parts.hose._id, parts.endB.fitting.series),
            }
          : { endA: NO_CRIMP, endB: NO_CRIMP },
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Pick list
// ---------------------------------------------------------------------------------------------------------

/**
 * The pieces to cut from each pick of an item stocked by length: one per unit, each whole from one place.
 * Release reserved them longest first into the place with the least room that fits; handing the same
 * pieces to the picks the same way gives each pick the pieces its reservation was made of.
 */
function cutPieces(
  picks: readonly WorkOrderPick[],
  order: WorkOrder,
  builds: Map<string, LineBuild>,
): Map<WorkOrderPick, number[]> {
  const out = new Map<WorkOrderPick, number[]>();
  const byItem = new Map<string, number[]>();
  for (const line of order.lines) {
    for (const [componentId, lengthMm] of builds.get(line._id)?.lengthsMm ?? []) {
      const pieces = byItem.get(componentId) ?? [];
      for (let i = 0; i < line.quantity; i++) pieces.push(lengthMm);
      byItem.set(componentId, pieces);
    }
  }
  // A kit's loose hose: one piece per kit.
  for (const item of order.looseItems) {
    if (item.stockUnit !== 'mm') continue;
    const pieces = byItem.get(item.componentId) ?? [];
    for (let i = 0; i < item.count; i++) pieces.push(item.quantity);
    byItem.set(item.componentId, pieces);
  }
  for (const [componentId, pieces] of byItem) {
    const places = picks
      .filter((p) => p.componentId === componentId && p.stockUnit === 'mm')
      .map((pick) => ({ pick, room: pick.quantity, taken: [] as number[] }));
    if (places.length === 0) continue;
    for (const piece of [...pieces].sort((a, b) => b - a)) {
      let best: (typeof places)[number] | undefined;
      for (const place of places) {
        if (place.room + 0.05 >= piece && (!best || place.room < best.room)) best = place;
      }
      if (!best) continue;
      best.room -= piece;
      best.taken.push(piece);
    }
    for (const place of places) out.set(place.pick, place.taken);
  }
  return out;
}

/** '2 × 890 mm, 1 × 450 mm'. */
function piecesText(pieces: readonly number[], mm: (n: number) => string): string {
  const counts = new Map<number, number>();
  for (const p of pieces) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([length, n]) => `${n} × ${mm(length)}`).join(', ');
}

/**
 * The item, and for hose the piece to cut from (ADR 19): 'Remnant of 1.20 m, batch B-7, made 2026-03' or
 * 'From the 50.00 m piece, …', so the picker takes the remnant the release chose and not a fresh reel.
 */
function pickDescription(pick: WorkOrderPick, units: UnitSystem): string {
  const { piece } = pick;
  if (!piece) return pick.description;
  const length = formatStockQuantity(piece.length, 'mm', units);
  const which = piece.remnant ? `Remnant of ${length}` : `From the ${length} piece`;
  const origin = [piece.batch && `batch ${piece.batch}`, piece.dateCode && `made ${piece.dateCode}`].filter(
    Boolean,
  );
  return `${pick.description}\n${[which, ...origin].join(', ')}`;
}

/** The pick list of a released (or in progress) work order: its picks by warehouse and location. */
export async function pickListPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { units: UnitSystem },
): Promise<PdfFile> {
  const order = await getWorkOrder(tx, organizationId, id);
  if (order.status === 'draft') {
    throw conflict(`Work order ${order.number} is a draft: release it first, which reserves what to pick.`);
  }
  if (order.status === 'completed') {
    throw conflict(`Work order ${order.number} is completed: its stock was taken, there is nothing to pick.`);
  }
  if (order.status === 'cancelled') {
    throw conflict(`Work order ${order.number} is cancelled: its stock was freed, there is nothing to pick.`);
  }
  const { mm } = unitWriters(options.units);
  const shop = await organizationName(tx, organizationId);
  const builds = await lineBuilds(tx, organizationId, order);
  const pieces = cutPieces(order.picks, order, builds);
  const warehouses = new Map<string, WorkOrderPick[]>();
  for (const pick of order.picks) {
    const list = warehouses.get(pick.warehouse.code) ?? [];
    list.push(pick);
    warehouses.set(pick.warehouse.code, list);
  }

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: `Pick list ${order.number}`, Author: shop },
  });
  const data = await render(doc, () => {
    pageTitle(
      doc,
      shop,
      `Pick list ${order.number}`,
      order.description || `${order.unitCount} units to build`,
    );
    facts(doc, orderFacts(order));
    if (order.picks.length === 0) {
      doc.moveDown(0.6).text('Nothing is reserved for this work order.');
    }
    for (const [code, picks] of [...warehouses].sort(([a], [b]) => a.localeCompare(b))) {
      heading(doc, `Warehouse ${code}`);
      const sorted = [...picks].sort(
        (a, b) =>
          (a.location?.code ?? '').localeCompare(b.location?.code ?? '', undefined, { numeric: true }) ||
          a.partNumber.localeCompare(b.partNumber),
      );
      table(
        doc,
        [
          { label: 'Picked', width: 0.08, checkbox: true },
          { label: 'Location', width: 0.14 },
          { label: 'Part number', width: 0.2 },
          { label: 'Description', width: 0.36 },
          { label: 'Quantity', width: 0.22 },
        ],
        sorted.map((p) => {
          const cut = pieces.get(p);
          const quantity =
            p.stockUnit === 'mm'
              ? `${formatStockQuantity(p.quantity, 'mm', options.units)}${cut?.length ? `\ncut ${piecesText(cut, mm)}` : ''}`
              : `${formatStockQuantity(p.quantity, 'each', options.units)} pcs`;
          return ['', p.location?.code ?? '—', p.partNumber, pickDescription(p, options.units), quantity];
        }),
      );
    }
  });
  return { fileName: `picklist-${safeFile(order.number)}.pdf`, data };
}

// ---------------------------------------------------------------------------------------------------------
// Traveller
// ---------------------------------------------------------------------------------------------------------

function crimpTargetText(end: CrimpEnd, diameter: (n: number) => string): string {
  if (end.targetMm === null || end.toleranceMm === null) return 'No crimp spec on file';
  const die = end.die ? `, die ${end.die}` : '';
  const revision = end.specRevision ? ` (spec rev. ${end.specRevision})` : '';
  return `${diameter(end.targetMm)} ± ${diameter(end.toleranceMm)}${die}${revision}`;
}

function testPressureText(line: WorkOrderLine, psi: (n: number) => string): string {
  const wp = line.hoseAssembly.workingPressurePsi;
  return `${psi(defaultTestPressurePsi(wp))} (at least ${psi(wp * PROOF_TEST_MIN_FACTOR)})`;
}

/** A unit's box on the traveller: its serial, the steps to tick and the measurements to write down. */
function drawUnit(
  doc: Doc,
  unit: WorkOrderUnit,
  line: WorkOrderLine | undefined,
  total: number,
  w: ReturnType<typeof unitWriters>,
): void {
  const { left, width } = pageBox(doc);
  ensureRoom(doc, 70);
  const title = line ? line.hoseAssembly.title : '';
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Unit ${unit.index} of ${total} · Serial ${unit.serialId} · ${title}`, left, doc.y, { width });
  if (unit.replacesSerialId) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Replaces serial ${unit.replacesSerialId}`, left, doc.y, { width });
  }
  doc.moveDown(0.2);
  const y = doc.y;
  const stepWidth = width / Math.max(unit.requiredSteps.length, 1);
  unit.requiredSteps.forEach((step, i) => {
    const x = left + i * stepWidth;
    box(doc, x, y, 10, unit.steps[step] !== undefined);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(BUILD_STEP_LABELS[step], x + 14, y + 1, { width: stepWidth - 16, lineBreak: false });
  });
  doc.y = y + 16;
  const blank = '________';
  const cut = unit.cutLengthMm !== null ? w.mm(unit.cutLengthMm) : blank;
  const crimpOf = (end: CrimpEnd) => (end.measuredMm !== null ? w.diameter(end.measuredMm) : blank);
  const test = unit.test
    ? `${w.psi(unit.test.pressurePsi)}, ${unit.test.holdSeconds} s, ${unit.test.result === 'pass' ? 'passed' : 'FAILED'}`
    : `${blank} for ${blank} s, pass / fail`;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .text(
      `Cut ${cut}    Crimp A ${crimpOf(unit.crimp.endA)}  B ${crimpOf(unit.crimp.endB)}    Test ${test}`,
      left,
      doc.y,
      { width },
    );
  doc.moveDown(0.8);
}

/** The traveller: goes with the work from release to completion; any status prints. */
export async function travellerPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { publicUrl: string; units: UnitSystem },
): Promise<PdfFile> {
  const order = await getWorkOrder(tx, organizationId, id);
  const w = unitWriters(options.units);
  const shop = await organizationName(tx, organizationId);
  const builds = await lineBuilds(tx, organizationId, order);
  const payload = `${options.publicUrl.replace(/\/+$/, '')}${workOrderPath(order._id)}`;
  const qr = await QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', margin: 1, width: 300 });

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    // The subject repeats what the QR code encodes, for whoever checks the file.
    info: { Title: `Traveller ${order.number}`, Author: shop, Subject: payload },
  });
  const data = await render(doc, () => {
    pageTitle(
      doc,
      shop,
      `Traveller ${order.number}`,
      `${WORK_ORDER_STATUS_LABELS[order.status]} · ${order.unitCount} unit${order.unitCount === 1 ? '' : 's'}`,
      qr,
    );
    facts(doc, orderFacts(order));
    if (order.notes) facts(doc, [['Notes', order.notes]]);

    heading(doc, 'Lines');
    table(
      doc,
      [
        { label: '#', width: 0.05 },
        { label: 'Assembly', width: 0.2 },
        { label: 'Description', width: 0.33 },
        { label: 'Qty', width: 0.07 },
        { label: 'Cut length', width: 0.13 },
        { label: 'Test pressure (2 × WP)', width: 0.22 },
      ],
      order.lines.map((line) => [
        String(line.position),
        line.hoseAssembly.title,
        `${line.hoseAssembly.description}${line.hoseAssembly.skive ? '\nSKIVE the hose' : ''}${line.replacesSerialId ? `\nReorder of serial ${line.replacesSerialId}` : ''}`,
        String(line.quantity),
        w.mm(line.hoseAssembly.cutLengthMm),
        testPressureText(line, w.psi),
      ]),
    );

    heading(doc, 'Crimp targets');
    table(
      doc,
      [
        { label: '#', width: 0.05 },
        { label: 'Assembly', width: 0.2 },
        { label: 'End A', width: 0.375 },
        { label: 'End B', width: 0.375 },
      ],
      order.lines.map((line) => {
        const crimp = builds.get(line._id)?.crimp ?? { endA: NO_CRIMP, endB: NO_CRIMP };
        return [
          String(line.position),
          line.hoseAssembly.title,
          crimpTargetText(crimp.endA, w.diameter),
          crimpTargetText(crimp.endB, w.diameter),
        ];
      }),
    );

    heading(doc, 'Units');
    if (order.units.length === 0) {
      doc.text('Each unit gets its serial number when the work order is released.');
    }
    const lines = new Map(order.lines.map((l) => [l._id, l]));
    for (const unit of order.units) drawUnit(doc, unit, lines.get(unit.lineId), order.units.length, w);
  });
  return { fileName: `traveller-${safeFile(order.number)}.pdf`, data };
}

// ---------------------------------------------------------------------------------------------------------
// Test certificates and tags
// ---------------------------------------------------------------------------------------------------------

/** The completed work order and the units asked for (every completed one, or the one named). */
async function completedUnits(
  tx: Tx,
  organizationId: string,
  id: string,
  what: string,
  unitId?: string,
): Promise<{ order: WorkOrder; units: WorkOrderUnit[] }> {
  const order = await getWorkOrder(tx, organizationId, id);
  if (order.status !== 'completed') {
    const state = {
      draft: 'still a draft: release it, build and test its units, then complete it',
      released: 'released but not built yet: build and test its units, then complete it',
      inProgress: 'in progress: finish and test its units, then complete it',
      cancelled: 'cancelled: its units were never built',
    }[order.status];
    throw conflict(`${what} are printed once a work order is completed; ${order.number} is ${state}.`);
  }
  if (unitId !== undefined) {
    const unit = order.units.find((u) => u._id === unitId);
    if (!unit) throw AppError.notFound('This unit');
    return { order, units: [unit] };
  }
  return { order, units: order.units.filter((u) => u.completedAt !== null) };
}

/** One page per completed unit (or the unit named): the proof test and crimp record of each. */
export async function certificatesPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { unitId?: string | undefined; units: UnitSystem },
): Promise<PdfFile> {
  const { order, units } = await completedUnits(tx, organizationId, id, 'Test certificates', options.unitId);
  const w = unitWriters(options.units);
  const shop = await organizationName(tx, organizationId);
  const lines = new Map(order.lines.map((l) => [l._id, l]));

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    autoFirstPage: false,
    info: { Title: `Test certificates ${order.number}`, Author: shop },
  });
  const data = await render(doc, () => {
    for (const unit of units) {
      doc.addPage();
      const line = lines.get(unit.lineId);
      const assembly = line?.hoseAssembly;
      const { left, width } = pageBox(doc);
      pageTitle(doc, shop, 'Test certificate', 'Hydraulic hose assembly proof test');
      facts(doc, [
        ['Assembly', assembly?.title ?? '—'],
        ['Description', assembly?.description || '—'],
        ['Serial', unit.serialId],
        ...(unit.replacesSerialId ? [['Replaces serial', unit.replacesSerialId] as [string, string]] : []),
        ['Work order', order.number],
        ['Customer', order.customer?.name ?? '—'],
      ]);

      heading(doc, 'Proof test');
      const test = unit.test;
      facts(doc, [
        ['Maximum working pressure', assembly ? w.psi(assembly.workingPressurePsi) : '—'],
        ['Test pressure', test ? w.psi(test.pressurePsi) : '—'],
        ['Hold time', test ? `${test.holdSeconds} s` : '—'],
        ['Result', test ? (test.result === 'pass' ? 'PASS' : 'FAIL') : '—'],
        ['Tested by', test?.by?.name ?? '—'],
        ['Test date', test ? day(test.at) : '—'],
      ]);

      heading(doc, 'Crimp diameters');
      table(
        doc,
        [
          { label: 'End', width: 0.1 },
          { label: 'Measured', width: 0.18 },
          { label: 'Target', width: 0.28 },
          { label: 'Die', width: 0.14 },
          { label: 'Spec revision', width: 0.14 },
          { label: 'In tolerance', width: 0.16 },
        ],
        (['endA', 'endB'] as const).map((key) => {
          const end = unit.crimp[key];
          const hasTarget = end.targetMm !== null && end.toleranceMm !== null;
          const within =
            hasTarget && end.measuredMm !== null
              ? Math.abs(end.measuredMm - (end.targetMm ?? 0)) <= (end.toleranceMm ?? 0) + 1e-6
                ? 'Yes'
                : 'No'
              : '—';
          return [
            key === 'endA' ? 'End A' : 'End B',
            end.measuredMm !== null ? w.diameter(end.measuredMm) : '—',
            hasTarget
              ? `${w.diameter(end.targetMm ?? 0)} ± ${w.diameter(end.toleranceMm ?? 0)}`
              : 'No crimp spec on file',
            end.die ?? '—',
            end.specRevision ?? '—',
            within,
          ];
        }),
      );

      heading(doc, 'Built');
      facts(doc, [
        ['Assembled by', unit.assembledBy?.name ?? '—'],
        ['Completed', unit.completedAt ? day(unit.completedAt) : '—'],
        ...(assembly ? [['Overall length', w.mm(assembly.overallLengthMm)] as [string, string]] : []),
      ]);
      doc
        .moveDown(2)
        .font('Helvetica')
        .fontSize(9)
        .text(
          `${shop} certifies that the hose assembly with serial ${unit.serialId} was built and proof tested as recorded above.`,
          left,
          doc.y,
          { width },
        );
    }
  });
  const fileName =
    units.length === 1 && options.unitId
      ? `certificate-${safeFile(order.number)}-${units[0]?.serialId ?? ''}.pdf`
      : `certificates-${safeFile(order.number)}.pdf`;
  return { fileName, data };
}

/** The tags of the completed units, one 4 × 2 inch label each, as the assembly's tag draws one. */
export async function tagsPdf(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { publicUrl: string; units: UnitSystem },
): Promise<PdfFile> {
  const { order, units } = await completedUnits(tx, organizationId, id, 'Tags');
  const { psi, mm } = unitWriters(options.units);
  const shop = await organizationName(tx, organizationId);
  const lines = new Map(order.lines.map((l) => [l._id, l]));
  const codes = await Promise.all(units.map((u) => tagQrCode(options.publicUrl, u.serialId)));
  const doc = new PDFDocument({
    size: TAG_SIZE,
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Tags ${order.number}`, Author: shop },
  });
  const data = await render(doc, () => {
    units.forEach((unit, i) => {
      const assembly = lines.get(unit.lineId)?.hoseAssembly;
      const qr = codes[i];
      if (!qr) return;
      doc.addPage({ size: TAG_SIZE, margin: 0 });
      drawTag(doc, {
        qr,
        serialId: unit.serialId,
        title: assembly?.title ?? '',
        description: assembly?.description ?? '',
        workingPressure: assembly ? `WP ${psi(assembly.workingPressurePsi)}` : null,
        length: assembly ? `Length ${mm(assembly.overallLengthMm)}` : null,
        skive: assembly?.skive ?? false,
        built: unit.completedAt ? day(unit.completedAt) : '',
        shop,
      });
    });
  });
  return { fileName: `tags-${safeFile(order.number)}.pdf`, data };
}
