/**
 * How the bench reads what a person types and where a unit stands. Measurements go to the server as typed, in
 * the reader's unit (`{ value, unit }`, the domain's `measured*Schema`), so the record says what the gauge
 * said; the server converts them.
 */
import {
  BUILD_STEPS,
  type BuildStep,
  type MeasuredDiameter,
  type MeasuredLength,
  type MeasuredPressure,
  MM_PER_INCH,
  PROOF_TEST_MAX_HOLD_S,
  PROOF_TEST_MIN_HOLD_S,
  type WorkOrderUnit,
} from '@hosewright/domain';

/** A unit's required steps in bench order, whatever order the answer lists them in. */
export function orderedSteps(unit: WorkOrderUnit): BuildStep[] {
  return BUILD_STEPS.filter((step) => unit.requiredSteps.includes(step));
}

export function stepsDone(unit: WorkOrderUnit): number {
  return unit.requiredSteps.filter((step) => unit.steps[step] !== undefined).length;
}

/**
 * The step to do next: the first required one not recorded. None once all are done, and none after a failed
 * proof test: that unit is never tagged or shipped.
 */
export function nextStep(unit: WorkOrderUnit): BuildStep | null {
  if (unit.test?.result === 'fail') return null;
  return orderedSteps(unit).find((step) => unit.steps[step] === undefined) ?? null;
}

export type Reading<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

const DECIMAL = /^(\d+(?:\.\d*)?|\.\d+)$/;

/** '24.65', '24.65 mm', '0.970 in', '0.970"' -> the number and its unit; a bare number is in `unit`. */
function readWithUnit<U extends string>(
  text: string,
  unit: U,
  units: Readonly<Record<string, U>>,
): Reading<{ value: number; unit: U }, 'empty' | 'unreadable' | 'zero'> {
  const input = text.trim().toLowerCase();
  if (!input) return { ok: false, error: 'empty' };
  const match = /^(.*?)\s*([a-z"]+)?$/.exec(input);
  const amount = match?.[1] ?? '';
  const written = match?.[2];
  const chosen = written === undefined ? unit : units[written];
  if (chosen === undefined || !DECIMAL.test(amount)) return { ok: false, error: 'unreadable' };
  const value = Number(amount);
  if (!(value > 0)) return { ok: false, error: 'zero' };
  return { ok: true, value: { value, unit: chosen } };
}

const DIAMETER_UNITS: Readonly<Record<string, MeasuredDiameter['unit']>> = { mm: 'mm', in: 'in', '"': 'in' };
const PRESSURE_UNITS: Readonly<Record<string, MeasuredPressure['unit']>> = { psi: 'psi', bar: 'bar' };

/**
 * A measured crimp diameter as typed, to the gauge's precision (a length field rounds to 0.1 mm, too coarse
 * for a tolerance of ±0.2 mm).
 */
export function readDiameter(text: string, unit: MeasuredDiameter['unit']) {
  return readWithUnit(text, unit, DIAMETER_UNITS);
}

/** A test pressure as typed: a bare number is in the reader's unit, '8000 psi' or '550 bar' says its own. */
export function readPressure(text: string, unit: MeasuredPressure['unit']) {
  return readWithUnit(text, unit, PRESSURE_UNITS);
}

/** A length read into mm (by the units' `parseLength`) sent in the reader's unit: mm, or inches to 0.001. */
export function lengthInUnit(mm: number, unit: 'mm' | 'in'): MeasuredLength {
  return unit === 'mm'
    ? { value: mm, unit: 'mm' }
    : { value: Math.round((mm / MM_PER_INCH) * 1000) / 1000, unit: 'in' };
}

/** The proof test's hold time in whole seconds, within what the domain allows. */
export function readHoldSeconds(text: string): Reading<number, 'unreadable' | 'range'> {
  const input = text.trim().replace(/\s*s$/i, '');
  if (!/^\d+$/.test(input)) return { ok: false, error: 'unreadable' };
  const seconds = Number(input);
  if (seconds < PROOF_TEST_MIN_HOLD_S || seconds > PROOF_TEST_MAX_HOLD_S)
    return { ok: false, error: 'range' };
  return { ok: true, value: seconds };
}
