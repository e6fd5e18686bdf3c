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
const UPDATED = '2026-11-20T10:00:00.000Z';

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

  it('a regular member sees the base currency and the rates and cannot change them', async () => {
    signedInAs('regular');
    currenciesServer({
      baseCurrency: 'USD',
      currencies: [
        { code: 'CAD', rate: 1.37, updatedAt: UPDATED },
        { code: 'EUR', rate: 0.92, updatedAt: UPDATED },
      ],
    });
    renderWithProviders(<CurrenciesTab />, { auth: signedInDouble() });
    const table = await screen.findByRole('table', { name: 'Currencies and rates' });
    expect(screen.getByText('Base currency: USD')).toBeTruthy();
    expect(within(table).getByText('1 USD = 1.37 CAD')).toBeTruthy();
    expect(within(table).getByText('1 USD = 0.92 EUR')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
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
