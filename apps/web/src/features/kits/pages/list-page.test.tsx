import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('/hosekits', { timeout: 60_000 }, () => {
  it('invites the first kit when there is none', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hosekits': { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/hosekits', signedInDouble());
    const heading = await screen.findByRole('heading', { name: 'No hose kits yet' });
    const empty = heading.closest('[role="status"]') as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'New kit' }).getAttribute('href')).toBe('/hosekits/new');
  });

  it('sends the search and paging in the address to the server', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hosekits': {
        body: {
          items: [
            {
              _id: 'kit-1',
              partNumber: 'KIT-100',
              revision: 'B',
              title: 'KIT-100_B',
              released: true,
              description: 'Excavator boom kit',
              machine: 'CAT 320',
              customerId: null,
              customerName: 'Prairie Excavating',
              lineCount: 3,
              createdAt: '2026-11-01T10:00:00.000Z',
              updatedAt: '2026-11-02T10:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
        },
      },
    });
    renderApp('/hosekits?q=boom&sort=partNumber&order=asc', signedInDouble());
    expect(await screen.findByText('KIT-100_B')).toBeTruthy();
    const call = calls.find((c) => c.path === '/api/v1/hosekits');
    expect(call).toBeTruthy();
    expect(screen.getByPlaceholderText('Part number, description or machine')).toHaveProperty(
      'value',
      'boom',
    );
  });
});
