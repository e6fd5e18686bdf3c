import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const ORG = '/api/v1/organization';
const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };

const log = (overrides: Record<string, unknown>) => ({
  importId: 'imp-1',
  kind: 'hoseAssembly',
  fileName: 'assemblies.csv',
  status: 'failed',
  progress: 100,
  rowsTotal: 2,
  created: 0,
  updated: 0,
  errorCount: 1,
  errors: [
    { row: 3, column: 'Hose', message: 'No hose has part number GEN-9ZZ-99 in the component library' },
  ],
  message: '1 row has problems; nothing was imported.',
  createdAt: '2026-05-01T12:00:00.000Z',
  finishedAt: '2026-05-01T12:01:00.000Z',
  startedBy: null,
  jobId: null,
  ...overrides,
});

function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

describe('/hoseassemblies/import', { timeout: 30_000 }, () => {
  it('uploads an assembly file, maps its columns with assembly field names, and lists every problem', async () => {
    const { fetchMock, calls } = stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/imports`]: {
        status: 201,
        body: {
          importId: 'imp-1',
          fileName: 'assemblies.csv',
          kind: 'hoseAssembly',
          columns: ['Hose', 'End A fitting', 'End B fitting', 'Length (mm)', 'Remarks'],
          mapping: {
            Hose: 'hosePartNumber',
            'End A fitting': 'endAFittingPartNumber',
            'End B fitting': 'endBFittingPartNumber',
            'Length (mm)': 'overallLengthMm',
            Remarks: null,
          },
          fields: [
            { name: 'partNumber', type: 'text', required: false },
            { name: 'hosePartNumber', type: 'text', required: true },
            { name: 'endAFittingPartNumber', type: 'text', required: true },
            { name: 'endBFittingPartNumber', type: 'text', required: true },
            { name: 'overallLengthMm', type: 'number', required: true },
            { name: 'notes', type: 'text', required: false },
          ],
          sampleRows: [
            {
              Hose: 'GEN-2SN-08',
              'End A fitting': 'F-SN-08-FJX90',
              'End B fitting': 'F-SN-08-FJX90',
              'Length (mm)': 1000,
              Remarks: '',
            },
          ],
          rowsTotal: 2,
        },
      },
      [`POST ${ORG}/imports/imp-1/start`]: { status: 202, body: { importId: 'imp-1', jobId: 'job-1' } },
      [`GET ${ORG}/imports/imp-1`]: { body: log({}) },
    });
    const { router } = renderApp('/hoseassemblies/import', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Hose Assemblies' })).toBeTruthy();
    // Recent imports are only the hose assembly imports.
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/imports`)[0]?.get('kinds')).toBe('hoseAssembly'));
    const file = new File(['Hose\nGEN-2SN-08\n'], 'assemblies.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    const upload = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/imports') && init?.method === 'POST',
    );
    expect((upload![1]!.body as FormData).get('kind')).toBe('hoseAssembly');

    const columns = await screen.findByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “Hose” fills' }).textContent).toBe(
      'Hose part number (required)',
    );
    expect(within(columns).getByRole('combobox', { name: 'Column “Length (mm)” fills' }).textContent).toBe(
      'Overall length (mm, or with its unit: 39-3/8 in) (required)',
    );
    expect(screen.getByText('assemblies.csv: 2 rows of hose assemblies.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(router.state.location.search).toBe('?log=imp-1'));
    expect(calls.some((c) => c.path === `${ORG}/imports/imp-1/start`)).toBe(true);
    const table = await screen.findByRole('table', { name: 'Problems found' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RowColumnProblem', '3HoseNo hose has part number GEN-9ZZ-99 in the component library']);
  });

  it('links a successful import to the assembly list', async () => {
    stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
      [`GET ${ORG}/imports/imp-2`]: {
        body: log({
          importId: 'imp-2',
          status: 'succeeded',
          errors: [],
          errorCount: 0,
          created: 1,
          updated: 1,
        }),
      },
    });
    renderApp('/hoseassemblies/import?log=imp-2', signedInDouble());
    expect(await screen.findByText('2 rows imported: 1 new, 1 updated.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your hose assemblies' }).getAttribute('href')).toBe(
      '/hoseassemblies',
    );
  });

  it('is linked from the assembly list for admins only', async () => {
    stubFetch({
      ...admin,
      'GET /api/v1/hoseassemblies': { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/hoseassemblies', signedInDouble());
    const link = await screen.findByRole('link', { name: 'Import assemblies' });
    expect(link.getAttribute('href')).toBe('/hoseassemblies/import');
  });

  it('shows no import link to a member who is not an admin', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hoseassemblies': { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/hoseassemblies', signedInDouble());
    expect((await screen.findAllByRole('link', { name: 'Build a hose' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Import assemblies' })).toBeNull();
  });
});
