import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createCountCheck, professional, userReading } from '../test-factories';

const ORG = '/api/v1/organization';
const CHECK = 'POST /api/v1/inventory/import/imp-1/check';
const START = `POST ${ORG}/imports/imp-1/start`;

const preview = {
  importId: 'imp-1',
  fileName: 'count.csv',
  kind: 'stockCount',
  columns: ['Part', 'Whse', 'Bin', 'Qty', 'Unit'],
  mapping: { Part: 'partNumber', Whse: 'warehouseCode', Bin: 'locationCode', Qty: 'counted', Unit: 'unit' },
  fields: [
    { name: 'partNumber', type: 'text', required: true },
    { name: 'brand', type: 'text', required: false },
    { name: 'warehouseCode', type: 'text', required: true },
    { name: 'locationCode', type: 'text', required: false },
    { name: 'counted', type: 'number', required: true },
    { name: 'unit', type: 'text', required: false },
  ],
  sampleRows: [{ Part: 'GEN-2SN-08', Whse: 'MAIN', Bin: 'A1', Qty: 10, Unit: 'm' }],
  rowsTotal: 3,
};

function stubs(check: (call: RecordedCall) => { status?: number; body?: unknown }) {
  return stubFetch({
    ...professional({ userRoles: ['admin'] }),
    ...userReading('metric'),
    [`GET ${ORG}/imports`]: { body: { items: [], total: 0, page: 1 } },
    [`POST ${ORG}/imports`]: { status: 201, body: preview },
    [CHECK]: check,
    [START]: { status: 202, body: { importId: 'imp-1', jobId: 'job-1' } },
    [`GET ${ORG}/imports/imp-1`]: {
      body: {
        importId: 'imp-1',
        kind: 'stockCount',
        fileName: 'count.csv',
        status: 'running',
        progress: 10,
        rowsTotal: 3,
        created: 0,
        updated: 0,
        errorCount: 0,
        errors: [],
        message: '',
        createdAt: '2026-05-01T12:00:00.000Z',
        finishedAt: null,
        startedBy: null,
        jobId: 'job-1',
      },
    },
  });
}

async function uploadAndMap() {
  const user = userEvent.setup({ delay: null });
  expect(await screen.findByRole('heading', { level: 1, name: 'Stock take' })).toBeTruthy();
  expect(screen.getByText(/Counted quantities replace the ledger’s figures/)).toBeTruthy();
  const file = new File(['Part,Whse,Bin,Qty,Unit\n'], 'count.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('File to import'), file);
  await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
  const columns = await screen.findByRole('list', { name: 'Columns of the file' });
  expect(within(columns).getByRole('combobox', { name: 'Column “Qty” fills' }).textContent).toBe(
    'Counted quantity (required)',
  );
  return user;
}

describe('/inventory/import (stock take)', { timeout: 60_000 }, () => {
  it('shows what the count changes before Start commits it', async () => {
    const { calls } = stubs(() => ({ body: createCountCheck() }));
    const { router } = renderApp('/inventory/import', signedInDouble());
    const user = await uploadAndMap();

    // Start waits for the check.
    expect(screen.queryByRole('button', { name: 'Start import' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check the count' }));
    const table = await screen.findByRole('table', { name: 'What the count changes' });
    const check = calls.find((c) => `${c.method} ${c.path}` === CHECK);
    expect(JSON.parse(check?.body ?? '{}')).toEqual({ mapping: preview.mapping });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => Array.from(r.children, (cell) => cell.textContent)),
    ).toEqual([
      ['Item', 'Where', 'On hand', 'Counted', 'Difference', 'Value difference'],
      ['GEN-2SN-08 GEN', 'MAIN / A1', '12.50 m', '10.00 m', '−2.50 m', '−$10.50'],
      ['GEN-JIC-08 GEN', 'MAIN', '24', '30', '+6', '+$21'],
    ]);
    expect(screen.getByText('2 lines change. 1 line unchanged.')).toBeTruthy();
    expect(screen.getByText('Total value difference: +$10.50')).toBeTruthy();
    expect(calls.some((c) => `${c.method} ${c.path}` === START)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(router.state.location.search).toBe('?log=imp-1'));
    expect(calls.some((c) => `${c.method} ${c.path}` === START)).toBe(true);
  });

  it('lists the rows with problems and does not offer Start', async () => {
    const { calls } = stubs(() => ({
      body: createCountCheck({
        errors: [{ row: 3, column: 'Whse', message: 'There is no warehouse with the code YARD' }],
        differences: [],
        unchanged: 0,
        totalValueDifference: 0,
      }),
    }));
    renderApp('/inventory/import', signedInDouble());
    const user = await uploadAndMap();
    await user.click(screen.getByRole('button', { name: 'Check the count' }));
    const table = await screen.findByRole('table', { name: 'Problems found' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RowColumnProblem', '3WhseThere is no warehouse with the code YARD']);
    const start = screen.getByRole('button', { name: 'Start import' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    await user.click(start).catch(() => undefined);
    expect(calls.some((c) => `${c.method} ${c.path}` === START)).toBe(false);
  });
});
