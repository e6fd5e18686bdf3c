import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { queriesOf } from '../test-factories';

const ORG = '/api/v1/organization';
const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };

const log = (overrides: Record<string, unknown>) => ({
  importId: 'imp-1',
  kind: 'customer',
  fileName: 'customers.csv',
  status: 'failed',
  progress: 100,
  rowsTotal: 3,
  created: 0,
  updated: 0,
  errorCount: 1,
  errors: [{ row: 3, column: 'Company', message: 'Enter the customer’s name' }],
  message: '1 row has problems; nothing was imported.',
  createdAt: '2026-05-01T12:00:00.000Z',
  finishedAt: '2026-05-01T12:01:00.000Z',
  startedBy: null,
  jobId: null,
  ...overrides,
});

describe('/customers/import', { timeout: 30_000 }, () => {
  it('uploads a customer file, maps its columns with customer field names, and lists every problem', async () => {
    const { fetchMock, calls } = stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/imports`]: {
        status: 201,
        body: {
          importId: 'imp-1',
          fileName: 'customers.csv',
          kind: 'customer',
          columns: ['Company', 'Account #', 'Notes'],
          mapping: { Company: 'name', 'Account #': 'accountNumber', Notes: null },
          fields: [
            { name: 'name', type: 'text', required: true },
            { name: 'accountNumber', type: 'text', required: false },
            { name: 'notes', type: 'text', required: false },
          ],
          sampleRows: [{ Company: 'Bow River Cranes', 'Account #': 'BRC-7', Notes: '' }],
          rowsTotal: 3,
        },
      },
      [`POST ${ORG}/imports/imp-1/start`]: { status: 202, body: { importId: 'imp-1', jobId: 'job-1' } },
      [`GET ${ORG}/imports/imp-1`]: { body: log({}) },
    });
    const { router } = renderApp('/customers/import', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Customers' })).toBeTruthy();
    // Recent imports are only the customer imports.
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/imports`)[0]?.get('kinds')).toBe('customer'));
    const file = new File(['Company\nBow River Cranes\n'], 'customers.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    const upload = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/imports') && init?.method === 'POST',
    );
    expect((upload![1]!.body as FormData).get('kind')).toBe('customer');

    const columns = await screen.findByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “Company” fills' }).textContent).toBe(
      'Name (required)',
    );
    expect(within(columns).getByRole('combobox', { name: 'Column “Account #” fills' }).textContent).toBe(
      'Account number',
    );
    expect(screen.getByText('customers.csv: 3 rows of customers.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(router.state.location.search).toBe('?log=imp-1'));
    expect(calls.some((c) => c.path === `${ORG}/imports/imp-1/start`)).toBe(true);
    const table = await screen.findByRole('table', { name: 'Problems found' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RowColumnProblem', '3CompanyEnter the customer’s name']);
  });

  it('links a successful import to the customer list', async () => {
    stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`GET ${ORG}/imports/imp-2`]: {
        body: log({
          importId: 'imp-2',
          status: 'succeeded',
          errors: [],
          errorCount: 0,
          created: 2,
          updated: 1,
        }),
      },
    });
    renderApp('/customers/import?log=imp-2', signedInDouble());
    expect(await screen.findByText('3 rows imported: 2 new, 1 updated.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your customers' }).getAttribute('href')).toBe('/customers');
  });
});
