import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest, setAccessTokenGetter } from '@/lib/api';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { BackLink, RecordLoad } from './record-page';

function WarehousePage() {
  const warehouse = useQuery({
    queryKey: ['warehouse', 'w-1'],
    queryFn: () => apiRequest<{ name: string }>('/api/v1/warehouse/w-1'),
    retry: false,
  });
  return (
    <>
      <BackLink href="/warehouses">Warehouses</BackLink>
      <RecordLoad
        query={warehouse}
        notFound="No such warehouse."
        loadFailed="The warehouse could not be loaded."
      >
        {(loaded) => <h1>{loaded.name}</h1>}
      </RecordLoad>
    </>
  );
}

// The app's session sync hands the API client its token; a component alone has no session.
beforeEach(() => setAccessTokenGetter(async () => 'token'));
afterEach(() => setAccessTokenGetter(null));

describe('a record page while its record loads', () => {
  it('shows the record once it is here, under a link back to its list', async () => {
    stubFetch({ 'GET /api/v1/warehouse/w-1': { body: { name: 'Saskatoon yard' } } });
    renderWithProviders(<WarehousePage />);
    expect(screen.getByRole('status').textContent).toMatch(/loading/i);
    await screen.findByRole('heading', { name: 'Saskatoon yard' });
    expect(screen.getByRole('link', { name: 'Warehouses' }).getAttribute('href')).toBe('/warehouses');
  });

  it('says when there is no such record, without a retry', async () => {
    stubFetch({
      'GET /api/v1/warehouse/w-1': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'This warehouse was not found' },
      },
    });
    renderWithProviders(<WarehousePage />);
    await screen.findByText('No such warehouse.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("shows any other failure with the server's reason, and loads it again on retry", async () => {
    let failing = true;
    stubFetch({
      'GET /api/v1/warehouse/w-1': () =>
        failing
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'The database is busy' } }
          : { body: { name: 'Saskatoon yard' } },
    });
    renderWithProviders(<WarehousePage />);
    await screen.findByText(/The warehouse could not be loaded\. The database is busy/);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Saskatoon yard' });
  });
});
