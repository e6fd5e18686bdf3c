/**
 * The bench and completion (ADR 18). The bench records one step of one unit per call, with its
 * measurements converted to mm and psi; a crimp outside its spec's tolerance and a proof test below 1.5 × the
 * working pressure are refused before anything is written. Completion turns the reservations into
 * `consumption` rows of the ledger (ADR 17), records every unit as a built serial and closes the work order,
 * all in the caller's transaction: a refusal anywhere rolls all of it back.
 */
import {
  AppErrorCode,
  BUILD_STEP_LABELS,
  type BuildStep,
  type BuildStepInput,
  crimpDeviationMm,
  defaultTestPressurePsi,
  formatLength,
  formatPressure,
  measuredLengthMm,
  measuredPressurePsi,
  PROOF_TEST_FACTOR,
  PROOF_TEST_MIN_FACTOR,
  PSI_PER_BAR,
  requiredBuildSteps,
  type UnitSystem,
  type WorkOrder,
  type WorkOrderStatus,
} from '@hosewright/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  hoseAssemblies,
  hoseAssemblySerials,
  stockReservations,
  workOrderLines,
  workOrders,
  workOrderUnits,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoredSpec } from '../assemblies/service.ts';
import { openLedger } from '../inventory/ledger.ts';
import { unitsOf } from '../organization/service.ts';
import { getWorkOrder, lockWorkOrder } from './service.ts';

/** Who did a step, as `work_order_units.steps` keeps it. */
export interface StoredStep {
  at: string;
  byId: string | null;
  byName: string | null;
}

/** The proof test as `work_order_units.test` keeps it. */
export interface StoredTest extends StoredStep {
  pressurePsi: number;
  holdSeconds: number;
  result: 'pass' | 'fail';
}

export interface StoredCrimpEnd {
  targetMm: number | null;
  toleranceMm: number | null;
  die: string | null;
  specRevision: string | null;
  measuredMm: number | null;
}

/** `work_order_units.crimp`: the targets copied at release and what the bench measured. */
export interface StoredCrimp {
  endA: StoredCrimpEnd;
  endB: StoredCrimpEnd;
}

type StoredSteps = Partial<Record<BuildStep, StoredStep>>;

/** A cut may differ from the assembly's cut length by this share before it is refused. */
const CUT_LENGTH_TOLERANCE = 0.05;

const END_NAMES = { endA: 'End A', endB: 'End B' } as const;

/** Crimp diameters keep their precision: '24.65 mm', '0.970 in' (as the spec sheet writes them). */
const diameter = (mm: number, units: UnitSystem) =>
  formatLength(mm, units, { inchDecimals: 3, mmDecimals: 2 });

/**
 * A minimum pressure as the reader's unit shows it, rounded up (whole psi; whole bar from 100 bar, else
 * tenths), so the figure the message gives always passes.
 */
function atLeast(psi: number, units: UnitSystem): string {
  if (units === 'imperial') return formatPressure(Math.ceil(psi - 1e-9), units);
  const bar = psi / PSI_PER_BAR;
  const step = bar >= 100 ? 1 : 0.1;
  return formatPressure(Math.ceil(bar / step - 1e-9) * step * PSI_PER_BAR, units);
}

function badStep(message: string, field?: string): AppError {
  return new AppError(
    AppErrorCode.BadRequest,
    message,
    field ? { issues: [{ path: [field], message }] } : undefined,
  );
}

/** Why a work order in `status` takes no bench step, and what to do. */
function notBuildable(number: string, status: WorkOrderStatus): AppError | null {
  switch (status) {
    case 'draft':
      return new AppError(
        AppErrorCode.Conflict,
        `Work order ${number} is still a draft. Release it first: that reserves its stock and numbers its units.`,
      );
    case 'completed':
      return new AppError(
        AppErrorCode.Conflict,
        `Work order ${number} is completed: its units are built and their records cannot change.`,
      );
    case 'cancelled':
      return new AppError(
        AppErrorCode.Conflict,
        `Work order ${number} is cancelled: nothing more is built on it. Make a new work order to build these assemblies.`,
      );
    default:
      return null;
  }
}

/** The unit of the work order with what its line builds (404 when it is not this work order's). */
async function unitWithAssembly(tx: Tx, organizationId: string, workOrderId: string, unitId: string) {
  const [found] = await tx
    .select({ unit: workOrderUnits, spec: hoseAssemblies.spec })
    .from(workOrderUnits)
    .innerJoin(workOrderLines, eq(workOrderLines.id, workOrderUnits.lineId))
    .innerJoin(hoseAssemblies, eq(hoseAssemblies.id, workOrderLines.hoseAssemblyId))
    .where(
      and(
        eq(workOrderUnits.organizationId, organizationId),
        eq(workOrderUnits.workOrderId, workOrderId),
        eq(workOrderUnits.id, unitId),
      ),
    );
  if (!found) throw AppError.notFound('This unit');
  return { unit: found.unit, computed: (found.spec as StoredSpec).computed };
}

/** The crimp of both ends measured, or the refusal naming every end outside its tolerance. */
function measuredCrimp(
  crimp: StoredCrimp,
  input: Extract<BuildStepInput, { step: 'crimp' }>,
  units: UnitSystem,
): StoredCrimp {
  const problems: { end: 'endA' | 'endB'; message: string }[] = [];
  const next = { endA: { ...crimp.endA }, endB: { ...crimp.endB } };
  for (const end of ['endA', 'endB'] as const) {
    // To the micrometre: finer than any crimp gauge reads, coarse enough to keep float noise out.
    const measuredMm = Math.round(measuredLengthMm(input[end]) * 1000) / 1000;
    const { targetMm, toleranceMm } = crimp[end];
    if (targetMm !== null && toleranceMm !== null) {
      const off = crimpDeviationMm(measuredMm, { targetMm, toleranceMm });
      if (off > 0) {
        const over = measuredMm > targetMm;
        const limit = over ? targetMm + toleranceMm : targetMm - toleranceMm;
        problems.push({
          end,
          message:
            `${END_NAMES[end]} measures ${diameter(measuredMm, units)}: ${diameter(off, units)} ` +
            `${over ? 'over' : 'under'} its crimp spec of ${diameter(targetMm, units)} ± ${diameter(toleranceMm, units)} ` +
            `(${over ? 'at most' : 'at least'} ${diameter(limit, units)})`,
        });
      }
    }
    next[end].measuredMm = measuredMm;
  }
  if (problems.length) {
    const message = `${problems.map((p) => p.message).join('. ')}. Re-crimp or scrap this unit; nothing was recorded.`;
    throw new AppError(AppErrorCode.BadRequest, message, {
      issues: problems.map((p) => ({ path: [p.end], message: p.message })),
    });
  }
  return next;
}

/**
 * Records one bench step of one unit and answers the work order. The first step moves a released work order
 * to in progress; recording a step again replaces it (a re-test after a re-crimp). A crimp outside tolerance,
 * a cut far off the assembly's cut length and a test below 1.5 × the working pressure are refused (400) and
 * change nothing.
 */
export async function recordStep(
  tx: Tx,
  organizationId: string,
  user: { id: string; name: string },
  workOrderId: string,
  unitId: string,
  input: BuildStepInput,
): Promise<WorkOrder> {
  const order = await lockWorkOrder(tx, organizationId, workOrderId);
  const refusal = notBuildable(order.number, order.status as WorkOrderStatus);
  if (refusal) throw refusal;
  const { unit, computed } = await unitWithAssembly(tx, organizationId, workOrderId, unitId);
  if (unit.completedAt) {
    throw new AppError(
      AppErrorCode.Conflict,
      `Unit ${unit.index} (serial ${unit.serialId}) is completed: its record cannot change.`,
    );
  }
  const { units } = await unitsOf(tx, organizationId, user.id);
  const at = new Date().toISOString();
  const by: StoredStep = { at, byId: user.id, byName: user.name };
  const steps: StoredSteps = { ...((unit.steps ?? {}) as StoredSteps), [input.step]: by };
  const changes: Partial<typeof workOrderUnits.$inferInsert> = {};

  switch (input.step) {
    case 'cut': {
      const cutMm = Math.round(measuredLengthMm(input.cutLength) * 10) / 10;
      const expected = computed.cutLengthMm;
      if (Math.abs(cutMm - expected) > expected * CUT_LENGTH_TOLERANCE) {
        throw badStep(
          `The cut length ${formatLength(cutMm, units)} is more than ${CUT_LENGTH_TOLERANCE * 100}% off this assembly's cut length of ${formatLength(expected, units)}. Measure again, or cut a new piece to ${formatLength(expected, units)}.`,
          'cutLength',
        );
      }
      changes.cutLengthMm = cutMm;
      break;
    }
    case 'skive':
      if (!unit.skive) throw badStep('This hose is not skived: there is no skive step for this unit.');
      break;
    case 'assemble':
      changes.assembledBy = user.id;
      break;
    case 'crimp': {
      changes.crimp = measuredCrimp(unit.crimp as StoredCrimp, input, units);
      // A proof test is of the crimp as it is now: a re-crimp needs a new test.
      if (unit.test) {
        changes.test = null;
        delete steps.test;
      }
      break;
    }
    case 'test': {
      if (!(unit.steps as StoredSteps).crimp) {
        throw badStep('Crimp both ends of this unit before its proof test.');
      }
      const pressurePsi = measuredPressurePsi(input.pressure);
      const workingPsi = computed.maxWorkingPressurePsi;
      const minimumPsi = workingPsi * PROOF_TEST_MIN_FACTOR;
      if (pressurePsi < minimumPsi - 1e-6) {
        throw badStep(
          `A proof test at ${formatPressure(pressurePsi, units)} is below ${PROOF_TEST_MIN_FACTOR} × this assembly's working pressure of ${formatPressure(workingPsi, units)}. Test at ${atLeast(minimumPsi, units)} at least; the default is ${PROOF_TEST_FACTOR} ×, ${formatPressure(defaultTestPressurePsi(workingPsi), units)}.`,
          'pressure',
        );
      }
      const test: StoredTest = {
        pressurePsi: Math.round(pressurePsi * 10) / 10,
        holdSeconds: input.holdSeconds,
        result: input.result,
        ...by,
      };
      changes.test = test;
      break;
    }
    case 'clean':
    case 'cap':
    case 'tag':
      break;
  }

  await tx
    .update(workOrderUnits)
    .set({ ...changes, steps })
    .where(and(eq(workOrderUnits.organizationId, organizationId), eq(workOrderUnits.id, unit.id)));
  await tx
    .update(workOrders)
    .set({ status: 'inProgress', updatedAt: new Date() })
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, workOrderId)));
  return getWorkOrder(tx, organizationId, workOrderId);
}

/** What keeps a unit from completion, in words; empty when it is ready. */
function notReadyReasons(unit: typeof workOrderUnits.$inferSelect): string[] {
  const steps = (unit.steps ?? {}) as StoredSteps;
  const crimp = unit.crimp as StoredCrimp;
  const test = unit.test as StoredTest | null;
  const reasons: string[] = [];
  const missing = requiredBuildSteps(unit.skive).filter((s) => !steps[s]);
  if (missing.length) {
    reasons.push(`${missing.map((s) => BUILD_STEP_LABELS[s].toLowerCase()).join(', ')} not recorded`);
  }
  const unmeasured = (['endA', 'endB'] as const).filter((end) => crimp[end].measuredMm === null);
  if (steps.crimp && unmeasured.length) {
    reasons.push(`no crimp diameter for ${unmeasured.map((end) => END_NAMES[end]).join(' and ')}`);
  }
  if (test?.result === 'fail') reasons.push('the proof test failed');
  return reasons;
}

/**
 * Completes the work order in the caller's transaction: every unit ready, the reserved stock consumed
 * through the ledger (a shortage refuses with the ledger's message and rolls all of it back), every unit a
 * built serial, the order closed. Answers the work order.
 */
export async function completeWorkOrder(
  tx: Tx,
  organizationId: string,
  userId: string,
  workOrderId: string,
): Promise<WorkOrder> {
  const order = await lockWorkOrder(tx, organizationId, workOrderId);
  const status = order.status as WorkOrderStatus;
  if (status === 'completed')
    throw new AppError(AppErrorCode.Conflict, 'This work order is already completed');
  if (status === 'cancelled') {
    throw new AppError(
      AppErrorCode.Conflict,
      `Work order ${order.number} is cancelled and cannot be completed. Make a new work order to build these assemblies.`,
    );
  }
  if (status === 'draft') {
    throw new AppError(
      AppErrorCode.Conflict,
      `Work order ${order.number} is still a draft. Release it, build and test every unit, then complete it.`,
    );
  }
  if (status === 'released') {
    throw new AppError(
      AppErrorCode.Conflict,
      `No unit of work order ${order.number} has been built yet. Record the bench steps of every unit (cut to tag, with a passed proof test), then complete it.`,
    );
  }
  const units = await tx
    .select({ unit: workOrderUnits, hoseAssemblyId: workOrderLines.hoseAssemblyId })
    .from(workOrderUnits)
    .innerJoin(workOrderLines, eq(workOrderLines.id, workOrderUnits.lineId))
    .where(
      and(eq(workOrderUnits.organizationId, organizationId), eq(workOrderUnits.workOrderId, workOrderId)),
    )
    .orderBy(asc(workOrderUnits.index));
  const notReady = units
    .map(({ unit }) => ({ unit, reasons: notReadyReasons(unit) }))
    .filter((u) => u.reasons.length > 0);
  if (notReady.length) {
    const shown = notReady.slice(0, 10);
    const list = shown
      .map(({ unit, reasons }) => `unit ${unit.index} (serial ${unit.serialId}): ${reasons.join('; ')}`)
      .join('. ');
    const more = notReady.length > shown.length ? `. And ${notReady.length - shown.length} more` : '';
    const count = notReady.length === 1 ? '1 unit is' : `${notReady.length} units are`;
    throw new AppError(
      AppErrorCode.Conflict,
      `${count} not ready: ${list}${more}. Finish ${notReady.length === 1 ? 'it' : 'them'}, then complete the work order.`,
      {
        units: notReady.map(({ unit, reasons }) => ({
          unitId: unit.id,
          index: unit.index,
          serialId: unit.serialId,
          reasons,
        })),
      },
    );
  }

  const reservations = await tx
    .select()
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.organizationId, organizationId),
        eq(stockReservations.workOrderId, workOrderId),
      ),
    )
    // The order release locks levels in, so a completion and a release at once cannot deadlock.
    .orderBy(asc(stockReservations.componentId), sql`${stockReservations.locationId} asc nulls first`);
  const ledger = openLedger(tx, organizationId, userId);
  for (const r of reservations) {
    if (!(r.quantity > 0)) continue;
    try {
      await ledger.record({
        type: 'consumption',
        componentId: r.componentId,
        warehouseId: r.warehouseId,
        locationId: r.locationId,
        pieceId: r.pieceId,
        quantity: -r.quantity,
        reference: order.number,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === AppErrorCode.Conflict) {
        throw new AppError(
          AppErrorCode.Conflict,
          `${error.message}. Work order ${order.number} needs it and was not completed: receive or move the stock there, then complete it again.`,
          error.details,
        );
      }
      throw error;
    }
  }
  await tx
    .delete(stockReservations)
    .where(
      and(
        eq(stockReservations.organizationId, organizationId),
        eq(stockReservations.workOrderId, workOrderId),
      ),
    );

  const now = new Date();
  if (units.length) {
    await tx.insert(hoseAssemblySerials).values(
      units.map(({ unit, hoseAssemblyId }) => ({
        organizationId,
        serialId: unit.serialId,
        hoseAssemblyId,
        replacesSerialId: unit.replacesSerialId,
        builtBy: unit.assembledBy ?? userId,
        builtAt: now,
      })),
    );
  }
  await tx
    .update(workOrderUnits)
    .set({ completedAt: now })
    .where(
      and(eq(workOrderUnits.organizationId, organizationId), eq(workOrderUnits.workOrderId, workOrderId)),
    );
  await tx
    .update(workOrders)
    .set({ status: 'completed', completedAt: now, completedBy: userId, updatedAt: now })
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, workOrderId)));
  return getWorkOrder(tx, organizationId, workOrderId);
}
