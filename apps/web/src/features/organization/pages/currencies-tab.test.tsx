import type { Currencies } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api';
import { resetSessionStore, useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { CurrenciesTab } from './currencies-tab';

const PATH = '/api/v1/organization/currencies';
const IMPORTS = '/api/v1/organization/imports';
const UPDATED = '2026-11-20T10:00:00.000Z';

/** An exchange-rate import's log as the server answers it. */
const importLog = (overrides: Record<string, unknown>) => ({
  importId: 'imp-1',
  kind: 'exchangeRate',
  fileName: 'rates.csv',
  status: 'running',
  progress: 0,
  rowsTotal: 2,
  created: 0,
  updated: 0,
  errorCount: 0,
  errors: [],
  message: '',
  createdAt: UPDATED,
  finishedAt: null,
  startedBy: null,
  jobId: null,
  ...overrides,
});

const signedInAs = (role: 'admin' | 'regular') => {
  useSessionStore.setState({ access: { roles: [role], subscription: null }, status: 'ready' });
  setAccessTokenGetter(async () => 'sdk-token');
};

/** A server double of the currencies: a save replaces them unless `refuse` answers for it. */
function currenciesServer(
  initial: Currencies,
  refuse?: (body: { currencies: { code: string; rate: number }[] }) => unknown,
) {
  let saved = initial;
  return stubFetch({
    [`GET ${PATH}`]: () => ({ body: saved }),
    [`POST ${PATH}/update`]: (call: RecordedCall) => {
      const body = JSON.parse(call.body ?? '{}');
      const refusal = refuse?.(body);
      if (refusal) return { status: 400, body: refusal };
      saved = {
        baseCurrency: body.baseCurrency ?? saved.baseCurrency,
        currencies: body.currencies.map((c: { code: string; rate: number }) => ({
          ...c,
          updatedAt: UPDATED,
        })),
      };
      return { body: saved };
    },
  });
}

const posts = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'POST' && c.path === `${PATH}/update`)
    .map((c) => JSON.parse(c.body ?? '{}'));

describe('the currencies tab', { timeout: 30_000 }, () => {
  afterEach(() => {
    resetSessionStore();
    setAccessTokenGetter(null);
  });

  it('an admin changes a rate, adds a currency and saves the whole list', async () => {
    signedInAs('admin');
    const { calls } = currenciesServer({
      baseCurrency: 'USD',
      currencies: [{ code: 'CAD', rate: 1.37, updatedAt: UPDATED }],
    });
    const user = userEvent.setup();
    renderWithProviders(<CurrenciesTab />, { auth: signedInDouble() });

    const base = await screen.findByRole('textbox', { name: 'Base currency' });
    expect((base as HTMLInputElement).value).toBe('USD');
    const cad = screen.getByRole('listitem', { name: 'CAD' });
    const rate = within(cad).getByRole('textbox', { name: 'Rate' });
    expect((rate as HTMLInputElement).value).toBe('1.37');
    expect(within(cad).getByText('CAD for 1 USD')).toBeTruthy();
    await user.clear(rate);
    await user.type(rate, '1,4');

    await user.click(screen.getByRole('button', { name: 'Add a currency' }));
    const rows = screen.getAllByRole('listitem');
    const fresh = rows.at(-1) as HTMLElement;
    await user.type(within(fresh).getByRole('textbox', { name: 'Currency' }), 'eur');
    await user.type(within(fresh).getByRole('textbox', { name: 'Rate' }), '0.92');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      baseCurrency: 'USD',
      currencies: [
        { code: 'CAD', rate: 1.4 },
        { code: 'EUR', rate: 0.92 },
      ],
    });
    // The form starts again from what the server saved.
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('listitem', { name: 'CAD' })).getByRole('textbox', {
            name: 'Rate',
          }) as HTMLInputElement
        ).value,
      ).toBe('1.4'),
    );
    expect(screen.getByRole('listitem', { name: 'EUR' })).toBeTruthy();
  });

  it('says what is wrong next to the row, and shows the server’s refusals; nothing is sent for a bad code', async () => {
    signedInAs('admin');
    const message = '2 customers are priced in CAD; change their currency first';
    const { calls } = currenciesServer(
      { baseCurrency: 'USD', currencies: [{ code: 'CAD', rate: 1.37, updatedAt: UPDATED }] },
      (body) =>
        body.currencies.some((c) => c.code === 'CAD')
          ? {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message: 'The exchange rate is too large',
              details: {
                issues: [{ path: ['currencies', 0, 'rate'], message: 'The exchange rate is too large' }],
              },
            }
          : {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message,
              details: { issues: [{ path: ['currencies'], message }] },
            },
    );
    const user = userEvent.setup();
    renderWithProviders(<CurrenciesTab />, { auth: signedInDouble() });
    await screen.findByRole('listitem', { name: 'CAD' });

    await user.click(screen.getByRole('button', { name: 'Add a currency' }));
    const fresh = screen.getAllByRole('listitem').at(-1) as HTMLElement;
    await user.type(within(fresh).getByRole('textbox', { name: 'Currency' }), 'XYZ');
    await user.type(within(fresh).getByRole('textbox', { name: 'Rate' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(fresh).findByText('XYZ is not a currency code we know')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some rows need a look; nothing was saved.');
    expect(posts(calls)).toHaveLength(0);

    // The server's refusal of a row's rate shows on that row.
    await user.click(within(fresh).getByRole('button', { name: 'Remove XYZ' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const cad = screen.getByRole('listitem', { name: 'CAD' });
    expect(await within(cad).findByText('The exchange rate is too large')).toBeTruthy();

    // A refusal naming no row shows above the list, in the server's words.
    await user.click(within(cad).getByRole('button', { name: 'Remove CAD' }));
    expect(screen.getByText('Only USD so far: add the currencies your customers pay in')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(posts(calls).map((b) => b.currencies.length)).toEqual([1, 0]);
  });

  it('an organisation with no other currency says so and offers to add one', async () => {
    signedInAs('admin');
    currenciesServer({ baseCurrency: 'CAD', currencies: [] });
    const user = userEvent.setup();
    renderWithProviders(<CurrenciesTab />, { auth: signedInDouble() });
    expect(await screen.findByText('Only CAD so far: add the currencies your customers pay in')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add a currency' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('… for 1 CAD')).toBeTruthy();
  });

  it('an admin imports rates from a file in a dialog, and the list shows them once it is done', async () => {
    signedInAs('admin');
    let imported = false;
    let poll = 0;
    const polls = [
      importLog({ status: 'running', progress: 50 }),
      importLog({
        status: 'succeeded',
        progress: 100,
        created: 1,
        updated: 1,
        message: 'Imported 2 exchange rates: 1 new, 1 updated.',
      }),
    ];
    const { calls, fetchMock } = stubFetch({
      [`GET ${PATH}`]: () => ({
        body: imported
          ? {
              baseCurrency: 'USD',
              currencies: [
                { code: 'CAD', rate: 1.4, updatedAt: UPDATED },
                { code: 'EUR', rate: 0.92, updatedAt: UPDATED },
              ],
            }
          : { baseCurrency: 'USD', currencies: [{ code: 'CAD', rate: 1.37, updatedAt: UPDATED }] },
      }),
      [`POST ${IMPORTS}`]: {
        status: 201,
        body: {
          importId: 'imp-1',
          fileName: 'rates.csv',
          kind: 'exchangeRate',
          columns: ['Currency', 'FX'],
          mapping: { Currency: 'code', FX: null },
          fields: [
            { name: 'code', type: 'text', required: true },
            { name: 'rate', type: 'number', required: true },
          ],
          sampleRows: [{ Currency: 'CAD', FX: 1.4 }],
          rowsTotal: 2,
        },
      },
      [`POST ${IMPORTS}/imp-1/start`]: { status: 202, body: { importId: 'imp-1', jobId: 'job-1' } },
      [`GET ${IMPORTS}/imp-1`]: () => {
        const body = polls[Math.min(poll++, polls.length - 1)]!;
        if (body.status === 'succeeded') imported = true;
        return { body };
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<CurrenciesTab />, { auth: signedInDouble() });
    await screen.findByRole('listitem', { name: 'CAD' });

    await user.click(screen.getByRole('button', { name: 'Import rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import exchange rates' });
    const file = new File(['Currency,FX\nCAD,1.4\nEUR,0.92\n'], 'rates.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('File to import'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload and preview' }));
    const upload = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/imports') && init?.method === 'POST',
    );
    expect((upload![1]!.body as FormData).get('kind')).toBe('exchangeRate');

    // The rate column was not recognised: Start asks for it, in the shop's words.
    const columns = await within(dialog).findByRole('list', { name: 'Columns of the file' });
    expect(within(columns).getByRole('combobox', { name: 'Column “Currency” fills' }).textContent).toBe(
      'Currency code (required)',
    );
    expect(within(dialog).getByText('rates.csv: 2 rows of exchange rates.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));
    expect(
      await within(dialog).findByText(
        'Choose a column for each required field: Rate (for 1 of the base currency).',
      ),
    ).toBeTruthy();
    await user.click(within(columns).getByRole('combobox', { name: 'Column “FX” fills' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'Rate (for 1 of the base currency) (required)',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));

    await waitFor(() => expect(router.state.location.search).toBe('?log=imp-1'));
    const start = calls.find((c) => c.path === `${IMPORTS}/imp-1/start`);
    expect(JSON.parse(start?.body ?? '{}')).toEqual({ mapping: { Currency: 'code', FX: 'rate' } });
    expect(await within(dialog).findByText('Import complete', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(dialog).getByText('2 rows imported: 1 new, 1 updated.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'See the rates' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    const eur = await screen.findByRole('listitem', { name: 'EUR' });
    expect((within(eur).getByRole('textbox', { name: 'Rate' }) as HTMLInputElement).value).toBe('0.92');
    expect(
      (
        within(screen.getByRole('listitem', { name: 'CAD' })).getByRole('textbox', {
          name: 'Rate',
        }) as HTMLInputElement
      ).value,
    ).toBe('1.4');
  });

  it('opens an import’s outcome from its notification link, every problem listed; closing returns to the tab', async () => {
    signedInAs('admin');
    stubFetch({
      [`GET ${PATH}`]: { body: { baseCurrency: 'USD', currencies: [] } },
      [`GET ${IMPORTS}/imp-9`]: {
        body: importLog({
          importId: 'imp-9',
          status: 'failed',
          progress: 100,
          errorCount: 2,
          message: '2 rows have problems; nothing was imported.',
          errors: [
            { row: 3, column: 'Currency', message: 'USD is the base currency; it needs no rate' },
            { row: 4, column: 'Rate', message: 'The exchange rate must be more than 0' },
          ],
        }),
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<CurrenciesTab />, {
      auth: signedInDouble(),
      path: '/organization/currencies?log=imp-9',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import exchange rates' });
    expect(await within(dialog).findByText('Nothing was imported')).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Problems found' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'RowColumnProblem',
      '3CurrencyUSD is the base currency; it needs no rate',
      '4RateThe exchange rate must be more than 0',
    ]);

    // Another file: back to the upload, the log gone from the address.
    await user.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(await within(dialog).findByRole('button', { name: 'Upload and preview' })).toBeTruthy();
    expect(router.state.location.search).toBe('');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Only USD so far: add the currencies your customers pay in')).toBeTruthy();
  });

  it('a regular member sees the base currency and the rates and cannot change them', async () => {
    signedInAs('regular');
    currenciesServer({
      baseCurrency: 'USD',
      currencies: [
        { code: 'CAD', rate: 1.37, updatedAt: UPDATED },
        { code: 'EUR', rate: 0.92, updatedAt: UPDATED },
      ],
    });
    // An import's address opens nothing for a regular member.
    renderWithProviders(<CurrenciesTab />, { auth: signedInDouble(), path: '/?log=imp-1' });
    const table = await screen.findByRole('table', { name: 'Currencies and rates' });
    expect(screen.getByText('Base currency: USD')).toBeTruthy();
    expect(within(table).getByText('1 USD = 1.37 CAD')).toBeTruthy();
    expect(within(table).getByText('1 USD = 0.92 EUR')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import rates' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Only an admin changes the currencies.')).toBeTruthy();
  });

  it('says when the currencies cannot be loaded and tries again', async () => {
    signedInAs('regular');
    let fail = true;
    stubFetch({
      [`GET ${PATH}`]: () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side' },
            }
          : { body: { baseCurrency: 'USD', currencies: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CurrenciesTab />, { auth: signedInDouble() });
    expect((await screen.findByRole('alert')).textContent).toContain('The currencies could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Only USD so far. An admin adds the currencies customers pay in.'),
    ).toBeTruthy();
  });
});
