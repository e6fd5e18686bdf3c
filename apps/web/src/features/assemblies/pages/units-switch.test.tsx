/**
 * A user switches their units on /user (rendered by the whole app) and the assembly screens follow without a
 * reload: the test sits with the assemblies because it reads their figures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createAssembly } from '../test-factories';

const user = {
  _id: 'user-1',
  organization_id: 'o1',
  name: 'Casey Clerk',
  email: 'clerk@example.com',
  emailVerified: true,
  unitSystem: null,
  units: 'metric',
};

const session = { 'POST /api/v1/sessions/create': { body: createSessionProfile() } };

describe('switching units on the profile', { timeout: 60_000 }, () => {
  it('chooses imperial units over the organisation’s default, and every screen shows them without a reload', async () => {
    const { calls } = stubFetch({
      ...session,
      'GET /api/v1/user': { body: user },
      'POST /api/v1/users/update': { body: { ...user, unitSystem: 'imperial', units: 'imperial' } },
      'GET /api/v1/hoseassembly/asm-1': { body: createAssembly() },
    });
    const { router } = renderApp('/user', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const units = await screen.findByRole('combobox', { name: 'Units' });
    expect(units.textContent).toBe('Organization default (Metric (mm, bar))');
    await u.click(units);
    const options = within(screen.getByRole('listbox'));
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Organization default (Metric (mm, bar))',
      'Metric (mm, bar)',
      'Imperial (in, psi)',
    ]);
    await u.click(options.getByRole('option', { name: 'Imperial (in, psi)' }));
    expect(await screen.findByText('Units saved: Imperial (in, psi)')).toBeTruthy();
    const update = calls.find((c) => c.path === '/api/v1/users/update');
    expect(JSON.parse(update?.body ?? '{}')).toEqual({ unitSystem: 'imperial' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Units' }).textContent).toBe('Imperial (in, psi)'),
    );

    // Another screen, without a reload: the assembly's figures in inches and psi.
    await router.navigate('/hoseassembly/asm-1');
    const figures = await screen.findByRole('region', { name: 'Figures' }, { timeout: 20_000 });
    expect(within(figures).getByText('35-1/16 in')).toBeTruthy();
    expect(within(figures).getByText('39-3/8 in')).toBeTruthy();
    expect(within(figures).getByText(/4,000 psi \(limited by GEN-2SN-08\)/)).toBeTruthy();
  });
});
