/** The assembly drawing: what a clerk, a customer or a screen reader gets from the SVG. */
import { describe, expect, it } from 'vitest';
import {
  type AssemblyDrawingEnd,
  type AssemblyDrawingModel,
  assemblyDrawingSvg,
  drawingModelOf,
  formatMm,
} from './drawing.ts';

const jic = (angle: number, partNumber = 'F-SN-08-FJX90'): AssemblyDrawingEnd => ({
  endType: 'JIC37',
  dash: -8,
  angle,
  gender: 'F',
  partNumber,
});

/** The worked example of assemblies.test.ts: 1000 mm overall, two 90° JIC ends, 890 mm cut length. */
const example = (over: Partial<AssemblyDrawingModel> = {}): AssemblyDrawingModel => ({
  partNumber: 'HA-0001_A',
  hose: 'GEN-2SN-08',
  endA: jic(90),
  endB: jic(90),
  overallLengthMm: 1000,
  cutLengthMm: 890,
  orientationDeg: 90,
  orientationConvention: 'cw',
  ...over,
});

/** The visible words of the drawing, in order. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] ?? '').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
  );
}

describe('assemblyDrawingSvg', () => {
  it('labels both ends with their end type, gender, dash and angle, and the fitting part numbers', () => {
    const words = texts(assemblyDrawingSvg(example({ endB: jic(0, 'F-SN-08-FJX') })));
    expect(words).toContain('End A: JIC37 F -8 90°');
    expect(words).toContain('End B: JIC37 F -8 straight');
    expect(words).toContain('F-SN-08-FJX90');
    expect(words).toContain('F-SN-08-FJX');
    expect(words).toContain('GEN-2SN-08');
  });

  it('shows the overall and cut lengths in millimetres', () => {
    const words = texts(assemblyDrawingSvg(example()));
    expect(words).toContain('Overall 1,000 mm');
    expect(words).toContain('Cut length 890 mm');
  });

  it('shows the lengths in inches with fractions for an imperial reader', () => {
    const svg = assemblyDrawingSvg(
      example({
        overallLengthMm: 1000.1,
        cutLengthMm: 889,
        wrap: { lengthMm: 609.6, label: 'W-SPIRAL-25' },
        units: 'imperial',
      }),
    );
    const words = texts(svg);
    expect(words).toContain('Overall 39-3/8 in');
    expect(words).toContain('Cut length 35 in');
    expect(words).toContain('W-SPIRAL-25: 24 in');
    expect(svg).toMatch(/<desc[^>]*>[^<]*overall length 39-3\/8 in, cut length 35 in/);
    expect(svg).not.toMatch(/ mm/);
  });

  it('draws a 90° end as an elbow, a 45° end as a 45° bend and a straight end straight', () => {
    const bent = assemblyDrawingSvg(example({ endB: jic(45) }));
    expect(bent).toMatch(/data-end="A" data-shape="elbow-90"/);
    expect(bent).toMatch(/data-end="B" data-shape="elbow-45"/);
    const straight = assemblyDrawingSvg(example({ endA: jic(0), endB: jic(0) }));
    expect(straight).toMatch(/data-end="A" data-shape="straight"/);
    expect(straight).toMatch(/data-end="B" data-shape="straight"/);
    expect(straight).not.toContain('elbow');
  });

  it('writes the orientation and its convention only when both ends are bent', () => {
    const both = texts(assemblyDrawingSvg(example()));
    expect(both).toContain('Orientation 90° clockwise (±5°)');
    expect(both).toContain("viewed from End A with End B at 12 o'clock");

    const ccw = texts(assemblyDrawingSvg(example({ orientationConvention: 'ccw', overallLengthMm: 500 })));
    expect(ccw).toContain('Orientation 90° counter-clockwise (±3°)');

    const oneBent = assemblyDrawingSvg(example({ endB: jic(0) }));
    expect(texts(oneBent).join(' ')).not.toMatch(/Orientation/);
  });

  it('draws a wrap as a hatched sleeve and states its length', () => {
    const svg = assemblyDrawingSvg(example({ wrap: { lengthMm: 600, label: 'W-SPIRAL-25' } }));
    expect(svg).toContain('data-part="wrap"');
    expect(texts(svg)).toContain('W-SPIRAL-25: 600 mm');
    expect(assemblyDrawingSvg(example())).not.toContain('data-part="wrap"');
  });

  it('is accessible and scales to any width: a title, a description and a viewBox', () => {
    const svg = assemblyDrawingSvg(example());
    expect(svg).toMatch(/^<svg [^>]*viewBox="[-\d. ]+"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title id="hw-drawing-title">Hose assembly HA-0001_A</title>');
    expect(svg).toMatch(
      /<desc[^>]*>Hose GEN-2SN-08, End A JIC37 F -8 90°, End B JIC37 F -8 90°, overall length 1,000 mm/,
    );
  });

  it('keeps to plain SVG the PDF renderer understands', () => {
    const svg = assemblyDrawingSvg(example({ wrap: { lengthMm: 300 } }));
    expect(svg).not.toMatch(/class=|<style|foreignObject|<pattern|url\(/);
  });

  it('escapes text so a part number cannot break the SVG', () => {
    const svg = assemblyDrawingSvg(example({ hose: 'A<B>&"C' }));
    expect(svg).toContain('A&lt;B&gt;&amp;&quot;C');
    expect(svg).not.toContain('A<B>');
  });

  it('draws a hose with no ends yet and an empty model without failing', () => {
    const empty = assemblyDrawingSvg({ endA: null, endB: null, overallLengthMm: null });
    expect(empty).toContain('<desc id="hw-drawing-desc">No parts chosen yet.</desc>');
    expect(empty.endsWith('</svg>')).toBe(true);
    expect(texts(empty).join(' ')).not.toMatch(/Overall|End A/);
  });
});

describe('formatMm', () => {
  it('groups thousands and keeps one decimal', () => {
    expect(formatMm(890)).toBe('890 mm');
    expect(formatMm(12500)).toBe('12,500 mm');
    expect(formatMm(12.25)).toBe('12.3 mm');
  });
});

describe('drawingModelOf', () => {
  const fitting = (angle: number) => ({
    _id: 'f',
    kind: 'crimpFitting' as const,
    partNumber: `F-${angle}`,
    brand: 'GEN',
    description: '',
    endType: 'JIC37',
    gender: 'F',
    dash: -8,
    angle,
  });
  const parts = {
    hose: { _id: 'h', kind: 'hose' as const, partNumber: 'GEN-2SN-08', brand: 'GEN', description: '' },
    endA: { fitting: fitting(90), ferrule: null, adaptor: null },
    endB: {
      fitting: fitting(0),
      ferrule: null,
      adaptor: {
        _id: 'a',
        kind: 'adaptor' as const,
        partNumber: 'A-MJ08-MORB08',
        brand: 'GEN',
        description: '',
        endA: 'JIC37 M -8',
        endB: 'ORB M -8',
        angle: 0,
      },
    },
    wrap: {
      _id: 'w',
      kind: 'wrap' as const,
      partNumber: 'W-SPIRAL-25',
      brand: 'GEN',
      description: '',
      lengthMm: 500,
    },
  };

  it('labels an end with an adaptor by the adaptor’s outer end and names both parts', () => {
    const model = drawingModelOf({ title: 'C-1_A', parts, overallLengthMm: 1000, cutLengthMm: 900 });
    expect(model.endB).toMatchObject({
      endType: 'ORB',
      gender: 'M',
      angle: 0,
      partNumber: 'F-0 + A-MJ08-MORB08',
    });
    expect(model.endA).toMatchObject({ endType: 'JIC37', angle: 90, partNumber: 'F-90' });
    expect(model.wrap).toEqual({ lengthMm: 500, label: 'W-SPIRAL-25' });
    expect(texts(assemblyDrawingSvg(model))).toContain('End B: ORB M -8 straight');
  });
});
