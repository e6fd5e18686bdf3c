import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDay } from '@/lib/format';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createPriceList,
  createPriceListItem,
  createReview,
  DRAFT_ID,
  HOSE_ID,
  LIST_ID,
  queriesOf,
} from '../test-factories';

const api = `/api/v1/pricelist/${LIST_ID}`;
const ASSEMBLY_ID = '5d1c7a52-3f0e-4b7a-9c11-0a0000000041';
const routes = {
  'POST /api/v1/sessions/create': {
    body: createSessionProfile({ userRoles: ['admin'], subscription: 'enterprise' }),
  },
  'GET /api/v1/organization/currencies': { body: { baseCurrency: 'CAD', currencies: [] } },
  [`GET ${api}`]: { body: createPriceList() },
  [`GET ${api}/items`]: { body: { items: [createPriceListItem()], total: 1, page: 1 } },
  [`POST ${api}/draft/items`]: { body: createPriceList() },
};

describe('/pricelist/{priceListId}/edit', { timeout: 30_000 }, () => {
  it('changes a draft item’s price and breaks, sent in cents', async () => {
    const { calls, fetchMock } = stubFetch(routes);
    renderApp(`/pricelist/${LIST_ID}/edit`, signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Fleet 2027' })).toBeTruthy();
    expect(screen.getByText('The draft holds 121 items.')).toBeTruthy();
    // The table is the draft's.
    await waitFor(() => expect(queriesOf(fetchMock, `${api}/items`)[0]?.get('versionId')).toBe(DRAFT_ID));

    await userEvent.click(await screen.findByRole('button', { name: 'Change the price of GEN-2SN-08' }));
    const form = screen.getByRole('form', { name: 'Change the price of GEN-2SN-08' });
    const price = within(form).getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    expect(price.value).toBe('12.50');
    const first = within(form).getByRole('group', { name: 'Break 1' });
    expect((within(first).getByLabelText('From quantity') as HTMLInputElement).value).toBe('10');
    expect((within(first).getByLabelText('Break price') as HTMLInputElement).value).toBe('11.00');
    fireEvent.change(price, { target: { value: '13.75' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a break' }));
    const second = within(form).getByRole('group', { name: 'Break 2' });
    fireEvent.change(within(second).getByLabelText('From quantity'), { target: { value: '25' } });
    fireEvent.change(within(second).getByLabelText('Break price'), { target: { value: '10.4' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save price' }));

    await waitFor(() => expect(calls.some((c) => c.path === `${api}/draft/items`)).toBe(true));
    const post = calls.find((c) => c.path === `${api}/draft/items`);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      itemType: 'component',
      itemId: HOSE_ID,
      unitPrice: 1375,
      breaks: [
        { minQuantity: 10, unitPrice: 1100 },
        { minQuantity: 25, unitPrice: 1040 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: /Change the price/ })).toBeNull());
  });

  it('prices a hose assembly picked from the search, and refuses a negative price', async () => {
    const { calls } = stubFetch({
      ...routes,
      'GET /api/v1/hoseassemblies': {
        body: {
          items: [createAssemblyListItem({ _id: ASSEMBLY_ID, title: 'HA-0001_A' })],
          total: 1,
          page: 1,
        },
      },
    });
    renderApp(`/pricelist/${LIST_ID}/edit`, signedInDouble());
    await userEvent.click(await screen.findByRole('button', { name: 'Set an item’s price' }));
    const form = screen.getByRole('form', { name: 'Set an item’s price' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Item type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Hose assembly' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Hose assembly' }));
    await userEvent.click(await screen.findByRole('option', { name: /HA-0001_A/ }));
    expect(within(form).getByText('HA-0001_A')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Price' }), { target: { value: '-5' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByText('The price cannot be negative')).toBeTruthy();
    expect(calls.some((c) => c.path === `${api}/draft/items`)).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Price' }), { target: { value: '189' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${api}/draft/items`)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === `${api}/draft/items`)?.body ?? '{}')).toEqual({
      itemType: 'assembly',
      itemId: ASSEMBLY_ID,
      unitPrice: 18900,
      breaks: [],
    });
  });

  it('reviews the draft with prices up and down, then publishes it from the day chosen', async () => {
    const { calls, fetchMock } = stubFetch({
      ...routes,
      [`GET ${api}/draft/review`]: { body: createReview() },
      [`POST ${api}/draft/publish`]: { body: createPriceList({ draft: null }) },
    });
    renderApp(`/pricelist/${LIST_ID}/edit`, signedInDouble());
    const date = (await screen.findByLabelText('First day')) as HTMLInputElement;
    // Tomorrow by default; a day in the past is refused.
    expect(date.value).toBe(localDay(1));
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    expect(screen.getByText('Choose today or a later day.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Review changes' }) as HTMLButtonElement).disabled).toBe(true);
    const day = localDay(3);
    fireEvent.change(date, { target: { value: day } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'January prices' } });
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));

    const changed = await screen.findByRole('table', { name: 'Changed prices' });
    expect(queriesOf(fetchMock, `${api}/draft/review`).at(-1)?.get('effectiveFrom')).toBe(day);
    const up = within(changed).getByText('GEN-2SN-08').closest('tr') as HTMLElement;
    expect(within(up).getByText('$12.50')).toBeTruthy();
    expect(within(up).getByText('$14.00')).toBeTruthy();
    expect(within(up).getByText('+$1.50 (+12%)')).toBeTruthy();
    expect(within(up).getByTitle('Up')).toBeTruthy();
    const down = within(changed).getByText('FIT-08-JIC').closest('tr') as HTMLElement;
    expect(within(down).getByText('−$0.80 (-10%)')).toBeTruthy();
    expect(within(down).getByTitle('Down')).toBeTruthy();
    expect(within(down).getByText('Breaks changed')).toBeTruthy();
    const added = screen.getByRole('table', { name: 'Added items' });
    expect(within(added).getByText('$450.00')).toBeTruthy();
    const counts = screen.getByRole('list', { name: 'Review the changes' });
    expect(counts.textContent).toBe('Added1Removed0Up1Down1Unchanged118');

    await userEvent.click(screen.getByRole('button', { name: /^Publish from/ }));
    await waitFor(() => expect(calls.some((c) => c.path === `${api}/draft/publish`)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === `${api}/draft/publish`)?.body ?? '{}')).toEqual({
      effectiveFrom: day,
      note: 'January prices',
    });
  });

  it('discards the draft and deletes the list only once confirmed', async () => {
    const withoutDraft = createPriceList({ draft: null, versions: [] });
    let isDiscarded = false;
    const { calls } = stubFetch({
      ...routes,
      [`GET ${api}`]: () => ({ body: isDiscarded ? withoutDraft : createPriceList() }),
      [`POST ${api}/draft/discard`]: () => {
        isDiscarded = true;
        return { body: withoutDraft };
      },
      [`POST ${api}/delete`]: { body: { ok: true } },
      'GET /api/v1/pricelists': { body: { items: [], total: 0, page: 1 } },
    });
    const { router } = renderApp(`/pricelist/${LIST_ID}/edit`, signedInDouble());
    await userEvent.click(await screen.findByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    expect(calls.some((c) => c.path === `${api}/draft/discard`)).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${api}/draft/discard`)).toBe(true), {
      timeout: 5000,
    });

    // The draft is gone: its dialog closes and so does its Discard button.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete price list' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Fleet 2027?' }, { timeout: 5000 });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete price list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricelists'), { timeout: 5000 });
    expect(calls.some((c) => c.path === `${api}/delete` && c.method === 'POST')).toBe(true);
  });
});
