import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { queriesOf } from '../test-factories';

const ORG = '/api/v1/organization';
const admin = {
  'POST /api/v1/sessions/create': {
    body: createSessionProfile({ userRoles: ['admin'], subscription: 'professional' }),
  },
};

describe('/warehouses/import', { timeout: 30_000 }, () => {
  it('uploads a warehouse file and maps its columns with warehouse field names', async () => {
    const { fetchMock } = stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/imports`]: {
        status: 201,
        body: {
          importId: 'imp-1',
          fileName: 'vans.csv',
          kind: 'warehouse',
          columns: ['Code', 'Bin'],
          mapping: { Code: 'code', Bin: 'locationCode' },
          fields: [
            { name: 'code', type: 'text', required: true },
            { name: 'locationCode', type: 'text', required: false },
          ],
          sampleRows: [{ Code: 'VAN-2', Bin: 'REEL-1' }],
          rowsTotal: 4,
        },
      },
    });
    renderApp('/warehouses/import', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Warehouses' })).toBeTruthy();
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/imports`)[0]?.get('kinds')).toBe('warehouse'));

    const file = new File(['Code,Bin\nVAN-2,REEL-1\n'], 'vans.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    const upload = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/imports') && init?.method === 'POST',
    );
    expect((upload![1]!.body as FormData).get('kind')).toBe('warehouse');

    const columns = await screen.findByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “Code” fills' }).textContent).toBe(
      'Warehouse code (required)',
    );
    expect(within(columns).getByRole('combobox', { name: 'Column “Bin” fills' }).textContent).toBe(
      'Location code',
    );
    expect(screen.getByText('vans.csv: 4 rows of warehouses.')).toBeTruthy();
  });
});
