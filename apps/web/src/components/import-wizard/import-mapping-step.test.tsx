/**
 * The mapping step never lets a required field go unimported silently: a required field no column was
 * recognised as is named at once, Start refuses (and sends nothing) until it has a column, then starts.
 * Through the customer import page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const ORG = '/api/v1/organization';
const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };

describe('the mapping step', { timeout: 30_000 }, () => {
  it('names an unrecognised required field and refuses to start until it has a column', async () => {
    const { calls } = stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/imports`]: {
        status: 201,
        body: {
          importId: 'imp-1',
          fileName: 'customers.csv',
          kind: 'customer',
          // 'Firm' is not a header the server knows for the customer's name.
          columns: ['Firm', 'Account #'],
          mapping: { Firm: null, 'Account #': 'accountNumber' },
          fields: [
            { name: 'name', type: 'text', required: true },
            { name: 'accountNumber', type: 'text', required: false },
          ],
          sampleRows: [{ Firm: 'Bow River Cranes', 'Account #': 'BRC-7' }],
          rowsTotal: 1,
        },
      },
      [`POST ${ORG}/imports/imp-1/start`]: { status: 202, body: { importId: 'imp-1', jobId: 'job-1' } },
      [`GET ${ORG}/imports/imp-1`]: {
        body: {
          importId: 'imp-1',
          kind: 'customer',
          fileName: 'customers.csv',
          status: 'queued',
          progress: 0,
          jobId: 'job-1',
          rowsTotal: 1,
          created: 0,
          updated: 0,
          errorCount: 0,
          message: '',
          createdAt: '2026-05-01T12:00:00.000Z',
          finishedAt: null,
          startedBy: null,
          errors: [],
        },
      },
    });
    const { router } = renderApp('/customers/import', signedInDouble());
    const file = new File(['Firm,Account #\nBow River Cranes,BRC-7\n'], 'customers.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(await screen.findByLabelText('File to import'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));

    // Said before anything is clicked.
    expect(
      await screen.findByText(
        'No column of the file was recognised as the required field Name. Choose the column that holds it.',
      ),
    ).toBeTruthy();
    const columns = screen.getByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “Firm” fills' }).textContent).toBe(
      'Do not import this column',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(
      (await screen.findByRole('alert')).textContent?.includes(
        'Choose a column for each required field: Name.',
      ),
    ).toBe(true);
    expect(calls.some((c) => c.path === `${ORG}/imports/imp-1/start`)).toBe(false);

    await userEvent.click(within(columns).getByRole('combobox', { name: 'Column “Firm” fills' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Name (required)' }),
    );
    expect(screen.queryByText(/No column of the file was recognised/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(router.state.location.search).toBe('?log=imp-1'));
    const start = calls.find((c) => c.path === `${ORG}/imports/imp-1/start`);
    expect(JSON.parse(start?.body ?? '{}')).toEqual({
      mapping: { Firm: 'name', 'Account #': 'accountNumber' },
    });
  });
});
