import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { queriesOf } from '../test-factories';

const ORG = '/api/v1/organization';

describe('/pricelists/import', { timeout: 30_000 }, () => {
  it('says rows fill each named list’s draft, uploads a price list file and maps its columns', async () => {
    const { fetchMock } = stubFetch({
      'POST /api/v1/sessions/create': {
        body: createSessionProfile({ userRoles: ['admin'], subscription: 'enterprise' }),
      },
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/imports`]: {
        status: 201,
        body: {
          importId: 'imp-1',
          fileName: 'fleet.csv',
          kind: 'priceList',
          columns: ['List', 'Part', 'Price', 'Qty 1'],
          mapping: { List: 'priceList', Part: 'partNumber', Price: 'unitPrice', 'Qty 1': 'break1Quantity' },
          fields: [
            { name: 'priceList', type: 'text', required: true },
            { name: 'partNumber', type: 'text', required: true },
            { name: 'unitPrice', type: 'number', required: true },
            { name: 'break1Quantity', type: 'number', required: false },
          ],
          sampleRows: [{ List: 'Fleet 2027', Part: 'GEN-2SN-08', Price: '12.50', 'Qty 1': '10' }],
          rowsTotal: 120,
        },
      },
    });
    renderApp('/pricelists/import', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Price Lists' })).toBeTruthy();
    expect(
      screen.getByText(
        /the rows replace each named list’s draft. If any row has a problem, nothing is written/,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/imports`)[0]?.get('kinds')).toBe('priceList'));

    const file = new File(['List,Part,Price\n'], 'fleet.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    const upload = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/imports') && init?.method === 'POST',
    );
    expect((upload![1]!.body as FormData).get('kind')).toBe('priceList');

    const columns = await screen.findByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “List” fills' }).textContent).toBe(
      'Price list name (required)',
    );
    expect(within(columns).getByRole('combobox', { name: 'Column “Qty 1” fills' }).textContent).toBe(
      'Break 1 quantity',
    );
  });
});
