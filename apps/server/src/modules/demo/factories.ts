/**
 * Inputs the demo shop (shop.ts) and the server tests' fixtures both build from: an assembly of the GEN
 * sample catalogue (components/sample-catalogue.json) by part number, and the bench steps of a passing build.
 */
import type { HoseAssemblyInputDraft } from '@hosewright/domain';

/** The worked example: GEN-2SN-08, two 90° JIC ends with FER-SN-08, 1000 mm, 90° clockwise (890 mm cut). */
export function exampleInput(ids: Record<string, string>, over: Partial<HoseAssemblyInputDraft> = {}) {
  return {
    hoseId: ids['GEN-2SN-08'],
    endA: { fittingId: ids['F-SN-08-FJX90'], ferruleId: ids['FER-SN-08'] },
    endB: { fittingId: ids['F-SN-08-FJX90'], ferruleId: ids['FER-SN-08'] },
    overallLengthMm: 1000,
    lengthMeasuredTo: 'centreline',
    orientationDeg: 90,
    orientationConvention: 'clockwise',
    quantity: 1,
    ...over,
  } as HoseAssemblyInputDraft;
}

/** An assembly of sample parts named by part number; both ends take the same ferrule. */
export interface SampleAssembly {
  hose: string;
  endA: string;
  endB: string;
  ferrule: string;
  lengthMm: number;
  /** The angle between two bent ends, clockwise; only when both ends are bent. */
  orientationDeg?: number;
  description?: string;
}

/** The builder's input for `assembly`, with the ids of the sample parts by part number. */
export function sampleAssemblyInput(
  ids: Record<string, string>,
  assembly: SampleAssembly,
  over: Partial<HoseAssemblyInputDraft> = {},
): HoseAssemblyInputDraft {
  const id = (partNumber: string) => {
    const found = ids[partNumber];
    if (!found) throw new Error(`No ${partNumber} in the sample catalogue`);
    return found;
  };
  return exampleInput(ids, {
    hoseId: id(assembly.hose),
    endA: { fittingId: id(assembly.endA), ferruleId: id(assembly.ferrule) },
    endB: { fittingId: id(assembly.endB), ferruleId: id(assembly.ferrule) },
    overallLengthMm: assembly.lengthMm,
    orientationDeg: assembly.orientationDeg,
    orientationConvention: assembly.orientationDeg === undefined ? undefined : 'clockwise',
    description: assembly.description ?? '',
    ...over,
  });
}

/** Every bench step of every unit of the worked example, in order, as a passing build records them. */
export const PASSING_STEPS = [
  { step: 'cut', cutLength: { value: 890, unit: 'mm' } },
  { step: 'assemble' },
  { step: 'crimp', endA: { value: 24.4, unit: 'mm' }, endB: { value: 24.45, unit: 'mm' } },
  { step: 'clean' },
  { step: 'cap' },
  { step: 'test', pressure: { value: 8000, unit: 'psi' }, holdSeconds: 60, result: 'pass' },
  { step: 'tag' },
] as const;
