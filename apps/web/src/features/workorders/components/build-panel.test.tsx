import {
  type BuildStepInput,
  measuredLengthMm,
  measuredPressurePsi,
  requiredBuildSteps,
  type WorkOrder,
  type WorkOrderUnit,
} from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createLine,
  createReleasedWorkOrder,
  createUnit,
  professional,
  userReading,
} from '../test-factories';

const STEP = 'POST /api/v1/workorder/wo-1/unit/unit-1/step';
const COMPLETE = 'POST /api/v1/workorder/wo-1/complete';
const FOREMAN = { _id: 'user-1', name: 'Casey Clerk' };
const AT = '2026-11-02T09:14:00.000Z';

/**
 * What the server answers a recorded step, as ADR 18 describes it: the step with who and when, its
 * measurements in mm and psi, the unit ready once every step is done and the test passed.
 */
function withStep(workOrder: WorkOrder, unitId: string, input: BuildStepInput): WorkOrder {
  const units = workOrder.units.map((unit): WorkOrderUnit => {
    if (unit._id !== unitId) return unit;
    const next: WorkOrderUnit = { ...unit, steps: { ...unit.steps, [input.step]: { at: AT, by: FOREMAN } } };
    if (input.step === 'cut') next.cutLengthMm = measuredLengthMm(input.cutLength);
    if (input.step === 'crimp') {
      next.crimp = {
        endA: { ...unit.crimp.endA, measuredMm: measuredLengthMm(input.endA) },
        endB: { ...unit.crimp.endB, measuredMm: measuredLengthMm(input.endB) },
      };
      // A proof test is of the crimp as it was: a re-crimp needs a new one.
      next.test = null;
      delete next.steps.test;
    }
    if (input.step === 'test') {
      next.test = {
        pressurePsi: Math.round(measuredPressurePsi(input.pressure)),
        holdSeconds: input.holdSeconds,
        result: input.result,
        by: FOREMAN,
        at: AT,
      };
    }
    next.ready = next.requiredSteps.every((s) => next.steps[s]) && next.test?.result === 'pass';
    return next;
  });
  return { ...workOrder, status: 'inProgress', units, unitsReady: units.filter((u) => u.ready).length };
}

const done = { at: AT, by: FOREMAN };
const stepsUpTo = (last: string) => {
  const steps = requiredBuildSteps(false);
  return Object.fromEntries(steps.slice(0, steps.indexOf(last as never) + 1).map((s) => [s, done]));
};

/** A stubbed server holding one work order that records steps; `refuse` answers a step with an error instead. */
function bench(
  workOrder: WorkOrder,
  units: 'metric' | 'imperial',
  refuse: (input: BuildStepInput, call: RecordedCall) => { status: number; body: unknown } | null = () =>
    null,
) {
  let current = workOrder;
  const stub = stubFetch({
    ...professional(),
    ...userReading(units),
    'GET /api/v1/workorder/wo-1': () => ({ body: current }),
    [STEP]: (call) => {
      const input = JSON.parse(call.body ?? '{}') as BuildStepInput;
      const refused = refuse(input, call);
      if (refused) return refused;
      current = withStep(current, 'unit-1', input);
      return { body: current };
    },
    [COMPLETE]: () => {
      current = { ...current, status: 'completed', completedAt: AT, picks: [] };
      return { body: current };
    },
  });
  const sent = () =>
    stub.calls.filter((c) => `${c.method} ${c.path}` === STEP).map((c) => JSON.parse(c.body ?? '{}'));
  return { ...stub, sent };
}

const user = () => userEvent.setup({ delay: null });

async function panel() {
  return screen.findByRole('region', { name: 'Build' });
}

async function stepsOf(index: number) {
  return screen.findByRole('list', { name: `Steps of unit ${index}` });
}

function activeStep(steps: HTMLElement) {
  const active = steps.querySelector<HTMLElement>('[aria-current="step"]');
  if (!active) throw new Error('No step is open');
  return active;
}

describe('the bench', { timeout: 60_000 }, () => {
  it('lists the units with their progress, opens one, records the cut in the reader’s mm and opens the next step', async () => {
    const { sent } = bench(createReleasedWorkOrder(), 'metric');
    renderApp('/workorder/wo-1', signedInDouble());
    const build = await panel();
    const list = within(build).getByRole('list', { name: 'Units of WO-00042' });
    const first = within(list).getByRole('button', { name: /Unit 1 · 7K3M9Q2XAB/ });
    expect(first.textContent).toContain('0 of 7 steps · Next: Cut');
    expect(within(list).getByRole('button', { name: /Unit 2 · 7K3M9Q2XAC/ })).toBeTruthy();

    const u = user();
    await u.click(first);
    const steps = await stepsOf(1);
    expect(within(build).getByRole('heading', { name: 'Unit 1 of 2 · 7K3M9Q2XAB' })).toBeTruthy();
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-step')),
    ).toEqual(['cut', 'assemble', 'crimp', 'clean', 'cap', 'test', 'tag']);
    const cut = activeStep(steps);
    const length = within(cut).getByRole('textbox', { name: 'Cut length' }) as HTMLInputElement;
    expect(length.value).toBe('890');
    expect(within(cut).getByText('The assembly is cut to 890 mm.')).toBeTruthy();

    await u.click(within(cut).getByRole('button', { name: 'Record cut' }));
    expect(await within(build).findByText('Cut recorded. Next: Assemble.')).toBeTruthy();
    expect(sent()).toEqual([{ step: 'cut', cutLength: { value: 890, unit: 'mm' } }]);

    // The cut is kept with who did it; the next step is open with its one button.
    const recorded = within(steps).getByRole('listitem', { name: /^Cut/ });
    expect(within(recorded).getByText('Cut length 890 mm')).toBeTruthy();
    expect(within(recorded).getByText(/^Done by Casey Clerk · Nov 2, 2026/)).toBeTruthy();
    expect(activeStep(steps).getAttribute('data-step')).toBe('assemble');

    // A cut may be measured again until the fittings go on; changing one's mind keeps the record.
    await u.click(within(recorded).getByRole('button', { name: 'Cut again' }));
    expect(activeStep(steps)).toBe(recorded);
    expect(within(recorded).getByRole('textbox', { name: 'Cut length' })).toBeTruthy();
    await u.click(within(recorded).getByRole('button', { name: 'Keep what is recorded' }));
    const assemble = activeStep(steps);
    expect(assemble.getAttribute('data-step')).toBe('assemble');
    await u.click(within(assemble).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(activeStep(steps).getAttribute('data-step')).toBe('crimp'));
    expect(sent()[1]).toEqual({ step: 'assemble' });
    expect(within(recorded).queryByRole('button', { name: 'Cut again' })).toBeNull();
    expect(document.activeElement?.textContent).toMatch(/^Crimp/);

    // Back to the list: the unit says how far it got.
    await u.click(within(build).getByRole('button', { name: 'All units' }));
    const again = await within(build).findByRole('list', { name: 'Units of WO-00042' });
    expect(within(again).getByRole('button', { name: /Unit 1 · / }).textContent).toContain(
      '2 of 7 steps · Next: Crimp',
    );
  });

  it('warns of a crimp out of tolerance as it is typed, shows the server’s refusal over what was typed, then records a good one', async () => {
    const workOrder = createReleasedWorkOrder({
      status: 'inProgress',
      units: [createUnit({ steps: stepsUpTo('assemble'), cutLengthMm: 890 })],
      unitCount: 1,
    });
    const { sent } = bench(workOrder, 'metric', (input) =>
      input.step === 'crimp' && input.endA.value === 25
        ? {
            status: 400,
            body: {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message:
                'End A is 0.2 mm over its crimp tolerance (24.6 ± 0.2 mm): re-crimp it or scrap the unit. Nothing was recorded.',
            },
          }
        : null,
    );
    renderApp('/workorder/wo-1?unit=1', signedInDouble());
    const steps = await stepsOf(1);
    const crimp = activeStep(steps);
    expect(crimp.getAttribute('data-step')).toBe('crimp');
    const endA = within(crimp).getByRole('textbox', { name: 'End A crimp diameter' }) as HTMLInputElement;
    const endB = within(crimp).getByRole('textbox', { name: 'End B crimp diameter' }) as HTMLInputElement;
    expect(within(crimp).getAllByText('Target 24.6 ± 0.2 mm · die D-08')).toHaveLength(2);

    const u = user();
    await u.type(endA, '25.0');
    await u.type(endB, '24.65');
    expect(within(crimp).getByText('0.2 mm over tolerance: too large. Re-crimp or scrap.')).toBeTruthy();
    expect(within(crimp).getByText('Within tolerance')).toBeTruthy();
    expect(endA.getAttribute('aria-invalid')).toBe('true');
    expect(endB.getAttribute('aria-invalid')).toBe('false');

    await u.click(within(crimp).getByRole('button', { name: 'Record crimp' }));
    expect((await within(crimp).findByRole('alert')).textContent).toBe(
      'End A is 0.2 mm over its crimp tolerance (24.6 ± 0.2 mm): re-crimp it or scrap the unit. Nothing was recorded.',
    );
    expect(sent()).toEqual([
      { step: 'crimp', endA: { value: 25, unit: 'mm' }, endB: { value: 24.65, unit: 'mm' } },
    ]);
    // Nothing typed is lost, and the crimp is still the step to do.
    expect(endA.value).toBe('25.0');
    expect(endB.value).toBe('24.65');
    expect(activeStep(steps).getAttribute('data-step')).toBe('crimp');

    // A diameter under the target is too small: no re-crimp can fix that.
    await u.clear(endA);
    await u.type(endA, '24.3');
    expect(
      within(crimp).getByText('0.1 mm under tolerance: too small. Scrap it; a crimp cannot be undone.'),
    ).toBeTruthy();
    await u.clear(endA);
    await u.type(endA, '24.7');
    await u.click(within(crimp).getByRole('button', { name: 'Record crimp' }));
    await waitFor(() => expect(activeStep(steps).getAttribute('data-step')).toBe('clean'));
    expect(sent()[1]).toEqual({
      step: 'crimp',
      endA: { value: 24.7, unit: 'mm' },
      endB: { value: 24.65, unit: 'mm' },
    });
    const recorded = within(steps).getByRole('listitem', { name: /^Crimp/ });
    expect(within(recorded).getByText('End A: 24.7 mm (Target 24.6 ± 0.2 mm · die D-08)')).toBeTruthy();
    expect(within(recorded).getByText('End B: 24.65 mm (Target 24.6 ± 0.2 mm · die D-08)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for both diameters before sending anything', async () => {
    const { sent } = bench(
      createReleasedWorkOrder({ units: [createUnit({ steps: stepsUpTo('assemble') })], unitCount: 1 }),
      'metric',
    );
    renderApp('/workorder/wo-1?unit=1', signedInDouble());
    const crimp = activeStep(await stepsOf(1));
    const u = user();
    await u.type(within(crimp).getByRole('textbox', { name: 'End A crimp diameter' }), '24,6');
    await u.click(within(crimp).getByRole('button', { name: 'Record crimp' }));
    expect(within(crimp).getByText('Write the diameter in mm, such as 24.65')).toBeTruthy();
    expect(within(crimp).getByText('Enter the measured diameter')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('proof tests at twice the working pressure in psi for an imperial reader, then the unit is ready to tag and complete', async () => {
    const workOrder = createReleasedWorkOrder({
      status: 'inProgress',
      units: [
        createUnit({
          steps: stepsUpTo('cap'),
          cutLengthMm: 890,
          crimp: {
            endA: { targetMm: 24.6, toleranceMm: 0.2, die: 'D-08', specRevision: 'A', measuredMm: 24.64 },
            endB: { targetMm: 24.6, toleranceMm: 0.2, die: 'D-08', specRevision: 'A', measuredMm: 24.58 },
          },
        }),
      ],
      lines: [createLine({ quantity: 1 })],
      unitCount: 1,
    });
    const { sent, calls } = bench(workOrder, 'imperial');
    renderApp('/workorder/wo-1?unit=1', signedInDouble());
    const steps = await stepsOf(1);
    // What was measured reads in inches.
    expect(await within(steps).findByText('Cut length 35-1/16 in')).toBeTruthy();
    expect(within(steps).getByText('End A: 0.97 in (Target 0.969 ± 0.008 in · die D-08)')).toBeTruthy();

    const test = activeStep(steps);
    expect(test.getAttribute('data-step')).toBe('test');
    const pressure = within(test).getByRole('textbox', { name: 'Test pressure' }) as HTMLInputElement;
    expect(pressure.value).toBe('8000');
    expect(
      within(test).getByText(
        'Default 2 × the working pressure of 4,000 psi; at least 6,000 psi (1.5 × working pressure).',
      ),
    ).toBeTruthy();
    const hold = within(test).getByRole('textbox', { name: 'Hold time' }) as HTMLInputElement;
    expect(hold.value).toBe('30');

    const u = user();
    await u.clear(pressure);
    await u.type(pressure, '5000');
    expect(
      within(test).getByText('Below the minimum of 6,000 psi: the server refuses a test this low.'),
    ).toBeTruthy();
    await u.clear(pressure);
    await u.type(pressure, '8000');
    await u.clear(hold);
    await u.type(hold, '45');
    await u.click(within(test).getByRole('button', { name: 'Pass' }));
    await waitFor(() => expect(activeStep(steps).getAttribute('data-step')).toBe('tag'));
    expect(sent()).toEqual([
      { step: 'test', pressure: { value: 8000, unit: 'psi' }, holdSeconds: 45, result: 'pass' },
    ]);
    expect(within(steps).getByText('8,000 psi held 45 s: passed')).toBeTruthy();

    await u.click(within(activeStep(steps)).getByRole('button', { name: 'Done' }));
    const build = await panel();
    expect(await within(build).findByText('Tag recorded.')).toBeTruthy();
    expect(
      within(build).getByText('Unit 1 is ready: every step is done and its proof test passed.'),
    ).toBeTruthy();
    expect(steps.querySelector('[aria-current="step"]')).toBeNull();
    expect(
      within(build).getByText(
        'The unit is ready. Complete the work order to take its stock and record it as built.',
      ),
    ).toBeTruthy();

    // Completed from here, without going back up the page.
    await u.click(within(build).getByRole('button', { name: 'Complete work order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete WO-00042?' });
    await u.click(within(dialog).getByRole('button', { name: 'Complete work order' }));
    expect(await screen.findByText('WO-00042 completed.')).toBeTruthy();
    expect(calls.filter((c) => `${c.method} ${c.path}` === COMPLETE)).toHaveLength(1);
    await waitFor(() =>
      expect(within(build).queryByRole('button', { name: 'Complete work order' })).toBeNull(),
    );
  });

  it('sends a metric reader’s test in bar, and a failed test, once confirmed, keeps the unit from completion', async () => {
    const workOrder = createReleasedWorkOrder({
      status: 'inProgress',
      units: [createUnit({ steps: stepsUpTo('cap') })],
      unitCount: 1,
    });
    const { sent } = bench(workOrder, 'metric');
    renderApp('/workorder/wo-1?unit=1', signedInDouble());
    const steps = await stepsOf(1);
    const test = activeStep(steps);
    expect((within(test).getByRole('textbox', { name: 'Test pressure' }) as HTMLInputElement).value).toBe(
      '551.6',
    );

    const u = user();
    await u.click(within(test).getByRole('button', { name: 'Fail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a failed proof test?' });
    expect(dialog.textContent).toContain('Unit 1 (7K3M9Q2XAB) cannot be completed after a failed test.');
    expect(sent()).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Record failed test' }));

    const build = await panel();
    expect(
      await within(build).findByText(
        'Unit 1 failed its proof test: it cannot be completed as it is and must not be shipped. Re-crimp it and test it again, or scrap it.',
      ),
    ).toBeTruthy();
    expect(sent()).toEqual([
      { step: 'test', pressure: { value: 551.6, unit: 'bar' }, holdSeconds: 30, result: 'fail' },
    ]);
    // No tag for a failed unit: nothing more is offered.
    expect(steps.querySelector('[aria-current="step"]')).toBeNull();
    expect(within(steps).getByText('552 bar held 30 s: failed')).toBeTruthy();
    expect(within(build).getByText('Test failed')).toBeTruthy();
    expect(within(build).queryByRole('button', { name: 'Complete work order' })).toBeNull();
    // A failed test is not simply tested again.
    expect(within(steps).queryByRole('button', { name: 'Proof test again' })).toBeNull();

    // Re-crimped, the unit needs a new proof test.
    await u.click(within(build).getByRole('button', { name: 'Re-crimp' }));
    const crimp = activeStep(steps);
    expect(crimp.getAttribute('data-step')).toBe('crimp');
    await u.type(within(crimp).getByRole('textbox', { name: 'End A crimp diameter' }), '24.6');
    await u.type(within(crimp).getByRole('textbox', { name: 'End B crimp diameter' }), '24.6');
    await u.click(within(crimp).getByRole('button', { name: 'Record crimp' }));
    expect(await within(build).findByText('Crimp recorded. Next: Proof test.')).toBeTruthy();
    expect(activeStep(steps).getAttribute('data-step')).toBe('test');
    expect(within(build).queryByText('Test failed')).toBeNull();
    expect(sent()[1]).toEqual({
      step: 'crimp',
      endA: { value: 24.6, unit: 'mm' },
      endB: { value: 24.6, unit: 'mm' },
    });
  });

  it('offers skive only to a unit whose hose is skived', async () => {
    bench(
      createReleasedWorkOrder({
        units: [createUnit({ requiredSteps: requiredBuildSteps(true), steps: stepsUpTo('cut') })],
        unitCount: 1,
      }),
      'metric',
    );
    renderApp('/workorder/wo-1', signedInDouble());
    const build = await panel();
    const unit = within(build).getByRole('button', { name: /Unit 1/ });
    expect(unit.textContent).toContain('1 of 8 steps · Next: Skive');
    await user().click(unit);
    const steps = await stepsOf(1);
    expect(activeStep(steps).getAttribute('data-step')).toBe('skive');
    expect(within(activeStep(steps)).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('shows a completed work order’s measurements read-only, with each unit’s certificate', async () => {
    const UNIT_ID = '8e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a01';
    const all = Object.fromEntries(requiredBuildSteps(false).map((s) => [s, done]));
    const workOrder = createReleasedWorkOrder({
      status: 'completed',
      completedAt: AT,
      units: [
        createUnit({
          _id: UNIT_ID,
          steps: all,
          cutLengthMm: 890,
          crimp: {
            endA: { targetMm: 24.6, toleranceMm: 0.2, die: 'D-08', specRevision: 'A', measuredMm: 24.62 },
            endB: { targetMm: null, toleranceMm: null, die: null, specRevision: null, measuredMm: 24.5 },
          },
          test: { pressurePsi: 8000, holdSeconds: 30, result: 'pass', by: FOREMAN, at: AT },
          ready: true,
          completedAt: AT,
        }),
      ],
      unitCount: 1,
      unitsReady: 1,
      picks: [],
    });
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: workOrder },
      'POST /api/v1/workorder/wo-1/documents/certificates.pdf': { body: {} },
    });
    renderApp('/workorder/wo-1', signedInDouble());
    const build = await panel();
    expect(within(build).getByText('Every unit is built. Open one to see its measurements.')).toBeTruthy();
    const unit = within(build).getByRole('button', { name: /Unit 1/ });
    expect(unit.textContent).toContain('7 of 7 steps');
    expect(within(unit).getByText('Ready')).toBeTruthy();
    expect(within(unit).getByText('Test passed')).toBeTruthy();
    expect(within(build).queryByRole('button', { name: 'Complete work order' })).toBeNull();

    const u = user();
    await u.click(unit);
    const steps = await stepsOf(1);
    expect(within(steps).queryAllByRole('textbox')).toEqual([]);
    expect(within(steps).queryAllByRole('button')).toEqual([]);
    expect(within(steps).getByText('End A: 24.62 mm (Target 24.6 ± 0.2 mm · die D-08)')).toBeTruthy();
    expect(within(steps).getByText('End B: 24.5 mm (no spec on file)')).toBeTruthy();
    expect(within(steps).getByText('552 bar held 30 s: passed')).toBeTruthy();
    expect(within(build).getByText('Unit 1 was built and recorded on Nov 2, 2026.')).toBeTruthy();

    await u.click(within(build).getByRole('button', { name: 'Test certificate' }));
    await waitFor(() => expect(saved).toEqual(['certificate-7K3M9Q2XAB.pdf']));
    const asked = calls.find((c) => c.path.endsWith('/certificates.pdf'));
    expect(JSON.parse(asked?.body ?? '{}')).toEqual({ unitId: UNIT_ID });
  });
});
