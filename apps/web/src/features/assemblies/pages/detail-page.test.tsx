import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createAssembly } from '../test-factories';

const built = {
  serialId: '7K3M9Q2XAB',
  hoseAssemblyId: 'asm-1',
  revision: 'A',
  replacesSerialId: null,
  builtAt: '2026-05-02T09:00:00.000Z',
  builtByName: 'Casey Clerk',
};

describe('/hoseassembly/{id}', { timeout: 60_000 }, () => {
  it('shows the figures, the parts, the drawing and the history; builds a unit that gets a serial', async () => {
    let serials: (typeof built)[] = [];
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hoseassembly/asm-1': () => ({ body: createAssembly({ serials }) }),
      'POST /api/v1/hoseassembly/asm-1/serials': (call) => {
        serials = [{ ...built, replacesSerialId: JSON.parse(call.body ?? '{}').replacesSerialId ?? null }];
        return { body: { items: serials } };
      },
    });
    renderApp('/hoseassembly/asm-1', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'HA-0001_A' })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('890 mm')).toBeTruthy();
    expect(within(figures).getByText('1,000 mm')).toBeTruthy();
    expect(within(figures).getByText(/276 bar \(limited by GEN-2SN-08\)/)).toBeTruthy();
    expect(within(figures).getByText(/90° ± 5°/)).toBeTruthy();
    // Cost and price say their currency (the example's: US dollars, read in en-CA).
    expect(within(figures).getAllByText(/^US\$\d/).length).toBe(2);
    expect(
      screen.getByRole('img', { name: /Drawing of the assembly: Hose GEN-2SN-08, End A JIC37 F -8 90°/ }),
    ).toBeTruthy();
    const bom = screen.getByRole('table', { name: 'Bill of materials' });
    expect(within(bom).getAllByText('F-SN-08-FJX90').length).toBe(2);
    expect(within(bom).getAllByText('FER-SN-08').length).toBe(2);
    expect(screen.getByText(/No unit built yet/)).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    // Regular members get no Delete in the tools menu.
    await user.click(screen.getByRole('button', { name: 'Tools' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Print tag' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Spec sheet PDF' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Build' }));
    const list = await screen.findByRole('list', { name: 'Built units (serials)' });
    expect(within(list).getByRole('link', { name: '7K3M9Q2XAB' }).getAttribute('href')).toBe(
      '/qs/7K3M9Q2XAB',
    );
    const sent = calls.find((c) => c.path === '/api/v1/hoseassembly/asm-1/serials');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ quantity: 1 });
  });

  it('lets an admin delete after confirming', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
      'POST /api/v1/hoseassembly/asm-1/delete': { body: { ok: true } },
      'GET /api/v1/hoseassemblies': { body: { items: [], total: 0, page: 1 } },
    });
    const { router } = renderApp('/hoseassembly/asm-1', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Tools' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete HA-0001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hoseassemblies'));
    expect(calls.some((c) => c.path === '/api/v1/hoseassembly/asm-1/delete' && c.method === 'POST')).toBe(
      true,
    );
    // The list page loads lazily (the grid is a large chunk).
    expect(await screen.findByText('No hose assemblies yet', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Build a hose/ })[0]?.getAttribute('href')).toBe(
      '/hoseassemblies/new',
    );
  });

  it('starts a work order for the assembly on a plan with work orders', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile({ subscription: 'professional' }) },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
    });
    renderApp('/hoseassembly/asm-1', signedInDouble());
    const link = await screen.findByRole('link', { name: 'Work order' });
    expect(link.getAttribute('href')).toBe('/workorders/new?hoseAssemblyId=asm-1');
  });

  it('offers no work order for the assembly on a trial', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile({ subscription: 'trial' }) },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
    });
    renderApp('/hoseassembly/asm-1', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'HA-0001_A' });
    expect(screen.queryByRole('link', { name: 'Work order' })).toBeNull();
  });

  it('answers an unknown id with a friendly not found', async () => {
    stubFetch({ 'POST /api/v1/sessions/create': { body: createSessionProfile() } });
    renderApp('/hoseassembly/missing', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hose assembly not found' })).toBeTruthy();
    expect(screen.getByText(/It may have been deleted/)).toBeTruthy();
  });
});
