/**
 * Valid inputs for every component kind, shared by the server tests and the cross-tenant fixtures.
 * `overrides` win; part numbers are unique per call unless given.
 */
import type { ComponentInput, ComponentKind } from '@hosewright/domain';

let sequence = 0;

export function componentInput<K extends ComponentKind>(
  kind: K,
  overrides: Record<string, unknown> = {},
): Extract<ComponentInput, { kind: K }> {
  sequence += 1;
  const partNumber = `T-${kind.toUpperCase()}-${sequence}`;
  const base = { kind, partNumber, brand: 'ACME', description: `Test ${kind} ${sequence}`, cost: 2.5 };
  const byKind: Record<ComponentKind, Record<string, unknown>> = {
    hose: {
      series: 'AC',
      dash: -8,
      workingPressurePsi: 4000,
      burstPressurePsi: 16000,
      skive: false,
      costUnit: 'ft',
    },
    crimpFitting: {
      series: 'AC',
      dash: -8,
      endType: 'JIC37',
      thread: '3/4-16',
      gender: 'F',
      swivel: true,
      angle: 90,
      pieces: 2,
      cutoffMm: 55,
      workingPressurePsi: 4500,
    },
    ferrule: { series: 'AC', dash: -8, skive: false },
    adaptor: { endA: 'JIC37 M -8', endB: 'ORB M -8', angle: 0, workingPressurePsi: 4500 },
    wrap: { style: 'nylon sleeve', fitsOdMinMm: 18, fitsOdMaxMm: 25, costUnit: 'm' },
    otherItem: { costUnit: 'each' },
  };
  return { ...base, ...byKind[kind], ...overrides } as unknown as Extract<ComponentInput, { kind: K }>;
}

/** mulberry32: the same sequence of numbers in [0, 1) for the same seed, so a failure can be run again. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in a seeded random order (Fisher-Yates over `seededRandom`). */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
