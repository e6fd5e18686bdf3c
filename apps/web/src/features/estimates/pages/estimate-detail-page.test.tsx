import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createEstimate,
  createLine,
  createRecheck,
  createSentEstimate,
  ESTIMATE_ID,
  listOf,
  professional,
  REVISION_ID,
} from '../test-factories';

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
const actions = () => screen.getByRole('group', { name: 'Estimate actions' });
const bodyOf = (calls: { path: string; body: string | undefined }[], path: string) =>
  JSON.parse(calls.filter((c) => c.path === path).at(-1)?.body ?? 'null');
const at = (suffix = '') => `/api/v1/salesestimate/${ESTIMATE_ID}${suffix}`;

let downloads: string[] = [];
beforeEach(() => {
  downloads = captureDownloads();
});

describe('/salesestimate/{salesEstimateId}', { timeout: 60_000 }, () => {
  it('shows a draft: its details, priced lines with what priced them, the totals, and its actions', async () => {
    stubFetch({
      ...professional(),
      [`GET ${at()}`]: {
        body: createEstimate({
          belowTargetCount: 1,
          lines: [
            createLine({ belowTargetMargin: true, marginPct: 12.5, pricedByText: 'Price list Farm 2026' }),
          ],
        }),
      },
    });
    renderApp(`/salesestimate/${ESTIMATE_ID}`, signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'SE-00012' })).toBeTruthy();
    expect(screen.getByText('rev 1')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Lines of SE-00012' });
    expect(within(table).getByText('Price list Farm 2026')).toBeTruthy();
    expect(within(table).getByText('Margin 12.5%: below target')).toBeTruthy();
    expect(screen.getByText('1 line is below the target margin.')).toBeTruthy();
    const totals = screen.getByLabelText('Totals');
    expect(totals.textContent).toContain('Total (CAD)$152.25');
    // Each row of the totals is a term and its amount, straight under the list (as screen readers need it).
    for (const row of totals.children) {
      expect([...row.children].map((cell) => cell.tagName)).toEqual(['DT', 'DD']);
    }
    expect(within(actions()).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/salesestimate/${ESTIMATE_ID}/edit`,
    );
    // A draft is not re-checked: it is priced again when saved.
    expect(screen.queryByText(/checked today/)).toBeNull();
  });

  it('sends to the address and with the message typed in the dialog', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET ${at()}`]: { body: createEstimate() },
      [`POST ${at('/send')}`]: { body: createSentEstimate({ sentTo: 'buyer@reddeerex.ca' }) },
      [`GET ${at('/recheck')}`]: { body: createRecheck() },
    });
    renderApp(`/salesestimate/${ESTIMATE_ID}`, signedInDouble());
    await user().click(
      await within(await screen.findByRole('group', { name: 'Estimate actions' })).findByRole('button', {
        name: 'Send',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send SE-00012' });
    const to = within(dialog).getByRole('textbox', { name: 'To' }) as HTMLInputElement;
    expect(to.value).toBe('pat@reddeerex.ca');
    await user().clear(to);
    await user().type(to, 'buyer@reddeerex.ca');
    await user().type(within(dialog).getByRole('textbox', { name: 'Message' }), 'As discussed');
    await user().click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Estimate SE-00012 sent to buyer@reddeerex.ca.')).toBeTruthy();
    expect(bodyOf(calls, at('/send'))).toEqual({ to: 'buyer@reddeerex.ca', message: 'As discussed' });
    // Sent: the header says so and the page checks today's prices.
    expect(await screen.findByText('Prices and parts checked today: nothing has changed.')).toBeTruthy();
  });

  it('accepts with one work order per assembly and links the work orders made', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET ${at()}`]: { body: createSentEstimate() },
      [`GET ${at('/recheck')}`]: { body: createRecheck() },
      'GET /api/v1/warehouses': { body: listOf([]) },
      [`POST ${at('/accept')}`]: {
        body: createSentEstimate({
          status: 'accepted',
          workOrders: [
            { _id: 'wo-1', number: 'WO-00050', status: 'draft' },
            { _id: 'wo-2', number: 'WO-00051', status: 'draft' },
          ],
        }),
      },
    });
    renderApp(`/salesestimate/${ESTIMATE_ID}`, signedInDouble());
    await user().click(
      await within(await screen.findByRole('group', { name: 'Estimate actions' })).findByRole('button', {
        name: 'Accept',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept SE-00012' });
    await user().click(within(dialog).getByRole('radio', { name: 'One work order per hose assembly line' }));
    await user().click(within(dialog).getByRole('button', { name: 'Accept and make work orders' }));
    const made = await screen.findByRole('list', { name: 'Work orders made from SE-00012' });
    expect(within(made).getAllByRole('listitem')).toHaveLength(2);
    expect(within(made).getByRole('link', { name: 'WO-00050' }).getAttribute('href')).toBe('/workorder/wo-1');
    expect(within(made).getByRole('link', { name: 'WO-00051' }).getAttribute('href')).toBe('/workorder/wo-2');
    expect(bodyOf(calls, at('/accept'))).toEqual({ workOrders: 'perAssembly', dueDate: null });
  });

  it('shows what changed since a sent estimate was priced, and revises it into a new revision', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET ${at()}`]: { body: createSentEstimate() },
      [`GET ${at('/recheck')}`]: {
        body: createRecheck({
          upToDate: false,
          changes: [
            {
              lineId: 'line-1',
              position: 1,
              partNumber: 'HA-0001_A',
              kind: 'priceUp',
              message: 'The price went up',
              oldUnitPrice: 6000,
              newUnitPrice: 6600,
            },
          ],
          totalAfter: 16485,
        }),
      },
      [`POST ${at('/revise')}`]: {
        status: 201,
        body: createEstimate({ _id: REVISION_ID, revision: 2, previousId: ESTIMATE_ID }),
      },
      [`GET /api/v1/salesestimate/${REVISION_ID}`]: {
        body: createEstimate({ _id: REVISION_ID, revision: 2, previousId: ESTIMATE_ID }),
      },
    });
    const { router } = renderApp(`/salesestimate/${ESTIMATE_ID}`, signedInDouble());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Things have changed since this estimate was priced')).toBeTruthy();
    expect(alert.textContent).toContain('HA-0001_A: The price went up ($60.00 → $66.00)');
    await user().click(within(alert).getByRole('button', { name: 'Update as new revision' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/salesestimate/${REVISION_ID}`));
    expect(calls.some((c) => c.method === 'POST' && c.path === at('/revise'))).toBe(true);
    expect(await screen.findByText('rev 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous: rev 1' }).getAttribute('href')).toBe(
      `/salesestimate/${ESTIMATE_ID}`,
    );
  });

  it('downloads the PDF and the workbook under the estimate’s number', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET ${at()}`]: { body: createEstimate() },
      [`POST ${at('/documents/estimate.pdf')}`]: { body: 'pdf' },
      [`POST ${at('/documents/estimate.xlsx')}`]: { body: 'xlsx' },
    });
    renderApp(`/salesestimate/${ESTIMATE_ID}`, signedInDouble());
    await user().click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual(['SE-00012.pdf']));
    await user().click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(downloads).toEqual(['SE-00012.pdf', 'SE-00012.xlsx']));
    expect(calls.filter((c) => c.path.includes('/documents/')).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${at('/documents/estimate.pdf')}`,
      `POST ${at('/documents/estimate.xlsx')}`,
    ]);
  });
});
