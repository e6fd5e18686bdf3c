/**
 * The import log (`ImportLogView`) and the recent imports after an import finished: the counts of new,
 * updated and unchanged rows, each update with what it changed (money first, as the server lists them),
 * 'Nothing changed' for a file already saved, a file without rows, a long list behind a button, and the
 * upgrade link of an import refused for the plan's limit. Through the pages that use them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const ORG = '/api/v1/organization';
const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };
const noImports = { [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } } };

const log = (overrides: Record<string, unknown>) => ({
  importId: 'imp-1',
  kind: 'customer',
  fileName: 'customers.csv',
  status: 'succeeded',
  progress: 100,
  rowsTotal: 3,
  created: 0,
  updated: 0,
  unchanged: 0,
  errorCount: 0,
  errors: [],
  changes: [],
  message: '',
  upgradeUrl: null,
  createdAt: '2026-05-01T12:00:00.000Z',
  finishedAt: '2026-05-01T12:01:00.000Z',
  startedBy: null,
  jobId: null,
  ...overrides,
});

/** The counts as label -> value. */
function counts(): Record<string, string> {
  const list = document.querySelector('dl');
  if (!list) return {};
  const terms = [...list.querySelectorAll('dt')].map((d) => d.textContent ?? '');
  const values = [...list.querySelectorAll('dd')].map((d) => d.textContent ?? '');
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? '']));
}

describe('the import log', { timeout: 30_000 }, () => {
  it('counts new, updated and unchanged rows and lists each update field by field', async () => {
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-1`]: {
        body: log({
          created: 1,
          updated: 1,
          unchanged: 1,
          changes: [
            {
              row: 2,
              change: 'updated',
              item: 'Prairie Ag Supply (PA-1)',
              fields: [
                { field: 'marginPct', before: 32, after: 35 },
                { field: 'notes', before: 'Net 30', after: null },
              ],
            },
            { row: 4, change: 'created', item: 'Walk-in Cash', fields: [] },
          ],
        }),
      },
    });
    renderApp('/customers/import?log=imp-1', signedInDouble());
    expect(await screen.findByText('Import complete')).toBeTruthy();
    expect(screen.getByText('3 rows imported: 1 new, 1 updated, 1 unchanged.')).toBeTruthy();
    expect(counts()).toEqual({ New: '1', Updated: '1', Unchanged: '1' });

    // Each update under its item and row, its fields named as the page names them; empty said so.
    const updated = screen.getByRole('region', { name: 'Updated (1)' });
    const [item] = within(updated).getAllByRole('listitem');
    expect(item?.firstElementChild?.textContent).toBe('Prairie Ag Supply (PA-1) · Row 2');
    expect(
      within(item as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Margin (% of sell price): 32 → 35', 'Notes: Net 30 → (empty)']);
    const created = screen.getByRole('region', { name: 'New (1)' });
    expect(within(created).getByRole('listitem').textContent).toBe('Walk-in Cash · Row 4');
    expect(screen.queryByText('Nothing changed')).toBeNull();
  });

  it('says nothing changed for a file already saved as it is', async () => {
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-2`]: {
        body: log({ importId: 'imp-2', kind: 'hose', rowsTotal: 120, unchanged: 120 }),
      },
    });
    renderApp('/components/import?log=imp-2', signedInDouble());
    expect(await screen.findByText('Nothing changed')).toBeTruthy();
    expect(screen.getByText('All 120 rows of the file are already saved exactly as they are.')).toBeTruthy();
    expect(counts()).toEqual({ New: '0', Updated: '0', Unchanged: '120' });
    expect(screen.queryByText('Import complete')).toBeNull();
    expect(screen.queryByRole('region', { name: /^Updated/ })).toBeNull();
  });

  it('does not say nothing changed when a file only removed items from a list', async () => {
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-3`]: {
        body: log({
          importId: 'imp-3',
          kind: 'priceList',
          rowsTotal: 1,
          unchanged: 1,
          removed: 1,
          changes: [{ row: null, change: 'removed', item: 'F-1 in Fleet', fields: [] }],
        }),
      },
    });
    renderApp('/customers/import?log=imp-3', signedInDouble());
    expect(await screen.findByText('Import complete')).toBeTruthy();
    expect(screen.queryByText('Nothing changed')).toBeNull();
    expect(counts()).toEqual({ New: '0', Updated: '0', Unchanged: '1', Removed: '1' });
    const removed = screen.getByRole('region', { name: 'Removed from the list (1)' });
    expect(within(removed).getByRole('listitem').textContent).toBe('F-1 in Fleet');
  });

  it('says so for a file without rows', async () => {
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-4`]: { body: log({ importId: 'imp-4', rowsTotal: 0 }) },
    });
    renderApp('/customers/import?log=imp-4', signedInDouble());
    expect(await screen.findByText('The file has no rows to import.')).toBeTruthy();
    expect(counts()).toEqual({});
  });

  it('lists the first rows of a long list, the rest behind a button, and says the list was cut', async () => {
    const changes = Array.from({ length: 60 }, (_, i) => ({
      row: i + 2,
      change: 'created',
      item: `ACME H-${i}`,
      fields: [],
    }));
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-5`]: {
        body: log({ importId: 'imp-5', kind: 'hose', rowsTotal: 1200, created: 1200, changes }),
      },
    });
    renderApp('/components/import?log=imp-5', signedInDouble());
    const created = await screen.findByRole('region', { name: 'New (60)' });
    expect(within(created).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('The first 60 of 1,200 changed rows are listed.')).toBeTruthy();
    await userEvent.click(within(created).getByRole('button', { name: 'Show all 60' }));
    expect(within(created).getAllByRole('listitem')).toHaveLength(60);
    expect(within(created).queryByRole('button')).toBeNull();
  });

  it('links an import refused for the plan’s limit to the upgrade', async () => {
    stubFetch({
      ...admin,
      ...noImports,
      [`GET ${ORG}/imports/imp-6`]: {
        body: log({
          importId: 'imp-6',
          status: 'failed',
          message:
            'You have 24 customers, the file adds 2, your plan allows 25. Upgrade your subscription to import them. Nothing was imported.',
          upgradeUrl: '/upgradesubscription',
        }),
      },
    });
    renderApp('/customers/import?log=imp-6', signedInDouble());
    expect(await screen.findByText(/^You have 24 customers, the file adds 2/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
  });

  it('shows in the recent imports what each successful import did', async () => {
    stubFetch({
      ...admin,
      [`GET ${ORG}/imports`]: {
        body: {
          items: [
            log({ importId: 'imp-7', created: 2, updated: 3, unchanged: 5 }),
            log({ importId: 'imp-8', unchanged: 3 }),
            log({ importId: 'imp-10', kind: 'priceList', unchanged: 2, removed: 1 }),
            log({ importId: 'imp-9', status: 'failed', errorCount: 2 }),
          ],
          total: 4,
          page: 1,
        },
      },
    });
    renderApp('/customers/import', signedInDouble());
    const recent = await screen.findByRole('table', { name: 'Recent imports' });
    const statuses = within(recent)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]?.textContent);
    expect(statuses).toEqual([
      'Succeeded2 new, 3 updated, 5 unchanged',
      'SucceededNothing changed',
      'Succeeded0 new, 0 updated, 2 unchanged, 1 removed',
      'Failed',
    ]);
  });
});
