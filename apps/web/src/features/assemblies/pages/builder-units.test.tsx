/** The builder for a user who reads imperial: lengths typed and shown in inches (fractions), pressures in psi. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createAssembly, createCompatibleParts, createComputeResponse, createHose } from '../test-factories';

const ORG = '/api/v1/organization';

const imperialUser = {
  _id: 'user-1',
  organization_id: 'o1',
  name: 'Casey Clerk',
  email: 'clerk@example.com',
  emailVerified: true,
  unitSystem: 'imperial',
  units: 'imperial',
};

function stubs(extra: Record<string, unknown> = {}) {
  return stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile() },
    'GET /api/v1/user': { body: imperialUser },
    [`GET ${ORG}/hoses`]: { body: { items: [createHose()], total: 1, page: 1 } },
    [`GET ${ORG}/hose/hose-1/compatible`]: { body: createCompatibleParts() },
    [`GET ${ORG}/adaptors`]: { body: { items: [], total: 0, page: 1 } },
    [`GET ${ORG}/wraps`]: { body: { items: [], total: 0, page: 1 } },
    'POST /api/v1/hoseassemblies/compute': (call: RecordedCall) => {
      const body = JSON.parse(call.body ?? '{}');
      return { body: createComputeResponse(body.overallLengthMm, body.orientationDeg, body.endB?.fittingId) };
    },
    ...(extra as Record<string, { body: unknown }>),
  });
}

async function chooseOption(label: string, option: RegExp | string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByText(option));
}

describe('the builder in inches', { timeout: 60_000 }, () => {
  it('takes 39-3/8 in, shows what it read and the results in inches and psi, and saves 1000.1 mm', async () => {
    const { calls } = stubs({
      'POST /api/v1/hoseassembly/new/update': { body: createAssembly() },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
    });
    const { router } = renderApp('/hoseassemblies/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await chooseOption('Hose', 'GEN-2SN-08');
    // Once the user is read, the fittings' pressures are in psi.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Hose' }) as HTMLInputElement).value).toContain(
        '4,000 psi',
      ),
    );
    await chooseOption('End A fitting', /F-SN-08-FJX90/);
    await chooseOption('End B fitting', /F-SN-08-FJX90/);

    const length = screen.getByRole('textbox', { name: 'Overall length' });
    const field = length.closest('.MuiFormControl-root') as HTMLElement;
    expect(within(field).getByText('in')).toBeTruthy();

    await user.type(length, 'abc');
    expect(within(field).getByText('Write a length such as 1000 mm, 39-3/8 in or 3 ft 4 in')).toBeTruthy();
    expect(length.getAttribute('aria-invalid')).toBe('true');

    await user.clear(length);
    await user.type(length, '39 3/8');
    expect(within(field).getByText('= 39-3/8 in (1,000.1 mm)')).toBeTruthy();

    const results = screen.getByRole('region', { name: 'Results' });
    // 1000.1 mm less two 55 mm cut-offs: 890.1 mm, 35-1/16 in.
    expect(await within(results).findByText('35-1/16 in')).toBeTruthy();
    expect(within(results).getByText('4,000 psi')).toBeTruthy();
    expect(within(results).queryByText(/ mm$/)).toBeNull();
    expect(
      screen.getByRole('img', {
        name: /Drawing of the assembly: .*overall length 39-3\/8 in, cut length 35-1\/16 in/,
      }),
    ).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Orientation angle' }), '90');
    const [save] = screen.getAllByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hoseassembly/asm-1'));
    const sent = calls.find((c) => c.path === '/api/v1/hoseassembly/new/update');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ overallLengthMm: 1000.1 });
  });

  it('edits a 1000 mm assembly in inches and saves the same 1000 mm when the length is left alone', async () => {
    const { calls } = stubs({
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
      'POST /api/v1/hoseassembly/asm-1/update': {
        body: createAssembly({ _id: 'asm-2', revision: 'B', title: 'HA-0001_B' }),
      },
      'GET /api/v1/hoseassembly/asm-2': {
        body: createAssembly({ _id: 'asm-2', revision: 'B', title: 'HA-0001_B' }),
      },
    });
    const { router } = renderApp('/hoseassembly/asm-1/edit', signedInDouble());
    const length = (await screen.findByRole('textbox', { name: 'Overall length' })) as HTMLInputElement;
    await waitFor(() => expect(length.value).toBe('39.37'));
    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText('35-1/16 in')).toBeTruthy();
    const [save] = screen.getAllByRole('button', { name: 'Save revision' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup({ delay: null }).click(save as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hoseassembly/asm-2'));
    const sent = calls.find((c) => c.path === '/api/v1/hoseassembly/asm-1/update');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ overallLengthMm: 1000 });
  });
});
