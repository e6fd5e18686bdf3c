import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetImageCache } from '@/api/images';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createKit } from '../test-factories';

describe('a kit’s page', { timeout: 60_000 }, () => {
  it('opens the tab named in the address and keeps the address in step with the tabs', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hosekit/kit-1': { body: createKit() },
    });
    const { router } = renderApp('/hosekit/kit-1/bom', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'KIT-100_A' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'BOM' }).getAttribute('aria-selected')).toBe('true');
    const table = screen.getByRole('table', { name: 'Bill of materials' });
    // The kit's customer pays in CAD ('$' in Canadian English).
    expect(within(table).getAllByText('$180').length).toBeGreaterThan(0);

    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hosekit/kit-1/overview'));
    expect(screen.getByText('Prairie Excavating')).toBeTruthy();
    expect(screen.getByText('CAT 320 boom')).toBeTruthy();
  });

  it('releases an unreleased kit after asking; a regular user has no Delete', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hosekit/kit-1': { body: createKit() },
      'POST /api/v1/hosekit/kit-1/release': { body: createKit({ released: true }) },
    });
    renderApp('/hosekit/kit-1', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Tools' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByText('Delete')).toBeNull();
    expect(within(menu).getByText('Kit PDF')).toBeTruthy();
    await user.click(within(menu).getByText('Release'));
    const dialog = await screen.findByRole('dialog', { name: 'Release KIT-100_A?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/hosekit/kit-1/release')).toBe(true));
  });

  it('starts a work order for the kit on a plan with work orders', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile({ subscription: 'enterprise' }) },
      'GET /api/v1/hosekit/kit-1': { body: createKit() },
    });
    renderApp('/hosekit/kit-1', signedInDouble());
    const link = await screen.findByRole('link', { name: 'Work order' });
    expect(link.getAttribute('href')).toBe('/workorders/new?hoseKitId=kit-1');
  });

  it('offers no work order for the kit on a trial', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile({ subscription: 'trial' }) },
      'GET /api/v1/hosekit/kit-1': { body: createKit() },
    });
    renderApp('/hosekit/kit-1', signedInDouble());
    await screen.findByRole('heading', { name: 'KIT-100_A' });
    expect(screen.queryByRole('link', { name: 'Work order' })).toBeNull();
  });

  it('shows a placeholder for a kit without a picture, and asks for none', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hosekit/kit-1': { body: createKit() },
    });
    renderApp('/hosekit/kit-1', signedInDouble());
    expect(await screen.findByText('No picture yet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Picture of KIT-100_A' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/image/'))).toEqual([]);
  });

  it('shows the picture of a kit that has one', async () => {
    resetImageCache();
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:kit');
    URL.revokeObjectURL = vi.fn();
    const kit = createKit();
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hosekit/kit-1': {
        body: { ...kit, revisions: kit.revisions.map((r) => ({ ...r, hasPicture: true })) },
      },
      'GET /api/v1/image/kit-1': { body: 'png-bytes' },
    });
    renderApp('/hosekit/kit-1', signedInDouble());
    const picture = await screen.findByRole('img', { name: 'Picture of KIT-100_A' });
    expect(picture.getAttribute('src')).toBe('blob:kit');
    expect(screen.queryByText('No picture yet')).toBeNull();
  });

  it('says so when the kit does not exist', async () => {
    stubFetch({ 'POST /api/v1/sessions/create': { body: createSessionProfile() } });
    renderApp('/hosekit/nope', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'Hose kit not found' })).toBeTruthy();
  });
});
