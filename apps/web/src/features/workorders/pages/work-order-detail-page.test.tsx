import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createKit,
  createLine,
  createReleasedWorkOrder,
  createUnit,
  createWorkOrder,
  KIT_ID,
  listOf,
  professional,
  userReading,
} from '../test-factories';

const conflict = (message: string) => ({
  status: 409,
  body: { statusCode: 409, code: 'CONFLICT', message },
});

/** The rows of a table as their cells' text, joined by ' | '. */
function rowsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent)
        .join(' | '),
    )
    .filter(Boolean);
}

/** The names the app saved downloads under. */
function captureDownloads(): string[] {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

const user = () => userEvent.setup({ delay: null });

/** The page's own actions (the bench below has buttons of its own). */
const actions = () => screen.getByRole('group', { name: 'Work order actions' });
/** The title and the line under it, where the status shows. */
const header = () => screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
const statusIs = (text: string) => waitFor(() => expect(within(header()).getByText(text)).toBeTruthy());

beforeEach(() => {
  captureDownloads();
});

describe('/workorder/{workOrderId}', { timeout: 60_000 }, () => {
  it('shows a draft: its details, lines in the reader’s units, short materials in red, and only the traveller', async () => {
    stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: createWorkOrder() },
    });
    renderApp('/workorder/wo-1', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'WO-00042' })).toBeTruthy();
    expect(within(header()).getByText('Draft')).toBeTruthy();
    expect(within(header()).getByText('High priority')).toBeTruthy();
    expect(screen.getByText('Loader boom hoses')).toBeTruthy();

    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByRole('link', { name: 'Red Deer Excavating' }).getAttribute('href')).toMatch(
      /^\/customer\//,
    );
    expect(within(details).getByText('MAIN · Red Deer shop')).toBeTruthy();
    expect(within(details).getByText('Dec 1, 2020 · overdue')).toBeTruthy();
    expect(within(details).getByText('Hose assemblies')).toBeTruthy();
    expect(within(details).getByText('Nov 2, 2026 by Casey Clerk')).toBeTruthy();

    const lines = screen.getByRole('table', { name: 'Assemblies of WO-00042' });
    await waitFor(() => expect(rowsOf(lines)).toEqual(['HA-0001_ABoom cylinder | 2 | 890 mm']));
    expect(within(lines).getByRole('link', { name: 'HA-0001_A' }).getAttribute('href')).toMatch(
      /^\/hoseassembly\//,
    );

    const materials = screen.getByRole('table', { name: 'Materials of WO-00042' });
    expect(rowsOf(materials)).toEqual([
      'GEN-2SN-08Two-wire braid hose -8 | 1.78 m | 1.50 mShort by 0.28 m',
      'F-SN-08-FJX90Female JIC 37° swivel, 90° elbow | 4 | 24',
    ]);
    const shortRow = within(materials).getByText('GEN-2SN-08').closest('tr') as HTMLElement;
    expect(shortRow.getAttribute('data-short')).toBe('true');

    // A draft is released or edited; the traveller is its only document; nothing is built yet.
    expect(within(actions()).getByRole('button', { name: 'Release' })).toBeTruthy();
    expect(within(actions()).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/workorder/wo-1/edit',
    );
    expect(within(actions()).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(within(actions()).queryByRole('button', { name: 'Cancel work order' })).toBeNull();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Traveller']);
    expect(screen.queryByRole('table', { name: 'Picks of WO-00042' })).toBeNull();
  });

  it('reads lengths and hose in inches and feet for an imperial reader', async () => {
    stubFetch({
      ...professional(),
      ...userReading('imperial'),
      'GET /api/v1/workorder/wo-1': { body: createReleasedWorkOrder() },
    });
    renderApp('/workorder/wo-1', signedInDouble());
    const lines = await screen.findByRole('table', { name: 'Assemblies of WO-00042' });
    await waitFor(() => expect(rowsOf(lines)).toEqual(['HA-0001_ABoom cylinder | 2 | 35-1/16 in']));
    const picks = screen.getByRole('table', { name: 'Picks of WO-00042' });
    expect(rowsOf(picks)).toEqual([
      'GEN-2SN-08Two-wire braid hose -8 | 5.8 ft | MAIN / A-01',
      'F-SN-08-FJX90Female JIC 37° swivel, 90° elbow | 4 | MAIN',
    ]);
  });

  it('shows the server’s refusal to release when stock is short and changes nothing; releases once stock is in', async () => {
    let stockIsIn = false;
    const { calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: createWorkOrder() },
      'GET /api/v1/workorders': { body: listOf([]) },
      'POST /api/v1/workorder/wo-1/release': () =>
        stockIsIn
          ? { body: createReleasedWorkOrder() }
          : conflict('Not enough stock in MAIN: GEN-2SN-08 needs 1.78 m, 1.50 m is free'),
    });
    renderApp('/workorder/wo-1', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'WO-00042' });

    await user().click(within(actions()).getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release WO-00042 to the shop floor?' });
    expect(within(dialog).getByText(/The stock for its 2 units is reserved in MAIN/)).toBeTruthy();
    await user().click(within(dialog).getByRole('button', { name: 'Release' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Not enough stock in MAIN: GEN-2SN-08 needs 1.78 m, 1.50 m is free');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(header()).getByText('Draft')).toBeTruthy();
    expect(within(actions()).getByRole('button', { name: 'Release' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/workorder/wo-1/release')).toHaveLength(1);

    stockIsIn = true;
    await user().click(within(actions()).getByRole('button', { name: 'Release' }));
    const again = await screen.findByRole('dialog', { name: 'Release WO-00042 to the shop floor?' });
    await user().click(within(again).getByRole('button', { name: 'Release' }));
    await statusIs('Released');
    // On the floor: the picks, the pick list, and Complete waiting for the units.
    const picks = await screen.findByRole('table', { name: 'Picks of WO-00042' });
    expect(within(picks).getByText('MAIN / A-01')).toBeTruthy();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Traveller', 'Pick list']);
    expect((within(actions()).getByRole('button', { name: 'Complete' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(/0 of 2 units are ready/)).toBeTruthy();
    expect(within(actions()).queryByRole('button', { name: 'Release' })).toBeNull();
  });

  it('completes only when every unit is ready, shows the server’s refusal, then offers certificates and tags', async () => {
    const ready = createUnit({ ready: true });
    const readyOrder = createReleasedWorkOrder({
      status: 'inProgress',
      unitsReady: 2,
      units: [ready, { ...ready, _id: 'unit-2', index: 2, serialId: '7K3M9Q2XAC' }],
    });
    let refuses = true;
    const { calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: readyOrder },
      'GET /api/v1/workorders': { body: listOf([]) },
      'POST /api/v1/workorder/wo-1/complete': () =>
        refuses
          ? conflict('MAIN has 1.20 m of GEN-2SN-08 on hand; 1.78 m is reserved for WO-00042')
          : {
              body: {
                ...readyOrder,
                status: 'completed',
                picks: [],
                completedAt: '2026-11-03T15:00:00.000Z',
              },
            },
      'POST /api/v1/workorder/wo-1/documents/certificates.pdf': { body: 'pdf' },
    });
    renderApp('/workorder/wo-1', signedInDouble());
    await statusIs('In progress');
    const complete = within(actions()).getByRole('button', { name: 'Complete' }) as HTMLButtonElement;
    expect(complete.disabled).toBe(false);
    expect(screen.queryByText(/of 2 units are ready/)).toBeNull();

    await user().click(complete);
    let dialog = await screen.findByRole('dialog', { name: 'Complete WO-00042?' });
    expect(within(dialog).getByText(/the 2 units are recorded as built/)).toBeTruthy();
    await user().click(within(dialog).getByRole('button', { name: 'Complete' }));
    const refusal = await screen.findByText(
      'MAIN has 1.20 m of GEN-2SN-08 on hand; 1.78 m is reserved for WO-00042',
    );
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(header()).getByText('In progress')).toBeTruthy();

    refuses = false;
    await user().click(within(actions()).getByRole('button', { name: 'Complete' }));
    dialog = await screen.findByRole('dialog', { name: 'Complete WO-00042?' });
    await user().click(within(dialog).getByRole('button', { name: 'Complete' }));
    await statusIs('Completed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/v1/workorder/wo-1/complete')).toHaveLength(2);
    expect(within(actions()).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(within(actions()).queryByRole('button', { name: 'Cancel work order' })).toBeNull();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Traveller', 'Test certificates', 'Tags']);
    // A completed order's materials are spent: nothing is short any more.
    const materials = screen.getByRole('table', { name: 'Materials of WO-00042' });
    expect(within(materials).queryByText(/Short by/)).toBeNull();

    const names = captureDownloads();
    await user().click(within(documents).getByRole('button', { name: 'Test certificates' }));
    await waitFor(() => expect(names).toEqual(['certificates-WO-00042.pdf']));
    const post = calls.find((c) => c.path === '/api/v1/workorder/wo-1/documents/certificates.pdf');
    expect(JSON.parse(post?.body ?? 'null')).toEqual({});
  });

  it('asks why before cancelling, sends the reason, and says it is cancelled', async () => {
    const released = createReleasedWorkOrder();
    const { calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: released },
      'GET /api/v1/workorders': { body: listOf([]) },
      'POST /api/v1/workorder/wo-1/cancel': (call) => ({
        body: {
          ...released,
          status: 'cancelled',
          picks: [],
          cancelReason: JSON.parse(call.body ?? '{}').reason,
        },
      }),
    });
    renderApp('/workorder/wo-1', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'WO-00042' });
    await user().click(within(actions()).getByRole('button', { name: 'Cancel work order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel WO-00042?' });
    await user().click(within(dialog).getByRole('button', { name: 'Cancel work order' }));
    expect(await within(dialog).findByText('Say why the work order is cancelled')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/workorder/wo-1/cancel')).toBe(false);

    await user().type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Customer bought new');
    await user().click(within(dialog).getByRole('button', { name: 'Cancel work order' }));
    expect(await screen.findByText('This work order was cancelled: Customer bought new')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.path === '/api/v1/workorder/wo-1/cancel');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ reason: 'Customer bought new' });
    expect(within(header()).getByText('Cancelled')).toBeTruthy();
    expect(within(actions()).queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('downloads the traveller and the pick list under the work order’s number, and says when one fails', async () => {
    const { calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: createReleasedWorkOrder() },
      'POST /api/v1/workorder/wo-1/documents/traveller.pdf': { body: 'pdf' },
      'POST /api/v1/workorder/wo-1/documents/picklist.pdf': conflict(
        'WO-00042 has nothing reserved: release it first',
      ),
    });
    const names = captureDownloads();
    renderApp('/workorder/wo-1', signedInDouble());
    const documents = await screen.findByRole('region', { name: 'Documents' });
    await user().click(within(documents).getByRole('button', { name: 'Traveller' }));
    await waitFor(() => expect(names).toEqual(['traveller-WO-00042.pdf']));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/traveller.pdf'))).toBe(true);

    await user().click(within(documents).getByRole('button', { name: 'Pick list' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The document could not be downloaded. WO-00042 has nothing reserved: release it first',
    );
    expect(names).toEqual(['traveller-WO-00042.pdf']);
  });

  it('deletes a draft after asking, and goes back to the list', async () => {
    const { calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: createWorkOrder() },
      'POST /api/v1/workorder/wo-1/delete': { body: { ok: true } },
      'GET /api/v1/workorders': { body: listOf([]) },
    });
    const { router } = renderApp('/workorder/wo-1', signedInDouble());
    await user().click(await screen.findByRole('button', { name: 'Tools' }));
    await user().click(await screen.findByRole('menuitem', { name: 'Delete work order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete WO-00042?' });
    await user().click(within(dialog).getByRole('button', { name: 'Delete work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorders'));
    expect(calls.filter((c) => c.path === '/api/v1/workorder/wo-1/delete')).toHaveLength(1);
  });

  it('offers no delete once released', async () => {
    stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': { body: createReleasedWorkOrder() },
    });
    renderApp('/workorder/wo-1', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'WO-00042' });
    expect(screen.queryByRole('button', { name: 'Tools' })).toBeNull();
  });

  it('says where the work came from: the kit, or the tag of the unit it replaces', async () => {
    stubFetch({
      ...professional(),
      ...userReading('metric'),
      'GET /api/v1/workorder/wo-1': {
        body: createWorkOrder({
          source: 'kit',
          hoseKit: { _id: KIT_ID, title: createKit().title },
          looseItems: [
            {
              componentId: 'fer-1',
              kind: 'ferrule',
              partNumber: 'FER-SN-08',
              description: 'Ferrule -8',
              stockUnit: 'each',
              quantity: 4,
              count: 3,
            },
            {
              componentId: 'hose-1',
              kind: 'hose',
              partNumber: 'GEN-2SN-08',
              description: 'Two-wire braid hose -8',
              stockUnit: 'mm',
              quantity: 609.6,
              count: 3,
            },
          ],
        }),
      },
      'GET /api/v1/workorder/wo-2': {
        body: createWorkOrder({
          _id: 'wo-2',
          number: 'WO-00043',
          source: 'reorder',
          customer: null,
          dueDate: null,
          lines: [createLine({ quantity: 1, replacesSerialId: '7K3M9Q2XAB' })],
        }),
      },
    });
    const { router } = renderApp('/workorder/wo-1', signedInDouble());
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByRole('link', { name: 'KIT-100_A' }).getAttribute('href')).toBe(
      `/hosekit/${KIT_ID}`,
    );
    // The kit's loose parts: picked and packed, not built.
    const loose = screen.getByRole('table', { name: 'Loose parts of WO-00042' });
    expect(rowsOf(loose)).toEqual([
      'FER-SN-08Ferrule -8 | 12',
      'GEN-2SN-08Two-wire braid hose -8 | 3 pieces of 0.61 m',
    ]);

    await router.navigate('/workorder/wo-2');
    await screen.findByRole('heading', { level: 1, name: 'WO-00043' });
    const reorder = screen.getByRole('region', { name: 'Details' });
    expect(within(reorder).getByText(/Reorder of serial/)).toBeTruthy();
    expect(within(reorder).getByRole('link', { name: '7K3M9Q2XAB' }).getAttribute('href')).toBe(
      '/qs/7K3M9Q2XAB',
    );
    expect(within(reorder).getByText('None')).toBeTruthy();
    expect(within(reorder).getByText('No due date')).toBeTruthy();
  });

  it('answers an unknown work order with a plain message', async () => {
    stubFetch({
      ...professional(),
      'GET /api/v1/workorder/nope': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'This work order was not found' },
      },
    });
    renderApp('/workorder/nope', signedInDouble());
    expect(await screen.findByText('There is no such work order. It may have been deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Work orders' }).getAttribute('href')).toBe('/workorders');
  });
});
