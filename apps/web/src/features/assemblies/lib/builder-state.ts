/**
 * The builder's form state and what it becomes: the draft the server computes and saves
 * (`HoseAssemblyInputDraft`), and the same computation done at once in the browser from the parts already
 * loaded (`computeAssembly` from the domain), so the cut length shows before the server answers.
 */

import type { CompatiblePartsAnswer } from '@hosewright/domain';
import {
  type Adaptor,
  type AssemblyComputation,
  type AssemblyEndParts,
  type AssemblyFinding,
  type AssemblyParts,
  type AssemblyPricingOptions,
  assemblyConfirmationSchema,
  computeAssembly,
  type HoseAssembly,
  type HoseAssemblyInputDraft,
  isAssemblyEndBent,
  type LengthMeasuredTo,
  lengthInputText,
  measuringPointOf,
  type OrientationConvention,
  parseLength,
  parsePressure,
  pressureInputText,
  type SafetyConfirmationCode,
  type UnitSystem,
  type Wrap,
} from '@hosewright/domain';

export interface EndState {
  fittingId: string;
  ferruleId: string;
  adaptorId: string;
}

/**
 * A safety finding as the clerk answers it (ADR 22): ticked to confirm, with the reason typed. A confirmation
 * is for the finding as it was: `message` is the finding's text when it was ticked (null until compared with
 * the computation, as when a saved revision is opened), and a finding that then reads differently (another
 * temperature, another hose) is asked again (`reconcileConfirmations`).
 */
export interface ConfirmationState {
  checked: boolean;
  reason: string;
  message: string | null;
}

/**
 * The form as typed. Lengths and pressures are text in `units` (mm and bar, or inches and psi: '39-3/8');
 * `draftOf` reads them into mm and psi.
 */
export interface BuilderState {
  /** The units the length and pressure texts are written in. */
  units: UnitSystem;
  hoseId: string;
  endA: EndState;
  endB: EndState;
  wrapId: string;
  /** '' means the live length (the cut length). */
  wrapLength: string;
  overallLength: string;
  /** '' until the clerk chooses: the ends' own measuring point is used. */
  lengthMeasuredTo: LengthMeasuredTo | '';
  orientationDeg: string;
  orientationConvention: OrientationConvention;
  quantity: string;
  customerId: string;
  description: string;
  notes: string;
  workingPressure: string;
  tempC: string;
  bendRadius: string;
  media: string;
  confirmations: Partial<Record<SafetyConfirmationCode, ConfirmationState>>;
}

const emptyEnd = (): EndState => ({ fittingId: '', ferruleId: '', adaptorId: '' });

export function initialBuilderState(customerId = '', units: UnitSystem = 'metric'): BuilderState {
  return {
    units,
    hoseId: '',
    endA: emptyEnd(),
    endB: emptyEnd(),
    wrapId: '',
    wrapLength: '',
    overallLength: '',
    lengthMeasuredTo: '',
    orientationDeg: '',
    orientationConvention: 'clockwise',
    quantity: '1',
    customerId,
    description: '',
    notes: '',
    workingPressure: '',
    tempC: '',
    bendRadius: '',
    media: '',
    confirmations: {},
  };
}

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const lengthText = (mm: number | null | undefined, units: UnitSystem) =>
  mm === null || mm === undefined ? '' : lengthInputText(mm, units);
const pressureText = (psi: number | null | undefined, units: UnitSystem) =>
  psi === null || psi === undefined ? '' : pressureInputText(psi, units);

/** The form of a saved revision in the reader's units (edit: the next revision starts from it). */
export function builderStateOf(assembly: HoseAssembly, units: UnitSystem = 'metric'): BuilderState {
  const { spec } = assembly;
  const end = (e: HoseAssembly['spec']['endA']): EndState => ({
    fittingId: e.fittingId,
    ferruleId: e.ferruleId ?? '',
    adaptorId: e.adaptorId ?? '',
  });
  return {
    units,
    hoseId: spec.hoseId,
    endA: end(spec.endA),
    endB: end(spec.endB),
    wrapId: spec.wrap?.wrapId ?? '',
    wrapLength: lengthText(spec.wrap?.lengthMm, units),
    overallLength: lengthText(spec.overallLengthMm, units),
    lengthMeasuredTo: spec.lengthMeasuredTo,
    orientationDeg: text(spec.orientationDeg),
    orientationConvention: spec.orientationConvention ?? 'clockwise',
    quantity: text(spec.quantity) || '1',
    customerId: spec.customerId ?? assembly.customerId ?? '',
    description: spec.description ?? '',
    notes: spec.notes ?? '',
    workingPressure: pressureText(spec.application?.workingPressurePsi, units),
    tempC: text(spec.application?.tempC),
    bendRadius: lengthText(spec.application?.bendRadiusMm, units),
    media: spec.application?.media ?? '',
    confirmations: Object.fromEntries(
      (spec.confirmations ?? []).map((c) => [c.code, { checked: true, reason: c.reason, message: null }]),
    ),
  };
}

/**
 * The confirmations against the findings as they are now: one ticked for a finding that reads differently
 * than when it was ticked is unticked (its reason stays typed); one not yet compared takes the finding's
 * text. The same state when nothing changes.
 */
export function reconcileConfirmations(
  state: BuilderState,
  findings: readonly Pick<AssemblyFinding, 'code' | 'message'>[],
): BuilderState {
  let changed = false;
  const next = { ...state.confirmations };
  for (const f of findings) {
    const current = next[f.code];
    if (!current?.checked || current.message === f.message) continue;
    next[f.code] =
      current.message === null
        ? { ...current, message: f.message }
        : { ...current, checked: false, message: null };
    changed = true;
  }
  return changed ? { ...state, confirmations: next } : state;
}

/** The reason typed for a ticked finding is what the server takes (3 to 500 characters, trimmed). */
export function reasonError(reason: string): string | null {
  const read = assemblyConfirmationSchema.shape.reason.safeParse(reason);
  return read.success ? null : (read.error.issues[0]?.message ?? null);
}

/** A typed number, or undefined for empty or unreadable text ('1,000' reads as 1000). */
export function numberOf(value: string): number | undefined {
  const cleaned = value.replace(/[,\s]/g, '');
  if (!cleaned) return undefined;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : undefined;
}

/** A typed length in mm (`parseLength`), or undefined for empty or unreadable text. */
export function lengthOf(value: string, units: UnitSystem): number | undefined {
  const read = parseLength(value, units);
  return read.ok ? read.value : undefined;
}

/** A typed pressure in whole psi (`parsePressure`), or undefined for empty or unreadable text. */
export function pressureOf(value: string, units: UnitSystem): number | undefined {
  const read = parsePressure(value, units);
  return read.ok ? read.value : undefined;
}

/**
 * The same form in other units: each length and pressure that reads is written again in `units` (what can
 * not be read stays as typed).
 */
export function withUnits(state: BuilderState, units: UnitSystem): BuilderState {
  if (state.units === units) return state;
  const length = (value: string) => {
    const mm = lengthOf(value, state.units);
    return mm === undefined ? value : lengthInputText(mm, units);
  };
  const pressure = (value: string) => {
    const psi = pressureOf(value, state.units);
    return psi === undefined ? value : pressureInputText(psi, units);
  };
  return {
    ...state,
    units,
    wrapLength: length(state.wrapLength),
    overallLength: length(state.overallLength),
    bendRadius: length(state.bendRadius),
    workingPressure: pressure(state.workingPressure),
  };
}

/** The parts the form names, from what the builder loaded; null until hose and both fittings are chosen. */
export function partsOf(
  state: BuilderState,
  compatible: CompatiblePartsAnswer | undefined,
  adaptors: readonly Adaptor[],
  wraps: readonly Wrap[],
): AssemblyParts | null {
  if (!compatible || compatible.hose._id !== state.hoseId) return null;
  const end = (e: EndState): AssemblyEndParts | null => {
    const match = compatible.fittings.find((f) => f.item._id === e.fittingId);
    if (!match) return null;
    const ferrule =
      compatible.ferrules.find((f) => f.item._id === e.ferruleId)?.item ??
      (match.ferrule?._id === e.ferruleId ? match.ferrule : null);
    return {
      fitting: match.item,
      ferrule: ferrule ?? null,
      adaptor: adaptors.find((a) => a._id === e.adaptorId) ?? null,
    };
  };
  const endA = end(state.endA);
  const endB = end(state.endB);
  if (!endA || !endB) return null;
  return {
    hose: compatible.hose,
    endA,
    endB,
    wrap: wraps.find((w) => w._id === state.wrapId) ?? null,
    series: compatible.series ? [compatible.series] : [],
  };
}

/** Both chosen ends are bent: only then the orientation is asked for (`isAssemblyEndBent`). */
export function hasTwoBentEnds(parts: AssemblyParts | null): boolean {
  return !!parts && isAssemblyEndBent(parts.endA) && isAssemblyEndBent(parts.endB);
}

/** Where the overall length is measured: the clerk's choice, else End A's own measuring point. */
export function measuredToOf(state: BuilderState, parts: AssemblyParts | null): LengthMeasuredTo {
  if (state.lengthMeasuredTo) return state.lengthMeasuredTo;
  return parts ? measuringPointOf(parts.endA) : 'sealingSurface';
}

/**
 * The draft to compute and save; null while the hose, a fitting or the overall length is missing (the
 * server would only answer with what the form already says).
 */
export function draftOf(state: BuilderState, parts: AssemblyParts | null): HoseAssemblyInputDraft | null {
  const overall = lengthOf(state.overallLength, state.units);
  if (!state.hoseId || !state.endA.fittingId || !state.endB.fittingId || !overall || overall <= 0)
    return null;
  const bent = hasTwoBentEnds(parts);
  const orientation = numberOf(state.orientationDeg);
  const wrapLength = lengthOf(state.wrapLength, state.units);
  const pressure = pressureOf(state.workingPressure, state.units);
  const bendRadius = lengthOf(state.bendRadius, state.units);
  const end = (e: EndState) => ({
    fittingId: e.fittingId,
    ...(e.ferruleId ? { ferruleId: e.ferruleId } : {}),
    ...(e.adaptorId ? { adaptorId: e.adaptorId } : {}),
  });
  const application = {
    ...(pressure !== undefined ? { workingPressurePsi: pressure } : {}),
    ...(numberOf(state.tempC) !== undefined ? { tempC: numberOf(state.tempC) } : {}),
    ...(bendRadius !== undefined ? { bendRadiusMm: bendRadius } : {}),
    ...(state.media.trim() ? { media: state.media.trim() } : {}),
  };
  const confirmations = Object.entries(state.confirmations)
    .filter(([, c]) => c?.checked && reasonError(c.reason) === null)
    .map(([code, c]) => ({ code: code as SafetyConfirmationCode, reason: (c?.reason ?? '').trim() }));
  return {
    hoseId: state.hoseId,
    endA: end(state.endA),
    endB: end(state.endB),
    ...(state.wrapId
      ? { wrap: { wrapId: state.wrapId, ...(wrapLength ? { lengthMm: wrapLength } : {}) } }
      : {}),
    overallLengthMm: overall,
    lengthMeasuredTo: measuredToOf(state, parts),
    ...(bent && orientation !== undefined
      ? { orientationDeg: orientation, orientationConvention: state.orientationConvention }
      : {}),
    quantity: Math.max(1, Math.round(numberOf(state.quantity) ?? 1)),
    ...(state.customerId ? { customerId: state.customerId } : {}),
    description: state.description.trim(),
    notes: state.notes.trim(),
    ...(Object.keys(application).length ? { application } : {}),
    ...(confirmations.length ? { confirmations } : {}),
  };
}

/**
 * The computation in the browser, priced with `pricing` when the caller has it (`usePricingFor` in
 * `@/api/currencies`); without it, the default margin and labour in the base currency. The server's answer
 * carries the price either way.
 */
export function localComputation(
  draft: HoseAssemblyInputDraft | null,
  parts: AssemblyParts | null,
  /** The customer's terms and currency (rate), the organisation's default margin and labour rate. */
  pricing: AssemblyPricingOptions = {},
): AssemblyComputation | null {
  if (!draft || !parts) return null;
  try {
    return computeAssembly(
      parts,
      {
        overallLengthMm: draft.overallLengthMm,
        lengthMeasuredTo: draft.lengthMeasuredTo,
        orientationDeg: draft.orientationDeg ?? undefined,
        orientationConvention: draft.orientationConvention ?? undefined,
        application: draft.application
          ? {
              workingPressurePsi: draft.application.workingPressurePsi ?? undefined,
              tempC: draft.application.tempC ?? undefined,
              bendRadiusMm: draft.application.bendRadiusMm ?? undefined,
              media: draft.application.media ?? '',
            }
          : undefined,
        quantity: draft.quantity ?? 1,
        confirmations: draft.confirmations ?? [],
        ...(draft.wrap
          ? { wrap: { wrapId: draft.wrap.wrapId, lengthMm: draft.wrap.lengthMm ?? undefined } }
          : {}),
      },
      pricing,
    );
  } catch {
    return null;
  }
}
