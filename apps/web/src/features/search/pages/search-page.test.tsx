import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearOrganizationSettings } from '@/lib/organization-settings';
import { storeAccessToken, storeSessionProfile } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const hoses = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    url: `hose/h-${from + i}`,
    objectType: 'hose',
    partNumber: `GEN-${from + i}`,
    brand: 'GEN',
    description: `Hose ${from + i}`,
  }));

beforeEach(() => {
  clearOrganizationSettings();
  storeSessionProfile(createSessionProfile());
  storeAccessToken('tok');
});

// The first render transforms the lazy page on demand, which is slow when the machine is busy.
describe('/search page', { timeout: 20_000 }, () => {
  it('lists every result for ?q= ten to a page, and pages with ?page=', async () => {
    const { fetchMock } = stubFetch({ 'GET /api/v1/search': { body: { items: hoses(1, 10), total: 23 } } });
    const sent = () => fetchMock.mock.calls.map(([input]) => String(input));
    const { router } = renderApp('/search?q=gen', signedInDouble());
    expect(await screen.findByText('23 results for “gen”')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(
      within(list)
        .getByRole('link', { name: /GEN-1 - GEN/ })
        .getAttribute('href'),
    ).toBe('/hose/h-1');

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(router.state.location.search).toBe('?q=gen&page=3');
    await screen.findByRole('button', { name: 'page 3' });
    expect(sent()).toContain('/api/v1/search?searchText=gen&itemsPerPage=10');
    expect(sent()).toContain('/api/v1/search?searchText=gen&itemsPerPage=10&page=3');
  });

  it('says so when nothing matches, and prompts when there is no text', async () => {
    stubFetch({ 'GET /api/v1/search': { body: { items: [], total: 0 } } });
    const { router } = renderApp('/search?q=zzz', signedInDouble());
    expect(await screen.findByText('No results found for “zzz”')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    expect(router.state.location.search).toBe('');
    expect(
      await screen.findByText('Type a part number, a name or a few words of a description.'),
    ).toBeTruthy();
  });

  it('titles kits with the organisation’s revision delimiter, assemblies by their part number', async () => {
    stubFetch({
      'GET /api/v1/search': {
        body: {
          items: [
            { url: 'hosekit/k-1', objectType: 'hoseKit', partNumber: 'KIT-7', revision: 'B' },
            { url: 'hoseassembly/a-1', objectType: 'hoseAssembly', partNumber: 'C-00042', revision: 'A' },
          ],
          total: 2,
        },
      },
      'GET /api/v1/organization/revisiondelimiter': { body: '.' },
    });
    renderApp('/search?q=00', signedInDouble());
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(list).findByText('KIT-7.B')).toBeTruthy();
    expect(within(list).getByText('C-00042')).toBeTruthy();
  });
});
