import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { ORG } from '../test-factories';

const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };
const page = (total: number) => ({ body: { items: [], total, page: 1 } });

const pendingItem = {
  _id: 'p-1',
  kind: 'adaptor',
  partNumber: 'AD-JIC-ORB-08',
  description: 'JIC 37 male to ORB male, -8',
  payload: {
    kind: 'adaptor',
    partNumber: 'AD-JIC-ORB-08',
    brand: 'GEN',
    description: 'JIC 37 male to ORB male, -8',
    costUnit: 'each',
    active: true,
    endA: 'JIC37 M -8',
    endB: 'ORB M -8',
    angle: 90,
    workingPressurePsi: 4000,
  },
  status: 'pending',
  submittedBy: 'user-2',
  submittedByName: 'Casey Clerk',
  reviewNote: null,
  componentId: null,
  createdAt: '2026-05-01T12:00:00.000Z',
  reviewedAt: null,
};

function overviewCalls(overrides: Record<string, unknown> = {}) {
  return {
    ...admin,
    [`GET ${ORG}/hoses`]: page(9),
    [`GET ${ORG}/crimpfittings`]: page(31),
    [`GET ${ORG}/ferrules`]: page(8),
    [`GET ${ORG}/adaptors`]: page(12),
    [`GET ${ORG}/wraps`]: page(4),
    [`GET ${ORG}/customotheritems`]: {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL', message: 'Server trouble' },
    },
    [`GET ${ORG}/pendingitems`]: page(0),
    [`GET ${ORG}/sampledata`]: { body: { loaded: true, count: 64 } },
    [`GET ${ORG}/couplingseriesdetails`]: {
      body: [
        {
          _id: 's1',
          code: 'SN',
          brand: 'GEN',
          description: 'Two-piece crimp series for 1SN/2SN braided hose',
          skive: false,
          origin: 'catalogue',
          hoses: 4,
          crimpFittings: 22,
          ferrules: 4,
        },
      ],
    },
    [`GET ${ORG}/productgroups`]: { body: [{ code: 'HOSE', name: 'Hydraulic hose' }] },
    [`GET ${ORG}/suppliers`]: { body: [] },
    [`GET ${ORG}/locations`]: { body: [] },
    ...overrides,
  } as Parameters<typeof stubFetch>[0];
}

describe('/components overview', { timeout: 30_000 }, () => {
  it('shows each kind with its count and links, and the coupling series', async () => {
    stubFetch(overviewCalls());
    renderApp('/components', signedInDouble());
    const hoses = await screen.findByRole('article', { name: 'Hoses' });
    expect(await within(hoses).findByText('9')).toBeTruthy();
    expect(within(hoses).getByRole('link', { name: 'Custom' }).getAttribute('href')).toBe(
      '/components/hose/custom',
    );
    expect(within(hoses).getByRole('link', { name: 'Add hose' }).getAttribute('href')).toBe('/hose/new');
    // A failing list reads as an empty list (`orEmptyPage`), and other items have no catalogue.
    const others = screen.getByRole('article', { name: 'Other items' });
    expect(await within(others).findByText('0')).toBeTruthy();
    expect(within(others).queryByRole('link', { name: 'Catalogue' })).toBeNull();

    const series = await screen.findByRole('table', { name: 'Coupling series' });
    expect(within(series).getByRole('link', { name: '22 Fittings in series SN' }).getAttribute('href')).toBe(
      '/components/crimpfitting?series=SN&brand=GEN',
    );
  });

  it('removes the sample data only after a confirm', async () => {
    let isLoaded = true;
    const { calls } = stubFetch(
      overviewCalls({
        [`GET ${ORG}/sampledata`]: () => ({
          body: isLoaded ? { loaded: true, count: 64 } : { loaded: false, count: 0 },
        }),
        [`POST ${ORG}/sampledata/delete`]: () => {
          isLoaded = false;
          return { body: { loaded: false, count: 0 } };
        },
      }),
    );
    renderApp('/components', signedInDouble());
    expect(await screen.findByText('The sample catalogue is loaded: 64 items.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove sample data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the sample data?' });
    expect(within(dialog).getByText(/deletes the 64 sample items/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sample data' }));
    expect(await screen.findByRole('button', { name: 'Load sample data' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${ORG}/sampledata/delete`)).toBe(true);
  });

  it('edits product groups: code and name required, codes unique, then saves the list', async () => {
    const { calls } = stubFetch(
      overviewCalls({
        [`POST ${ORG}/productgroups/update`]: {
          body: [
            { code: 'HOSE', name: 'Hydraulic hose' },
            { code: 'FIT', name: 'Fittings' },
          ],
        },
      }),
    );
    renderApp('/components', signedInDouble());
    const editor = await screen.findByRole('form', { name: 'Product groups' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Add row' }));
    const save = within(editor).getByRole('button', { name: 'Save Product groups' });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Code, row 2' }), {
      target: { value: 'hose' },
    });
    await userEvent.click(save);
    expect(await within(editor).findByText('This code is already used in row 1')).toBeTruthy();
    expect(within(editor).getByText('Enter a name')).toBeTruthy();

    fireEvent.change(within(editor).getByRole('textbox', { name: 'Code, row 2' }), {
      target: { value: 'FIT' },
    });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Name, row 2' }), {
      target: { value: 'Fittings' },
    });
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.path === `${ORG}/productgroups/update`)).toBe(true));
    const body = JSON.parse(calls.find((c) => c.path === `${ORG}/productgroups/update`)?.body ?? '{}');
    expect(body).toEqual({
      items: [
        { code: 'HOSE', name: 'Hydraulic hose' },
        { code: 'FIT', name: 'Fittings' },
      ],
    });
    expect(await screen.findByText('Product groups saved.')).toBeTruthy();
  });

  it('approves a suggested item with a note', async () => {
    let reviewed = false;
    const { calls } = stubFetch(
      overviewCalls({
        [`GET ${ORG}/pendingitems`]: () => ({
          body: reviewed ? { items: [], total: 0, page: 1 } : { items: [pendingItem], total: 1, page: 1 },
        }),
        [`POST ${ORG}/pendingitem/p-1/approve`]: () => {
          reviewed = true;
          const component = {
            ...pendingItem.payload,
            _id: 'ad-9',
            origin: 'custom',
            cost: null,
            sample: false,
            createdAt: '2026-05-02T12:00:00.000Z',
            updatedAt: '2026-05-02T12:00:00.000Z',
          };
          return {
            body: { ...pendingItem, status: 'approved', componentId: 'ad-9', reviewNote: 'Added', component },
          };
        },
      }),
    );
    renderApp('/components', signedInDouble());
    const queue = await screen.findByRole('region', { name: 'Suggested items' });
    expect(await within(queue).findByText('1 waiting')).toBeTruthy();
    await userEvent.click(within(queue).getByRole('button', { name: /AD-JIC-ORB-08/ }));
    expect(within(queue).getByText('ORB M -8')).toBeTruthy();
    expect(within(queue).getByText('276 bar')).toBeTruthy();
    await userEvent.click(within(queue).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve AD-JIC-ORB-08?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Added' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('AD-JIC-ORB-08 was approved and added to your library.')).toBeTruthy();
    const approve = calls.find((c) => c.path === `${ORG}/pendingitem/p-1/approve`);
    expect(JSON.parse(approve?.body ?? '{}')).toEqual({ note: 'Added' });
    expect(await within(queue).findByText('No suggestions are waiting for review.')).toBeTruthy();
  });
});
