import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useJobProgressStore } from '@/lib/job-progress-store';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { ORG } from '../test-factories';

const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };

const preview = {
  importId: 'imp-1',
  fileName: 'supplier-hoses.csv',
  kind: 'hose',
  columns: ['Part No', 'Series', 'Size', 'WP', 'Notes'],
  mapping: { 'Part No': 'partNumber', Series: 'series', Size: 'dash', WP: null, Notes: null },
  fields: [
    { name: 'partNumber', type: 'text', required: true },
    { name: 'series', type: 'text', required: true },
    { name: 'dash', type: 'number', required: true },
    { name: 'workingPressurePsi', type: 'number', required: true },
    { name: 'brand', type: 'text', required: false },
  ],
  sampleRows: [
    { 'Part No': 'ACME-2SN-08', Series: 'SN', Size: -8, WP: 4000, Notes: 'fast mover' },
    { 'Part No': 'ACME-2SN-10', Series: 'SN', Size: -10, WP: 3600, Notes: '' },
  ],
  rowsTotal: 120,
};

const log = (overrides: Record<string, unknown>) => ({
  importId: 'imp-1',
  kind: 'hose',
  fileName: 'supplier-hoses.csv',
  status: 'running',
  progress: 0,
  rowsTotal: 120,
  created: 0,
  updated: 0,
  errorCount: 0,
  errors: [],
  message: '',
  createdAt: '2026-05-01T12:00:00.000Z',
  finishedAt: null,
  startedBy: null,
  jobId: null,
  ...overrides,
});

const noImports = { [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } } };

describe('/components/import', { timeout: 30_000 }, () => {
  it('uploads a file, maps its columns, starts, follows the progress and lists every problem', async () => {
    const polls = [
      log({ status: 'queued' }),
      log({ status: 'running', progress: 40 }),
      log({
        status: 'failed',
        progress: 100,
        errorCount: 2,
        message: 'The file has 2 problems.',
        errors: [
          { row: 3, column: 'Size', message: 'Dash size must be one of -3, -4, -5' },
          { row: 7, column: 'WP', message: 'Enter the pressure in psi' },
        ],
        finishedAt: '2026-05-01T12:01:00.000Z',
      }),
    ];
    let poll = 0;
    const { calls, fetchMock } = stubFetch({
      ...admin,
      ...noImports,
      [`POST ${ORG}/imports`]: { status: 201, body: preview },
      [`POST ${ORG}/imports/imp-1/start`]: { status: 202, body: { importId: 'imp-1', jobId: 'job-1' } },
      [`GET ${ORG}/imports/imp-1`]: () => ({ body: polls[Math.min(poll++, polls.length - 1)] }),
    });
    const { router } = renderApp('/components/import?kind=hose', signedInDouble());

    expect(await screen.findByRole('heading', { level: 1, name: 'Import Components' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSV template' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excel template' })).toBeTruthy();
    const file = new File(['Part No,Series\nACME-2SN-08,SN\n'], 'supplier-hoses.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    expect(screen.getByText('supplier-hoses.csv')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));

    // The upload is multipart with the kind and the file.
    const upload = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/imports') && init?.method === 'POST',
    );
    const form = upload?.[1]?.body as FormData;
    expect(form.get('kind')).toBe('hose');
    expect((form.get('file') as File).name).toBe('supplier-hoses.csv');

    // Mapping: one select per column, the suggestion preselected, required fields marked.
    const columns = await screen.findByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “Part No” fills' }).textContent).toBe(
      'Part number (required)',
    );
    expect(within(columns).getByRole('combobox', { name: 'Column “WP” fills' }).textContent).toBe(
      'Do not import this column',
    );
    expect(screen.getByText('First 2 of 120 rows')).toBeTruthy();
    expect(screen.getByText('fast mover')).toBeTruthy();

    // Start refuses while a required field has no column.
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(
      await screen.findByText('Choose a column for each required field: Working pressure.'),
    ).toBeTruthy();
    await userEvent.click(within(columns).getByRole('combobox', { name: 'Column “WP” fills' }));
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('option', { name: 'Part number (required)' })).toBeTruthy();
    expect(within(options).getByRole('option', { name: 'Brand' })).toBeTruthy();
    await userEvent.click(within(options).getByRole('option', { name: 'Working pressure (required)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));

    await waitFor(() => expect(router.state.location.search).toBe('?kind=hose&log=imp-1'));
    const start = calls.find((c) => c.path === `${ORG}/imports/imp-1/start`);
    expect(JSON.parse(start?.body ?? '{}')).toEqual({
      mapping: {
        'Part No': 'partNumber',
        Series: 'series',
        Size: 'dash',
        WP: 'workingPressurePsi',
        Notes: null,
      },
    });

    // Progress while it runs, polled until final, then every problem with row, column and message.
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    expect(await screen.findByText('Nothing was imported', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('2 problems were found. Fix them in the file and import it again.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Problems found' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RowColumnProblem',
      '3SizeDash size must be one of -3, -4, -5',
      '7WPEnter the pressure in psi',
    ]);
    const pollsBefore = poll;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(poll).toBe(pollsBefore);
  });

  it('opens an import log from ?log={id} with the outcome and links to the list', async () => {
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-7`]: {
        body: log({
          importId: 'imp-7',
          status: 'succeeded',
          progress: 100,
          created: 100,
          updated: 20,
          changes: [
            {
              row: 3,
              change: 'updated',
              item: 'H-100',
              fields: [{ field: 'workingPressurePsi', before: 3000, after: 4000 }],
            },
          ],
        }),
      },
    });
    renderApp('/components/import?log=imp-7', signedInDouble());
    expect(await screen.findByText('Import complete')).toBeTruthy();
    expect(screen.getByText('120 rows imported: 100 new, 20 updated.')).toBeTruthy();
    // A changed field is named as the mapping step names it, not by the contract's name.
    const updated = screen.getByRole('region', { name: /^Updated/ });
    expect(within(updated).getByText(/: 3000 → 4000$/).textContent).toBe('Working pressure: 3000 → 4000');
    expect(screen.getByRole('link', { name: 'View your hoses' }).getAttribute('href')).toBe(
      '/components/hose/custom',
    );
    expect(screen.getByRole('link', { name: 'View all hoses' }).getAttribute('href')).toBe(
      '/components/hose',
    );
  });

  it('moves the progress bar with the progress the server pushes while the stored one lags', async () => {
    useJobProgressStore.getState().reset();
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-8`]: { body: log({ importId: 'imp-8', status: 'queued', jobId: 'job-8' }) },
    });
    renderApp('/components/import?log=imp-8', signedInDouble());
    expect(await screen.findByText('Waiting to start…')).toBeTruthy();
    act(() => useJobProgressStore.getState().report('job-8', 60));
    expect(await screen.findByText('Checking and importing 120 rows: 60%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );
    act(() => useJobProgressStore.getState().report('job-other', 90));
    expect(screen.getByText('Checking and importing 120 rows: 60%')).toBeTruthy();
  });

  it('lists recent imports, each opening its log', async () => {
    stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: {
        body: { items: [log({ importId: 'imp-3', status: 'failed', errorCount: 4 })], total: 1, page: 1 },
      },
    });
    renderApp('/components/import', signedInDouble());
    const recent = await screen.findByRole('table', { name: 'Recent imports' });
    expect(within(recent).getByRole('link', { name: 'supplier-hoses.csv' }).getAttribute('href')).toBe(
      '/components/import?log=imp-3',
    );
    expect(within(recent).getByText('Failed')).toBeTruthy();
  });
});
