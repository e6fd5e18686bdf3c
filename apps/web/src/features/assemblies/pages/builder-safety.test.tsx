/**
 * Safety before saving in the builder (ADR 22): an application pressure above the assembly's rating blocks
 * Save and names the part that limits it; a temperature outside the hose's range is saved only once it is
 * ticked with a reason (keyboard only), and asked again when the finding changes; a hose that must be
 * skived says so where the builder saves.
 */
import type { HoseAssemblyInputDraft } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { computeResponseFor, createAssembly, createCompatibleParts, createHose } from '../test-factories';

const ORG = '/api/v1/organization';

function builderStubs({ skive = false } = {}) {
  const hose = createHose({ skive });
  return stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile() },
    [`GET ${ORG}/hoses`]: { body: { items: [hose], total: 1, page: 1 } },
    [`GET ${ORG}/hose/hose-1/compatible`]: { body: { ...createCompatibleParts(), hose } },
    [`GET ${ORG}/adaptors`]: { body: { items: [], total: 0, page: 1 } },
    [`GET ${ORG}/wraps`]: { body: { items: [], total: 0, page: 1 } },
    'POST /api/v1/hoseassemblies/compute': (call: RecordedCall) => ({
      body: computeResponseFor(JSON.parse(call.body ?? '{}') as HoseAssemblyInputDraft),
    }),
    'POST /api/v1/hoseassembly/new/update': { body: createAssembly() },
    'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
  });
}

async function chooseOption(label: string, option: RegExp | string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByText(option));
}

/** The worked example, ready to save: GEN-2SN-08, two 90° JIC ends, 1000 mm, 90°. */
async function buildExample() {
  const user = userEvent.setup({ delay: null });
  await chooseOption('Hose', 'GEN-2SN-08');
  await chooseOption('End A fitting', /F-SN-08-FJX90/);
  await chooseOption('End B fitting', /F-SN-08-FJX90/);
  await user.type(screen.getByRole('textbox', { name: 'Overall length' }), '1000');
  await user.type(screen.getByRole('textbox', { name: 'Orientation angle' }), '90');
  const [save] = screen.getAllByRole('button', { name: 'Save' });
  await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
  await user.click(screen.getByRole('button', { name: /Application: pressure, temperature/ }));
  return { user, save: save as HTMLButtonElement };
}

describe('the builder: safety before saving', { timeout: 90_000 }, () => {
  it('blocks Save for a pressure above the rating and names the hose; says to skive a skived hose', async () => {
    builderStubs({ skive: true });
    renderApp('/hoseassemblies/new', signedInDouble());
    const { user, save } = await buildExample();
    // Where the builder saves: the hose must be skived.
    const skive = screen.getByRole('note');
    expect(within(skive).getByText('Skive the hose')).toBeTruthy();
    expect(within(skive).getByText(/Cut back the cover of GEN-2SN-08 where each ferrule grips/)).toBeTruthy();

    // 300 bar on a 276 bar (4000 psi) hose.
    await user.type(screen.getByRole('textbox', { name: 'Working pressure' }), '300');
    const refusal =
      "The application's 300 bar is above the assembly's maximum working pressure of 276 bar (set by hose GEN-2SN-08). Choose parts rated for 300 bar";
    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText(refusal)).toBeTruthy();
    // Said at the field too, and Save stays off: there is nothing to confirm, only to change.
    expect(screen.getAllByText(refusal).length).toBe(2);
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Fix the problems above to save.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm before saving' })).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: 'Working pressure' }));
    await user.type(screen.getByRole('textbox', { name: 'Working pressure' }), '250');
    await waitFor(() => expect(save.disabled).toBe(false));
  });

  it('saves a temperature above the hose’s range only once ticked with a reason, using the keyboard', async () => {
    const { calls } = builderStubs();
    const { router } = renderApp('/hoseassemblies/new', signedInDouble());
    const { user, save } = await buildExample();
    expect(screen.queryByRole('note')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Temperature (°C)' }), '120');
    const confirm = await screen.findByRole('region', { name: 'Confirm before saving' });
    expect(
      within(confirm).getByText("120 °C is above hose GEN-2SN-08's highest temperature of 100 °C"),
    ).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.getByText('Confirm each finding above with a reason to save.')).toBeTruthy();

    // Space ticks the box and the reason takes the keys that follow.
    const box = within(confirm).getByRole('checkbox', { name: 'I confirm the temperature is acceptable' });
    box.focus();
    await user.keyboard(' ');
    const reason = await within(confirm).findByRole('textbox', { name: /Why the temperature is acceptable/ });
    expect(document.activeElement).toBe(reason);
    await user.keyboard('ok');
    // Two characters are not a reason: still no Save.
    expect(
      within(confirm).getByText('Give the reason for the confirmation in at least 3 characters'),
    ).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.keyboard(' for 10 minutes at start-up');
    await waitFor(() => expect(save.disabled).toBe(false));

    // Another temperature is another finding: it is asked again.
    const temperature = screen.getByRole('textbox', { name: 'Temperature (°C)' });
    await user.clear(temperature);
    await user.type(temperature, '130');
    const again = await screen.findByRole('region', { name: 'Confirm before saving' });
    expect(
      await within(again).findByText("130 °C is above hose GEN-2SN-08's highest temperature of 100 °C"),
    ).toBeTruthy();
    await waitFor(() =>
      expect((within(again).getByRole('checkbox') as HTMLInputElement).checked).toBe(false),
    );
    expect(save.disabled).toBe(true);
    await user.click(within(again).getByRole('checkbox'));
    // The reason typed before is still there to reuse.
    expect(
      (within(again).getByRole('textbox', { name: /Why the temperature/ }) as HTMLTextAreaElement).value,
    ).toBe('ok for 10 minutes at start-up');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe('/hoseassembly/asm-1'));
    const sent = JSON.parse(calls.find((c) => c.path === '/api/v1/hoseassembly/new/update')?.body ?? '{}');
    expect(sent.application).toMatchObject({ tempC: 130 });
    expect(sent.confirmations).toEqual([{ code: 'temperature', reason: 'ok for 10 minutes at start-up' }]);
  });
});
