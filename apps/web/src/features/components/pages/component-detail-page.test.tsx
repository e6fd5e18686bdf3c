import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createCompatibleParts, createFitting, createHose, ORG } from '../test-factories';

const session = (role: 'admin' | 'regular') => ({
  'POST /api/v1/sessions/create': { body: createSessionProfile({ userId: 'user-1', userRoles: [role] }) },
});

const hose = createHose();
const hoseCalls = {
  [`GET ${ORG}/hose/hose-1`]: { body: hose },
  [`GET ${ORG}/hose/hose-1/compatible`]: { body: createCompatibleParts(hose) },
  [`GET ${ORG}/hose/hose-1/crimpspecs`]: {
    body: [
      {
        _id: 'cs-1',
        hoseId: 'hose-1',
        hosePartNumber: 'GEN-2SN-08',
        fittingSeries: 'SN',
        crimpOdMm: 24.6,
        toleranceMm: 0.2,
        die: 'D-24',
        revision: 'B',
        createdAt: '2026-05-01T12:00:00.000Z',
      },
    ],
  },
  [`GET ${ORG}/productgroups`]: { body: [] },
  [`GET ${ORG}/suppliers`]: { body: [] },
};

async function openTools() {
  await userEvent.click(await screen.findByRole('button', { name: 'Tools' }));
  return screen.findByRole('menu');
}

describe('component detail pages', { timeout: 30_000 }, () => {
  it('shows the hose with units, its compatible fittings and every reason the others do not fit', async () => {
    stubFetch({ ...session('admin'), ...hoseCalls });
    renderApp('/hose/hose-1', signedInDouble());

    expect(await screen.findByRole('heading', { level: 1, name: 'GEN-2SN-08 - GEN' })).toBeTruthy();
    expect(screen.getByText('Your own item')).toBeTruthy();
    expect(screen.getByText('-8 (1/2")')).toBeTruthy();
    expect(screen.getByText('276 bar')).toBeTruthy();
    expect(screen.getByText('1,103 bar')).toBeTruthy();
    expect(screen.getByText('4.10 / ft')).toBeTruthy();
    expect(screen.getByText('180 mm')).toBeTruthy();
    expect(screen.getByText('-40 °C')).toBeTruthy();

    const compatible = await screen.findByRole('list', { name: 'Compatible fittings' });
    expect(within(compatible).getByRole('link', { name: 'F-SN-08-FJX' }).getAttribute('href')).toBe(
      '/crimpfitting/fit-1',
    );
    expect(within(compatible).getByRole('link', { name: 'FR-SN-08' }).getAttribute('href')).toBe(
      '/ferrule/fer-1',
    );
    expect(within(compatible).getByText('Max 276 bar')).toBeTruthy();
    expect(within(compatible).queryByText('F-SN-06-FJX')).toBeNull();

    const misfits = screen.getByRole('button', { name: 'Not compatible (2)' });
    expect(misfits.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(misfits);
    expect(misfits.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Items that do not fit' });
    expect(within(list).getByText('Dash size -6; this hose is -8')).toBeTruthy();
    expect(within(list).getByText('Made by Acme; this hose is GEN')).toBeTruthy();
    expect(within(list).getByText('Series 43; this hose takes series SN')).toBeTruthy();

    expect(await screen.findByText('24.6 ± 0.2 mm')).toBeTruthy();
    expect(screen.getByText('D-24')).toBeTruthy();
  });

  it('marks catalogue data read-only: no Edit, and Delete only for sample items', async () => {
    const fitting = createFitting({ sample: false });
    stubFetch({ ...session('admin'), [`GET ${ORG}/crimpfitting/fit-1`]: { body: fitting } });
    renderApp('/crimpfitting/fit-1', signedInDouble());
    expect(await screen.findByText('Catalogue data from GEN')).toBeTruthy();
    const menu = await openTools();
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'New crimp fitting' })).toBeTruthy();
  });

  it('shows a regular user no Edit or Delete, and offers to suggest an item instead', async () => {
    stubFetch({ ...session('regular'), ...hoseCalls });
    const { router } = renderApp('/hose/hose-1', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'GEN-2SN-08 - GEN' })).toBeTruthy();
    const menu = await openTools();
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'New hose' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Suggest an item' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hose/new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggest a hose' })).toBeTruthy();
  });

  it('edits inline: the schema’s messages under the fields, then the server’s, then saves', async () => {
    let saves = 0;
    const { calls } = stubFetch({
      ...session('admin'),
      ...hoseCalls,
      [`POST ${ORG}/hose/hose-1/update`]: () => {
        saves += 1;
        if (saves === 1) {
          return {
            status: 400,
            body: {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message: 'Some of the information sent is not valid',
              details: { issues: [{ path: ['series'], message: 'SX is not a coupling series of GEN' }] },
            },
          };
        }
        if (saves === 2) {
          return {
            status: 409,
            body: { statusCode: 409, code: 'CONFLICT', message: 'Part number GEN-2SN-10 is already used' },
          };
        }
        return { body: { ...hose, partNumber: 'GEN-2SN-10', workingPressurePsi: 3500 } };
      },
    });
    renderApp('/hose/hose-1', signedInDouble());
    const menu = await openTools();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit item' });

    const partNumber = within(form).getByRole('textbox', { name: /Part number/ });
    const pressure = within(form).getByRole('textbox', { name: /Working pressure/ });
    const burst = within(form).getByRole('textbox', { name: /Burst pressure/ });
    fireEvent.change(partNumber, { target: { value: '' } });
    fireEvent.change(pressure, { target: { value: '20000 psi' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a part number')).toBeTruthy();
    expect(within(form).getByText('Burst pressure cannot be lower than the working pressure')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Check the 2 fields marked below.');
    expect(partNumber.getAttribute('aria-invalid')).toBe('true');
    expect(saves).toBe(0);

    fireEvent.change(partNumber, { target: { value: 'GEN-2SN-10' } });
    fireEvent.change(pressure, { target: { value: '3,500 psi' } });
    fireEvent.change(burst, { target: { value: '14000 psi' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('SX is not a coupling series of GEN')).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Part number GEN-2SN-10 is already used')).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('GEN-2SN-10 was saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit item' })).toBeNull());

    const body = JSON.parse(calls.filter((c) => c.path === `${ORG}/hose/hose-1/update`).at(-1)?.body ?? '{}');
    expect(body).toMatchObject({
      kind: 'hose',
      partNumber: 'GEN-2SN-10',
      workingPressurePsi: 3500,
      burstPressurePsi: 14000,
      dash: -8,
      series: 'SN',
      skive: false,
      costUnit: 'ft',
    });
  });

  it('deletes a custom item after a confirm and goes back to the list', async () => {
    const { calls } = stubFetch({
      ...session('admin'),
      ...hoseCalls,
      [`POST ${ORG}/hose/hose-1/delete`]: { body: { ok: true } },
      [`GET ${ORG}/hoses`]: { body: { items: [], total: 0, page: 1 } },
      [`GET ${ORG}/couplingseriesdetails`]: { body: [] },
    });
    const { router } = renderApp('/hose/hose-1', signedInDouble());
    const menu = await openTools();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete GEN-2SN-08?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path.endsWith('/delete'))).toBe(false);

    await userEvent.click(within(await openTools()).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete GEN-2SN-08?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/components/hose'));
    expect(calls.some((c) => c.method === 'POST' && c.path === `${ORG}/hose/hose-1/delete`)).toBe(true);
  });

  it('creates a custom item with the next part number prefilled', async () => {
    const created = createHose({ _id: 'hose-9', partNumber: 'C-00042', description: '' });
    const { calls } = stubFetch({
      ...session('admin'),
      [`GET ${ORG}/nextpartnumber`]: { body: { partNumber: 'C-00042', pattern: 'C-{00000}' } },
      [`GET ${ORG}/productgroups`]: { body: [] },
      [`GET ${ORG}/suppliers`]: { body: [] },
      [`POST ${ORG}/hose/new/update`]: { body: created },
      [`GET ${ORG}/hose/hose-9`]: { body: created },
      [`GET ${ORG}/hose/hose-9/compatible`]: { body: createCompatibleParts(created) },
      [`GET ${ORG}/hose/hose-9/crimpspecs`]: { body: [] },
    });
    const { router } = renderApp('/hose/new', signedInDouble());
    const form = await screen.findByRole('form', { name: 'New item' });
    expect((within(form).getByRole('textbox', { name: /Part number/ }) as HTMLInputElement).value).toBe(
      'C-00042',
    );

    fireEvent.change(within(form).getByRole('textbox', { name: /Coupling series/ }), {
      target: { value: 'SN' },
    });
    await userEvent.click(within(form).getByRole('combobox', { name: /Dash size/ }));
    await userEvent.click(await screen.findByRole('option', { name: '-8 (1/2")' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Working pressure/ }), {
      // A metric (en_ca) user types bar: 275.8 bar is 4,000 psi.
      target: { value: '275.8' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/hose/hose-9'));
    const body = JSON.parse(calls.find((c) => c.path === `${ORG}/hose/new/update`)?.body ?? '{}');
    expect(body).toMatchObject({
      kind: 'hose',
      partNumber: 'C-00042',
      series: 'SN',
      dash: -8,
      workingPressurePsi: 4000,
    });
  });

  it('lets a regular user suggest an item and follow what became of the suggestions', async () => {
    const mine = (status: string, extra: Record<string, unknown> = {}) => ({
      _id: `p-${status}`,
      kind: 'hose',
      partNumber: `ACME-${status}`,
      description: '',
      payload: {
        kind: 'hose',
        partNumber: `ACME-${status}`,
        brand: 'ACME',
        description: '',
        costUnit: 'ft',
        active: true,
        series: 'SN',
        dash: -8,
        workingPressurePsi: 4000,
        skive: false,
      },
      status,
      submittedBy: 'user-1',
      submittedByName: 'Casey Clerk',
      reviewNote: null,
      componentId: null,
      createdAt: '2026-05-01T12:00:00.000Z',
      reviewedAt: null,
      ...extra,
    });
    const byStatus: Record<string, unknown[]> = {
      pending: [],
      approved: [mine('approved', { componentId: 'hose-5' })],
      rejected: [mine('rejected', { reviewNote: 'We stock the GEN one' })],
    };
    const { calls, fetchMock } = stubFetch({
      ...session('regular'),
      [`GET ${ORG}/productgroups`]: { body: [] },
      [`GET ${ORG}/suppliers`]: { body: [] },
      [`POST ${ORG}/pendingitems/create`]: () => {
        byStatus.pending = [mine('pending')];
        return { body: mine('pending') };
      },
    });
    // The pending list answers by the status asked for, every status without one (the stub matches paths only).
    const answerByPath = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost:3000');
      if (url.pathname !== `${ORG}/pendingitems`) return answerByPath(input, init);
      const status = url.searchParams.get('status');
      const items = status ? (byStatus[status] ?? []) : Object.values(byStatus).flat();
      return new Response(JSON.stringify({ items, total: items.length, page: 1 }), { status: 200 });
    });

    renderApp('/hose/new', signedInDouble());
    const form = await screen.findByRole('form', { name: 'Suggest an item' });
    expect(screen.getByText(/An admin of your shop reviews suggestions/)).toBeTruthy();
    const mineList = await screen.findByRole('region', { name: 'Your suggestions' });
    expect(await within(mineList).findByRole('link', { name: 'ACME-approved' })).toBeTruthy();
    expect(within(mineList).getByText('Note from the reviewer: We stock the GEN one')).toBeTruthy();
    expect(within(mineList).getByText('Rejected')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /Part number/ }), {
      target: { value: 'ACME-2SN-08' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Coupling series/ }), {
      target: { value: 'SN' },
    });
    await userEvent.click(within(form).getByRole('combobox', { name: /Dash size/ }));
    await userEvent.click(await screen.findByRole('option', { name: '-8 (1/2")' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Working pressure/ }), {
      target: { value: '4000' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Thank you. Your suggestion is waiting for review.')).toBeTruthy();
    const body = JSON.parse(calls.find((c) => c.path === `${ORG}/pendingitems/create`)?.body ?? '{}');
    expect(body).toMatchObject({ kind: 'hose', partNumber: 'ACME-2SN-08', dash: -8 });
    expect(calls.some((c) => c.path.endsWith('/update'))).toBe(false);
    expect(await within(mineList).findByText('Waiting for review')).toBeTruthy();
  });

  it('says when the item does not exist', async () => {
    stubFetch({
      ...session('regular'),
      [`GET ${ORG}/item/nope`]: {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'This item was not found' },
      },
    });
    renderApp('/item/nope', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeTruthy();
  });

  it('shows and edits a hose in inches and psi for an imperial user, saving mm and psi', async () => {
    const { calls } = stubFetch({
      ...session('admin'),
      ...hoseCalls,
      'GET /api/v1/user': {
        body: {
          _id: 'user-1',
          organization_id: 'o1',
          name: 'Casey Clerk',
          email: 'clerk@example.com',
          emailVerified: true,
          unitSystem: 'imperial',
          units: 'imperial',
        },
      },
      [`POST ${ORG}/hose/hose-1/update`]: { body: { ...hose, minBendRadiusMm: 181 } },
    });
    renderApp('/hose/hose-1', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'GEN-2SN-08 - GEN' })).toBeTruthy();
    // 180 mm is 7.087 in: to the nearest 1/16, 7-1/16.
    expect(await screen.findByText('7-1/16 in')).toBeTruthy();
    expect(screen.getByText('4,000 psi')).toBeTruthy();
    expect(screen.getByText('16,000 psi')).toBeTruthy();
    // The crimp diameter keeps its precision in decimal inches (24.6 ± 0.2 mm).
    expect(await screen.findByText('0.969 ± 0.008 in')).toBeTruthy();

    const menu = await openTools();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit item' });
    const bend = within(form).getByRole('textbox', { name: /Minimum bend radius/ }) as HTMLInputElement;
    const pressure = within(form).getByRole('textbox', { name: /Working pressure/ }) as HTMLInputElement;
    // Written so that saving unchanged gives back the same 180 mm.
    expect(bend.value).toBe('7.087');
    expect(pressure.value).toBe('4000');
    expect(within(bend.closest('.MuiFormControl-root') as HTMLElement).getByText('in')).toBeTruthy();

    fireEvent.change(bend, { target: { value: '7 1/2/' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Write a length such as 1000 mm, 39-3/8 in or 3 ft 4 in'),
    ).toBeTruthy();

    fireEvent.change(bend, { target: { value: '7 1/8' } });
    expect(within(form).getByText('= 7-1/8 in (181 mm)')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit item' })).toBeNull());
    const body = JSON.parse(calls.filter((c) => c.path === `${ORG}/hose/hose-1/update`).at(-1)?.body ?? '{}');
    expect(body).toMatchObject({ minBendRadiusMm: 181, workingPressurePsi: 4000, burstPressurePsi: 16000 });
  });
});
