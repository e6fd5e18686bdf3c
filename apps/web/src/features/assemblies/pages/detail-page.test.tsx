import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { computeResponseFor, createAssembly } from '../test-factories';

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

  it('lists the safety findings confirmed with their reasons, and says to skive a skived hose', async () => {
    const plain = createAssembly();
    const reason = 'Peaks of 120 °C for minutes only; fire sleeve fitted on site';
    const confirmations = [{ code: 'temperature' as const, reason }];
    const draft = {
      hoseId: 'hose-1',
      endA: { fittingId: 'fit-90', ferruleId: 'fer-1' },
      endB: { fittingId: 'fit-90', ferruleId: 'fer-1' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline' as const,
      orientationDeg: 90,
      orientationConvention: 'clockwise' as const,
      application: { tempC: 120, media: 'oil' },
      confirmations,
    };
    const { partNumber, revision, title, parts, ...computed } = computeResponseFor(draft);
    const confirmed = createAssembly({
      spec: { ...plain.spec, application: { tempC: 120, media: 'oil' }, confirmations },
      computed,
      parts: { ...plain.parts, hose: { ...plain.parts.hose, skive: true } },
    });
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hoseassembly/asm-1': { body: confirmed },
      'GET /api/v1/hoseassembly/asm-2': { body: { ...plain, _id: 'asm-2' } },
    });
    const { router } = renderApp('/hoseassembly/asm-1', signedInDouble());
    const section = await screen.findByRole('region', { name: 'Safety confirmations' });
    expect(
      within(section).getByText("120 °C is above hose GEN-2SN-08's highest temperature of 100 °C"),
    ).toBeTruthy();
    expect(within(section).getByText(`Reason: ${reason}`)).toBeTruthy();
    expect(within(section).getByText(/Confirmed by Casey Clerk when saving revision A on/)).toBeTruthy();
    const skive = screen.getByRole('note');
    expect(within(skive).getByText('Skive the hose')).toBeTruthy();
    expect(within(skive).getByText(/Cut back the cover of GEN-2SN-08 where each ferrule grips/)).toBeTruthy();

    // An assembly with nothing to confirm and a hose that is not skived shows neither.
    await router.navigate('/hoseassembly/asm-2');
    await screen.findByRole('region', { name: 'Figures' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Safety confirmations' })).toBeNull());
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('answers an unknown id with a friendly not found', async () => {
    stubFetch({ 'POST /api/v1/sessions/create': { body: createSessionProfile() } });
    renderApp('/hoseassembly/missing', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hose assembly not found' })).toBeTruthy();
    expect(screen.getByText(/It may have been deleted/)).toBeTruthy();
  });
});
