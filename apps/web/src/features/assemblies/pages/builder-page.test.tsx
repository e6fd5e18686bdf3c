import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createCustomer, createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createAssembly, createCompatibleParts, createComputeResponse, createHose } from '../test-factories';

const ORG = '/api/v1/organization';

function builderStubs(extra: Record<string, unknown> = {}) {
  return stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile() },
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

async function chooseOption(label: RegExp | string, text: string, option: RegExp | string) {
  const user = userEvent.setup({ delay: null });
  const box = await screen.findByRole('combobox', { name: label });
  await user.click(box);
  if (text) await user.type(box, text);
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByText(option));
}

describe('the builder: /hoseassemblies/new', { timeout: 60_000 }, () => {
  it('says why it offers no hose when the library is empty, and loads the sample catalogue in one click', async () => {
    let loaded = false;
    builderStubs({
      'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) },
      [`GET ${ORG}/hoses`]: () => ({
        body: loaded ? { items: [createHose()], total: 1, page: 1 } : { items: [], total: 0, page: 1 },
      }),
      [`GET ${ORG}/sampledata`]: () => ({ body: { loaded, count: loaded ? 64 : 0 } }),
      [`GET ${ORG}/items`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/sampledata/load`]: () => {
        loaded = true;
        return { body: { loaded: true, count: 64 } };
      },
    });
    renderApp('/hoseassemblies/new', signedInDouble());
    const offer = await screen.findByRole('region', { name: 'Your catalogue' });
    expect(
      within(offer).getByText(/Your library is empty, so the builder has no hose to offer yet/),
    ).toBeTruthy();
    await userEvent.click(within(offer).getByRole('button', { name: 'Load the sample catalogue' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your catalogue' })).toBeNull());
    // Loading the catalogue refreshes the library: the hose field now offers the sample hose.
    await chooseOption('Hose', 'GEN', 'GEN-2SN-08');
  });

  it('offers only the fittings that fit the hose and says why the others do not', async () => {
    builderStubs();
    renderApp('/hoseassemblies/new', signedInDouble());
    await chooseOption('Hose', 'GEN', 'GEN-2SN-08');

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'End A fitting' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText(/F-SN-08-FJX90/)).toBeTruthy();
    expect(within(listbox).getByText(/F-SN-08-FJX ·/)).toBeTruthy();
    expect(within(listbox).queryByText(/F-SN-12-FORX/)).toBeNull();
    expect(within(listbox).queryByText(/P-43-08-FJX/)).toBeNull();
    await user.keyboard('{Escape}');

    const [why] = screen.getAllByRole('button', { name: '2 fittings do not fit this hose: why' });
    await user.click(why as HTMLElement);
    const excluded = screen.getByRole('list', { name: 'Fittings not offered for End A' });
    expect(within(excluded).getByText('F-SN-12-FORX')).toBeTruthy();
    expect(within(excluded).getByText(/Dash size -12; this hose is -8/)).toBeTruthy();
    expect(within(excluded).getByText(/Made by Acme; this hose is GEN/)).toBeTruthy();
  });

  it('builds the worked example: 890 mm cut length live, ferrules chosen, orientation asked, saved', async () => {
    const { calls } = builderStubs({
      'POST /api/v1/hoseassembly/new/update': { body: createAssembly() },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
    });
    const { router } = renderApp('/hoseassemblies/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await chooseOption('Hose', '2SN', 'GEN-2SN-08');
    await chooseOption('End A fitting', '', /F-SN-08-FJX90/);
    await chooseOption('End B fitting', '', /F-SN-08-FJX90/);
    expect(screen.getByTestId('ferrule-A').textContent).toMatch(/Ferrule FER-SN-08 \(chosen/);
    expect(screen.getByTestId('ferrule-B').textContent).toMatch(/Ferrule FER-SN-08 \(chosen/);

    // Orientation is asked only once both ends are bent.
    expect(screen.getByRole('textbox', { name: 'Orientation angle' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Overall length' }), '1000');

    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText('890 mm')).toBeTruthy();
    expect(within(results).getByText('276 bar')).toBeTruthy();
    expect(within(results).getByText('limited by GEN-2SN-08')).toBeTruthy();
    expect(within(results).getByText(/enter the orientation angle/)).toBeTruthy();
    expect(screen.getByRole('img', { name: /Drawing of the assembly: .*cut length 890 mm/ })).toBeTruthy();
    const [save] = screen.getAllByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Orientation angle' }), '90');
    expect(await within(results).findByText('HA-0001_A')).toBeTruthy();
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/hoseassembly/asm-1'));
    const sent = calls.find((c) => c.path === '/api/v1/hoseassembly/new/update');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      hoseId: 'hose-1',
      endA: { fittingId: 'fit-90', ferruleId: 'fer-1' },
      endB: { fittingId: 'fit-90', ferruleId: 'fer-1' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      orientationDeg: 90,
      orientationConvention: 'clockwise',
      quantity: 1,
    });
  });

  it('asks no orientation with one straight end, and shows the server’s refusal as a message', async () => {
    builderStubs({
      'POST /api/v1/hoseassembly/new/update': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'PLAN_LIMIT',
          message: 'Your trial plan allows 50 hose assemblies. Upgrade to add more.',
        },
      },
    });
    renderApp('/hoseassemblies/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await chooseOption('Hose', '', 'GEN-2SN-08');
    await chooseOption('End A fitting', '', /F-SN-08-FJX90/);
    await chooseOption('End B fitting', '', /F-SN-08-FJX ·/);
    await user.type(screen.getByRole('textbox', { name: 'Overall length' }), '1000');
    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText('915 mm')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Orientation angle' })).toBeNull();
    const [save] = screen.getAllByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save as HTMLElement);
    expect(
      await screen.findByText('Your trial plan allows 50 hose assemblies. Upgrade to add more.'),
    ).toBeTruthy();
  });
});

describe('editing: /hoseassembly/{id}/edit', { timeout: 60_000 }, () => {
  it('starts from the saved revision and saves the next one', async () => {
    const { calls } = builderStubs({
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
      'POST /api/v1/hoseassembly/asm-1/update': {
        body: createAssembly({ _id: 'asm-2', revision: 'B', title: 'HA-0001_B' }),
      },
      'GET /api/v1/hoseassembly/asm-2': {
        body: createAssembly({ _id: 'asm-2', revision: 'B', title: 'HA-0001_B' }),
      },
    });
    const { router } = renderApp('/hoseassembly/asm-1/edit', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit HA-0001_A' })).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText('890 mm')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Orientation angle' }) as HTMLInputElement).value).toBe('90');
    const [save] = screen.getAllByRole('button', { name: 'Save revision' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup({ delay: null }).click(save as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hoseassembly/asm-2'));
    expect(calls.some((c) => c.path === '/api/v1/hoseassembly/asm-1/update')).toBe(true);
  });
});

describe('for a customer: /customer/{customerId}/hoseassemblies/new', { timeout: 60_000 }, () => {
  it('has the customer chosen and not changeable', async () => {
    builderStubs({
      'GET /api/v1/customer/cust-1': {
        body: createCustomer({ name: 'Northern Loaders', accountNumber: 'NL-7' }),
      },
    });
    renderApp('/customer/cust-1/hoseassemblies/new', signedInDouble());
    const customer = (await screen.findByRole('textbox', { name: 'Customer' })) as HTMLInputElement;
    await waitFor(() => expect(customer.value).toBe('Northern Loaders (NL-7)'));
    expect(customer.readOnly).toBe(true);
  });
});

describe('for an estimate: /customer/{customerId}/hoseassemblies/new?returnTo=…', { timeout: 60_000 }, () => {
  /** Builds a hose of 1000 mm with a bent and a straight end from `path`, saves it, and answers the router. */
  async function buildAndSave(path: string) {
    builderStubs({
      'GET /api/v1/customer/cust-1': { body: createCustomer({ name: 'Northern Loaders' }) },
      'POST /api/v1/hoseassembly/new/update': { body: createAssembly() },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
    });
    const { router } = renderApp(path, signedInDouble());
    const user = userEvent.setup({ delay: null });
    await chooseOption('Hose', '', 'GEN-2SN-08');
    await chooseOption('End A fitting', '', /F-SN-08-FJX90/);
    await chooseOption('End B fitting', '', /F-SN-08-FJX ·/);
    await user.type(screen.getByRole('textbox', { name: 'Overall length' }), '1000');
    expect(await within(screen.getByRole('region', { name: 'Results' })).findByText('915 mm')).toBeTruthy();
    const [save] = screen.getAllByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save as HTMLElement);
    return router;
  }
  const at = (router: { state: { location: { pathname: string; search: string } } }) =>
    `${router.state.location.pathname}${router.state.location.search}`;

  it('says saving returns to the estimate, cancels back to it, and saving goes back with the assembly', async () => {
    const returnTo = '/salesestimate/se-1/edit/lines';
    const path = `/customer/cust-1/hoseassemblies/new?returnTo=${encodeURIComponent(returnTo)}`;
    const saved = buildAndSave(path);
    const note = await screen.findByText('Building for estimate: saving returns you to it.');
    const alert = note.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(returnTo);
    const router = await saved;
    await waitFor(() => expect(at(router)).toBe(`${returnTo}?addAssembly=asm-1`));
  });

  it.each(['https://evil.example', '//evil.example', '/customers'])(
    'ignores a returnTo of %s: no note, and saving opens the assembly as before',
    async (returnTo) => {
      const router = await buildAndSave(
        `/customer/cust-1/hoseassemblies/new?returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(screen.queryByText('Building for estimate: saving returns you to it.')).toBeNull();
      await waitFor(() => expect(at(router)).toBe('/hoseassembly/asm-1'));
    },
  );
});
