/**
 * The assembly drawing as plain SVG: the hose as a body between its two fittings, each end
 * drawn straight, 45° or 90° as its fitting is bent, the orientation between two bent ends, the wrap as a
 * hatched sleeve and the overall and cut lengths as dimension lines.
 *
 * One pure function serves the builder (live), the detail page, the public /qs page and the server's
 * spec-sheet PDF (svg-to-pdfkit). That renderer understands plain SVG only, so the output keeps to paths,
 * lines, rects, circles and text with presentation attributes: no CSS classes, no patterns, no foreignObject.
 * The drawing is schematic (not to scale): a 3 m hose and a 300 mm hose have the same body length, the
 * dimensions carry the real lengths.
 */
import { formatLength, type UnitSystem } from '../units/units.ts';
import { parseAdaptorEnd } from './assemblies.ts';
import type { AssemblyEndSummary, AssemblyPartsSummary } from './responses.ts';

export interface AssemblyDrawingEnd {
  /** End type code as the catalogue writes it: 'JIC37', 'ORFS'. */
  endType: string;
  /** Dash size of the end (the fitting's hose-side dash): -8. */
  dash: number;
  /** Bend of the fitting in degrees: 0 straight, 45, 90. */
  angle: number;
  /** 'M' male, 'F' female, '-' neither (flanges). */
  gender?: string | undefined;
  /** The fitting's part number, shown under the end label when given. */
  partNumber?: string | undefined;
}

export interface AssemblyDrawingModel {
  /** Part number (with revision) of the assembly; names the drawing for screen readers. */
  partNumber?: string | undefined;
  /** The hose's part number, written on the hose body. */
  hose?: string | undefined;
  endA: AssemblyDrawingEnd | null;
  endB: AssemblyDrawingEnd | null;
  overallLengthMm: number | null;
  cutLengthMm?: number | null | undefined;
  /** Where the overall length was measured to, e.g. 'centreline of the elbows'. */
  measuredBy?: string | undefined;
  /** Angle between two bent ends. Only drawn when both ends are bent. */
  orientationDeg?: number | null | undefined;
  /** 'cw' (clockwise, far fitting at 12 o'clock, the common one) or 'ccw'. */
  orientationConvention?: string | null | undefined;
  /** A wrap or guard over part of the hose. */
  wrap?: { lengthMm: number; label?: string | undefined } | null | undefined;
  /** The units the lengths are written in: metric '1,000 mm' (the default) or imperial '39-3/8 in'. */
  units?: UnitSystem | undefined;
}

/** An end is bent when its fitting is not straight. */
export function isBentDrawingEnd(end: AssemblyDrawingEnd | null | undefined): boolean {
  return !!end && Math.abs(end.angle) % 180 !== 0;
}

/** Orientation only means something with two bent ends: a straight end looks the same at any angle. */
export function drawingNeedsOrientation(model: Pick<AssemblyDrawingModel, 'endA' | 'endB'>): boolean {
  return isBentDrawingEnd(model.endA) && isBentDrawingEnd(model.endB);
}

/** 'cw' | 'clockwise…' -> true; anything counter-clockwise -> false. */
export function isClockwise(convention: string | null | undefined): boolean {
  const c = (convention ?? 'cw').trim().toLowerCase();
  return !(c.startsWith('ccw') || c.startsWith('counter') || c.startsWith('anti'));
}

/** The orientation note as written on the drawing, e.g. "Orientation 90° clockwise (±5°), …". */
export function orientationNote(model: AssemblyDrawingModel): string | null {
  if (!drawingNeedsOrientation(model)) return null;
  const angle = model.orientationDeg ?? 0;
  const direction = isClockwise(model.orientationConvention) ? 'clockwise' : 'counter-clockwise';
  // The same tolerance as `orientationToleranceDeg`: ±3° up to 600 mm overall, ±5° above.
  const tolerance = (model.overallLengthMm ?? 0) > 600 ? 5 : 3;
  return `Orientation ${fmt(angle)}° ${direction} (±${tolerance}°), viewed from End A with End B at 12 o'clock`;
}

/** One end of a saved or computed assembly as the drawing needs it; an adaptor's outer end is what shows. */
function drawingEndOf(end: AssemblyEndSummary): AssemblyDrawingEnd {
  const { fitting, adaptor } = end;
  const outer = adaptor?.endB ? parseAdaptorEnd(adaptor.endB) : null;
  const angle = (fitting.angle ?? 0) > 0 ? (fitting.angle ?? 0) : (adaptor?.angle ?? 0);
  return {
    endType: outer?.endType || fitting.endType || '',
    dash: fitting.dash ?? 0,
    angle,
    gender: outer?.gender || fitting.gender,
    partNumber: adaptor ? `${fitting.partNumber} + ${adaptor.partNumber}` : fitting.partNumber,
  };
}

/** The drawing of an assembly from the API's part summaries and lengths (detail, /qs, builder, PDF). */
export function drawingModelOf(source: {
  title?: string | undefined;
  parts: AssemblyPartsSummary;
  overallLengthMm: number | null;
  cutLengthMm?: number | null | undefined;
  measuredBy?: string | undefined;
  orientationDeg?: number | null | undefined;
  orientationConvention?: string | null | undefined;
  units?: UnitSystem | undefined;
}): AssemblyDrawingModel {
  const { parts } = source;
  return {
    partNumber: source.title,
    hose: parts.hose.partNumber,
    endA: drawingEndOf(parts.endA),
    endB: drawingEndOf(parts.endB),
    overallLengthMm: source.overallLengthMm,
    cutLengthMm: source.cutLengthMm,
    measuredBy: source.measuredBy,
    orientationDeg: source.orientationDeg,
    orientationConvention: source.orientationConvention,
    wrap: parts.wrap ? { lengthMm: parts.wrap.lengthMm, label: parts.wrap.partNumber } : null,
    units: source.units,
  };
}

/** End label: 'JIC37 F -8 90°'. */
export function endSummary(end: AssemblyDrawingEnd): string {
  const gender = end.gender && end.gender !== '-' ? ` ${end.gender}` : '';
  const angle = isBentDrawingEnd(end) ? ` ${fmt(end.angle)}°` : ' straight';
  return `${end.endType}${gender} ${end.dash}${angle}`;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, '');
}

/** Lengths in millimetres as the shop reads them: '1,000 mm'. */
export function formatMm(mm: number): string {
  return formatLength(mm, 'metric');
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();

// Geometry of the schematic, in viewBox units. 760 wide reads well on a 390 px phone (about 0.47 px a unit).
const WIDTH = 760;
const FONT = 'Helvetica, Arial, sans-serif';
const INK = '#1f2933';
const STEEL = '#8a96a3';
const HOSE = '#3b4650';
const WRAP = '#c77700';
const DIM = '#1d5fa8';
const HOSE_HALF = 14;
const COLLAR_LEN = 64;
const COLLAR_HALF = 22;
const NUT_LEN = 44;
const NUT_HALF = 20;
const LEG = 70;

interface Pieces {
  parts: string[];
}

function text(
  out: Pieces,
  x: number,
  y: number,
  value: string,
  options: {
    size?: number;
    anchor?: 'start' | 'middle' | 'end';
    weight?: 'bold' | 'normal';
    fill?: string;
  } = {},
): void {
  const size = options.size ?? 20;
  out.parts.push(
    `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${size}" text-anchor="${options.anchor ?? 'middle'}"${
      options.weight === 'bold' ? ' font-weight="bold"' : ''
    } fill="${options.fill ?? INK}">${escapeXml(value)}</text>`,
  );
}

function arrowHead(out: Pieces, x: number, y: number, pointsLeft: boolean): void {
  const d = pointsLeft ? 12 : -12;
  out.parts.push(
    `<path d="M ${n(x)} ${n(y)} L ${n(x + d)} ${n(y - 5)} L ${n(x + d)} ${n(y + 5)} Z" fill="${DIM}"/>`,
  );
}

/** A horizontal dimension line with extension lines, arrows and its value centred above the line. */
function dimension(out: Pieces, x1: number, x2: number, y: number, fromY: number, label: string): void {
  out.parts.push(
    `<line x1="${n(x1)}" y1="${n(fromY)}" x2="${n(x1)}" y2="${n(y + 8)}" stroke="${DIM}" stroke-width="1"/>`,
    `<line x1="${n(x2)}" y1="${n(fromY)}" x2="${n(x2)}" y2="${n(y + 8)}" stroke="${DIM}" stroke-width="1"/>`,
    `<line x1="${n(x1)}" y1="${n(y)}" x2="${n(x2)}" y2="${n(y)}" stroke="${DIM}" stroke-width="1.5"/>`,
  );
  arrowHead(out, x1, y, true);
  arrowHead(out, x2, y, false);
  text(out, (x1 + x2) / 2, y - 8, label, { size: 24, fill: DIM, weight: 'bold' });
}

/** 45° hatching inside a rectangle, as plain lines (svg-to-pdfkit has no pattern fill we can count on). */
function hatch(out: Pieces, x: number, y: number, w: number, h: number, step: number): void {
  const bottom = y + h;
  for (let x0 = x - h + step / 2; x0 < x + w; x0 += step) {
    let sx = x0;
    let sy = bottom;
    let ex = x0 + h;
    let ey = y;
    if (sx < x) {
      sy = bottom - (x - sx);
      sx = x;
    }
    if (ex > x + w) {
      ey = y + (ex - (x + w));
      ex = x + w;
    }
    out.parts.push(
      `<line x1="${n(sx)}" y1="${n(sy)}" x2="${n(ex)}" y2="${n(ey)}" stroke="${WRAP}" stroke-width="1.5"/>`,
    );
  }
}

/**
 * One fitting: the crimped collar against the hose, then the nut, straight on or bent away from the hose.
 * `dir` is -1 for End A (pointing left) and +1 for End B. `lift` turns the bent leg: 1 up, -1 down, and
 * values between foreshorten it (the leg turns towards or away from the viewer). Returns the outer tip's x
 * and the y span it occupies.
 */
function fitting(
  out: Pieces,
  end: AssemblyDrawingEnd,
  collarX: number,
  cy: number,
  dir: -1 | 1,
  lift: number,
  name: 'A' | 'B',
): { tipX: number; top: number; bottom: number } {
  const collarStart = Math.min(collarX, collarX + dir * COLLAR_LEN);
  out.parts.push(
    `<rect x="${n(collarStart)}" y="${n(cy - COLLAR_HALF)}" width="${COLLAR_LEN}" height="${COLLAR_HALF * 2}" rx="4" fill="${STEEL}" stroke="${INK}" stroke-width="1.5"/>`,
  );
  // Crimp grooves on the collar.
  for (let i = 1; i <= 3; i++) {
    const gx = collarStart + (COLLAR_LEN / 4) * i;
    out.parts.push(
      `<line x1="${n(gx)}" y1="${n(cy - COLLAR_HALF)}" x2="${n(gx)}" y2="${n(cy + COLLAR_HALF)}" stroke="${INK}" stroke-width="1"/>`,
    );
  }
  const neckX = collarX + dir * COLLAR_LEN;
  const bent = isBentDrawingEnd(end);
  if (!bent) {
    const tube = 16;
    const nutStart = neckX + dir * tube;
    out.parts.push(
      `<rect x="${n(Math.min(neckX, nutStart))}" y="${n(cy - 8)}" width="${tube}" height="16" fill="${STEEL}" stroke="${INK}" stroke-width="1.5"/>`,
      `<rect x="${n(Math.min(nutStart, nutStart + dir * NUT_LEN))}" y="${n(cy - NUT_HALF)}" width="${NUT_LEN}" height="${NUT_HALF * 2}" fill="#b8c2cc" stroke="${INK}" stroke-width="1.5" data-end="${name}" data-shape="straight"/>`,
      `<line x1="${n(nutStart + (dir * NUT_LEN) / 2)}" y1="${n(cy - NUT_HALF)}" x2="${n(nutStart + (dir * NUT_LEN) / 2)}" y2="${n(cy + NUT_HALF)}" stroke="${INK}" stroke-width="1"/>`,
    );
    const tipX = nutStart + dir * NUT_LEN;
    return { tipX, top: cy - NUT_HALF, bottom: cy + NUT_HALF };
  }
  // A bent end: a tube leaves the collar, turns by the fitting's angle, and ends in the nut.
  const radians = (Math.min(Math.abs(end.angle), 180) * Math.PI) / 180;
  const run = 22;
  const bendX = neckX + dir * run;
  const ux = dir * Math.cos(radians);
  const uy = -Math.sin(radians) * lift;
  const legEndX = bendX + ux * LEG;
  const legEndY = cy + uy * LEG;
  const shape = Math.abs(end.angle) === 90 ? 'elbow-90' : Math.abs(end.angle) === 45 ? 'elbow-45' : 'elbow';
  out.parts.push(
    `<path d="M ${n(neckX)} ${n(cy)} L ${n(bendX)} ${n(cy)} L ${n(legEndX)} ${n(legEndY)}" fill="none" stroke="${STEEL}" stroke-width="18" stroke-linejoin="round" data-end="${name}" data-shape="${shape}"/>`,
    `<path d="M ${n(neckX)} ${n(cy)} L ${n(bendX)} ${n(cy)} L ${n(legEndX)} ${n(legEndY)}" fill="none" stroke="${INK}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
  );
  // The nut across the leg's end, perpendicular to the leg.
  const len = Math.hypot(ux, uy) || 1;
  const ax = ux / len;
  const ay = uy / len;
  const px = -ay * NUT_HALF;
  const py = ax * NUT_HALF;
  const nutLen = Math.abs(lift) < 0.25 ? 0 : NUT_LEN * Math.min(1, Math.abs(len));
  const fx = legEndX + ax * nutLen;
  const fy = legEndY + ay * nutLen;
  if (nutLen > 0) {
    out.parts.push(
      `<path d="M ${n(legEndX + px)} ${n(legEndY + py)} L ${n(fx + px)} ${n(fy + py)} L ${n(fx - px)} ${n(fy - py)} L ${n(legEndX - px)} ${n(legEndY - py)} Z" fill="#b8c2cc" stroke="${INK}" stroke-width="1.5"/>`,
    );
  }
  if (Math.abs(lift) < 0.999) {
    // The leg turns out of the page: show the nut's face end-on at the bend.
    out.parts.push(
      `<circle cx="${n(bendX)}" cy="${n(cy)}" r="${NUT_HALF}" fill="#b8c2cc" stroke="${INK}" stroke-width="1.5"/>`,
      `<circle cx="${n(bendX)}" cy="${n(cy)}" r="7" fill="#ffffff" stroke="${INK}" stroke-width="1"/>`,
    );
  }
  const xs = [neckX, bendX, legEndX + px, legEndX - px, fx + px, fx - px];
  const ys = [cy - NUT_HALF, cy + NUT_HALF, legEndY + py, legEndY - py, fy + py, fy - py];
  const tipX = dir < 0 ? Math.min(...xs, bendX - NUT_HALF) : Math.max(...xs, bendX + NUT_HALF);
  return { tipX, top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Horizontal room an end takes beyond the hose body: collar, tube and the bent leg with its nut. */
function reserveFor(end: AssemblyDrawingEnd | null): number {
  if (!end) return 0;
  if (!isBentDrawingEnd(end)) return COLLAR_LEN + 16 + NUT_LEN;
  const radians = (Math.min(Math.abs(end.angle), 180) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return COLLAR_LEN + 22 + Math.max(NUT_HALF, (LEG + NUT_LEN) * cos + NUT_HALF * sin) + 10;
}

/**
 * The SVG of an assembly. Missing parts are left out (the builder draws as the clerk chooses), so a hose
 * alone shows as a body with open ends and an empty model still returns a valid, labelled SVG.
 */
export function assemblyDrawingSvg(model: AssemblyDrawingModel): string {
  const out: Pieces = { parts: [] };
  const length = (mm: number) => formatLength(mm, model.units ?? 'metric');
  const bothBent = drawingNeedsOrientation(model);
  const orientation = bothBent ? (model.orientationDeg ?? 0) : 0;
  const signed = isClockwise(model.orientationConvention) ? orientation : -orientation;
  // End B's leg, seen from the side: up when in line with End A, down at 180°, end-on at ±90°.
  const liftB = bothBent ? Math.cos((signed * Math.PI) / 180) : 1;

  const cy = 150;
  const left = 60;
  const right = WIDTH - 60;
  const reserveA = reserveFor(model.endA);
  const reserveB = reserveFor(model.endB);
  const hoseStart = left + reserveA;
  const hoseEnd = right - reserveB;

  // The wrap goes under everything else so the fittings sit on top of its ends.
  const wrap = model.wrap && model.wrap.lengthMm > 0 ? model.wrap : null;
  const wrapSpan = (() => {
    if (!wrap) return null;
    const total = model.cutLengthMm ?? model.overallLengthMm ?? wrap.lengthMm;
    const share = total > 0 ? Math.min(1, wrap.lengthMm / total) : 1;
    const bodyLen = hoseEnd - hoseStart;
    const w = Math.max(24, bodyLen * share);
    const x = hoseStart + (bodyLen - w) / 2;
    return { x, w };
  })();

  // Hose body with its centreline.
  out.parts.push(
    `<rect x="${n(hoseStart - (model.endA ? COLLAR_LEN : 0))}" y="${cy - HOSE_HALF}" width="${n(
      hoseEnd - hoseStart + (model.endA ? COLLAR_LEN : 0) + (model.endB ? COLLAR_LEN : 0),
    )}" height="${HOSE_HALF * 2}" rx="6" fill="${HOSE}" stroke="${INK}" stroke-width="1.5" data-part="hose"/>`,
    `<line x1="${n(hoseStart)}" y1="${cy}" x2="${n(hoseEnd)}" y2="${cy}" stroke="#ffffff" stroke-width="1" stroke-dasharray="14 6 3 6"/>`,
  );

  if (wrap && wrapSpan) {
    const wy = cy - HOSE_HALF - 6;
    const wh = (HOSE_HALF + 6) * 2;
    out.parts.push(
      `<rect x="${n(wrapSpan.x)}" y="${wy}" width="${n(wrapSpan.w)}" height="${wh}" fill="#fff4e0" stroke="${WRAP}" stroke-width="2" data-part="wrap"/>`,
    );
    hatch(out, wrapSpan.x, wy, wrapSpan.w, wh, 12);
  }

  let tipA = hoseStart;
  let tipB = hoseEnd;
  let top = cy - COLLAR_HALF;
  let bottom = cy + COLLAR_HALF;
  if (model.endA) {
    const a = fitting(out, model.endA, hoseStart, cy, -1, 1, 'A');
    tipA = a.tipX;
    top = Math.min(top, a.top);
    bottom = Math.max(bottom, a.bottom);
  }
  if (model.endB) {
    const b = fitting(out, model.endB, hoseEnd, cy, 1, isBentDrawingEnd(model.endB) ? liftB : 1, 'B');
    tipB = b.tipX;
    top = Math.min(top, b.top);
    bottom = Math.max(bottom, b.bottom);
  }

  if (model.hose) {
    text(out, (hoseStart + hoseEnd) / 2, cy - HOSE_HALF - (wrap ? 16 : 10), model.hose, { size: 20 });
  }

  // End labels above each end.
  const labelY = Math.min(top, cy - COLLAR_HALF) - 40;
  const endLabel = (end: AssemblyDrawingEnd, name: 'A' | 'B', x: number, anchor: 'start' | 'end') => {
    text(out, x, labelY, `End ${name}: ${endSummary(end)}`, { size: 23, anchor, weight: 'bold' });
    if (end.partNumber) text(out, x, labelY + 24, end.partNumber, { size: 20, anchor });
  };
  if (model.endA) endLabel(model.endA, 'A', Math.max(8, tipA), 'start');
  if (model.endB) endLabel(model.endB, 'B', Math.min(WIDTH - 8, tipB), 'end');

  // Dimensions under the assembly: overall from tip to tip, cut length over the hose (collars included:
  // the hose runs into them).
  let y = bottom + 44;
  if (model.overallLengthMm !== null && model.overallLengthMm > 0) {
    dimension(out, tipA, tipB, y, bottom + 6, `Overall ${length(model.overallLengthMm)}`);
    if (model.measuredBy) {
      text(out, (tipA + tipB) / 2, y + 24, `measured ${model.measuredBy}`, { size: 19, fill: DIM });
      y += 24;
    }
    y += 50;
  }
  if (model.cutLengthMm !== null && model.cutLengthMm !== undefined && model.cutLengthMm > 0) {
    const x1 = hoseStart - (model.endA ? COLLAR_LEN : 0);
    const x2 = hoseEnd + (model.endB ? COLLAR_LEN : 0);
    dimension(out, x1, x2, y, cy + HOSE_HALF + 4, `Cut length ${length(model.cutLengthMm)}`);
    y += 50;
  }
  if (wrap) {
    text(out, WIDTH / 2, y - 10, `${wrap.label ? `${wrap.label}: ` : 'Wrap: '}${length(wrap.lengthMm)}`, {
      size: 20,
      fill: WRAP,
    });
    y += 30;
  }
  const note = orientationNote(model);
  if (note) {
    // Two lines: one long line would shrink to nothing on a phone.
    const [first = note, second = ''] = note.split(', ');
    text(out, WIDTH / 2, y - 10, first, { size: 21, weight: 'bold' });
    text(out, WIDTH / 2, y + 16, second, { size: 19 });
    y += 56;
  }
  text(out, WIDTH - 8, y - 6, 'Not to scale', { size: 15, anchor: 'end', fill: STEEL });

  const height = Math.ceil(y + 4);
  const viewTop = Math.floor(Math.min(0, labelY - 28));
  const title = model.partNumber ? `Hose assembly ${model.partNumber}` : 'Hose assembly drawing';
  const describe: string[] = [];
  if (model.hose) describe.push(`Hose ${model.hose}`);
  if (model.endA) describe.push(`End A ${endSummary(model.endA)}`);
  if (model.endB) describe.push(`End B ${endSummary(model.endB)}`);
  if (model.overallLengthMm) describe.push(`overall length ${length(model.overallLengthMm)}`);
  if (model.cutLengthMm) describe.push(`cut length ${length(model.cutLengthMm)}`);
  if (wrap) describe.push(`wrap ${length(wrap.lengthMm)}`);
  if (note) describe.push(note.toLowerCase());
  const desc = describe.length ? `${describe.join(', ')}.` : 'No parts chosen yet.';

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 ${viewTop} ${WIDTH} ${height - viewTop}" preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="hw-drawing-title hw-drawing-desc">`,
    `<title id="hw-drawing-title">${escapeXml(title)}</title>`,
    `<desc id="hw-drawing-desc">${escapeXml(desc)}</desc>`,
    `<rect x="0" y="${viewTop}" width="${WIDTH}" height="${height - viewTop}" fill="#ffffff"/>`,
    ...out.parts,
    '</svg>',
  ].join('');
}
