import type { HoseKitInputDraft } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem, createCustomer, createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createKit, priceDraft } from '../test-factories';

const COSTS = {
  'asm-1': { partNumber: 'HA-0001_A', description: 'Boom lift hose', cost: 70 },
  'asm-2': { partNumber: 'HA-0002_A', description: 'Stick hose', cost: 35 },
};

function stubs(extra: Record<string, unknown> = {}) {
  return stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile() },
    'GET /api/v1/customer/cust-1': { body: createCustomer({ name: 'Prairie Excavating' }) },
    'GET /api/v1/hoseassemblies': {
      body: {
        items: [
          createAssemblyListItem(),
          createAssemblyListItem({
            _id: 'asm-2',
            partNumber: 'HA-0002',
            title: 'HA-0002_A',
            description: 'Stick hose',
          }),
        ],
        total: 2,
        page: 1,
      },
    },
    'POST /api/v1/hosekits/compute': (call: RecordedCall) => ({
      body: priceDraft(JSON.parse(call.body ?? '{}') as HoseKitInputDraft, COSTS),
    }),
    ...(extra as Record<string, { body: unknown }>),
  });
}

async function pickAssembly(title: string) {
  const user = userEvent.setup({ delay: null });
  const box = screen.getByRole('combobox', { name: 'Add a hose assembly' });
  await user.click(box);
  const listbox = await screen.findByRole('listbox');
  await user.click(await within(listbox).findByText(title));
}

describe('the kit editor', { timeout: 60_000 }, () => {
  it('builds a kit for a customer: two assemblies and an other item, priced as they are added', async () => {
    const { calls } = stubs({
      'POST /api/v1/hosekit/new/update': { body: createKit() },
      'GET /api/v1/hosekit/kit-1': { body: createKit() },
    });
    const { router } = renderApp('/customer/cust-1/hosekits/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'New hose kit' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).value).toBe(
      'Prairie Excavating',
    );
    await user.type(screen.getByRole('textbox', { name: 'Part number' }), 'KIT-100');
    await user.type(screen.getByRole('textbox', { name: 'Machine or equipment' }), 'CAT 320 boom');
    await user.click(screen.getByRole('tab', { name: 'Lines (0)' }));
    expect(screen.getByText('No lines yet')).toBeTruthy();

    await pickAssembly('HA-0001_A');
    await pickAssembly('HA-0002_A');
    const quantity = screen.getByRole('textbox', { name: 'Quantity, line 1' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add other item' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, line 3' }), 'Zip ties');
    await user.type(screen.getByRole('textbox', { name: 'Unit cost, line 3' }), '7');

    // 70 at 30% margin less 10% = 90 (x2 = 180); 35 -> 45; 7 -> 9: 234 in all.
    await waitFor(() =>
      expect(screen.getByTestId('line-price-1').textContent).toBe('Unit price US$90 · extended US$180'),
    );
    expect(screen.getByTestId('line-price-2').textContent).toBe('Unit price US$45 · extended US$45');
    await waitFor(() =>
      expect(screen.getByTestId('line-price-3').textContent).toBe('Unit price US$9 · extended US$9'),
    );
    const totals = screen.getByRole('group', { name: 'Kit totals' });
    expect(within(totals).getByText('Kit price: US$234')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove line 2' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Kit totals' })).getByText('Kit price: US$189'),
      ).toBeTruthy(),
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hosekit/kit-1'));
    const sent = calls.find((c) => c.path === '/api/v1/hosekit/new/update');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      partNumber: 'KIT-100',
      customerId: 'cust-1',
      machine: 'CAT 320 boom',
      lines: [
        { lineType: 'hoseAssembly', hoseAssemblyId: 'asm-1', quantity: 2 },
        { lineType: 'other', description: 'Zip ties', quantity: 1, unitCost: 7 },
      ],
    });
  });

  it('says which line is wrong while pricing', async () => {
    stubs({
      'POST /api/v1/hosekits/compute': {
        status: 400,
        body: { statusCode: 400, code: 'BAD_REQUEST', message: 'Line 1: The quantity must be more than 0' },
      },
    });
    renderApp('/hosekits/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Lines (0)' }));
    await pickAssembly('HA-0001_A');
    expect(await screen.findByText('Line 1: The quantity must be more than 0')).toBeTruthy();
  });

  it('shows the plan limit with a way to upgrade', async () => {
    stubs({
      'POST /api/v1/hosekit/new/update': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'LIMIT_REACHED',
          message: 'Your plan allows 10 hose kits and you have 10. Upgrade your subscription to add more.',
          details: { limit: 'maxHoseKits', upgradeUrl: '/upgradesubscription' },
        },
      },
    });
    renderApp('/hosekits/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Part number' }), 'KIT-11');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText(
      'Your plan allows 10 hose kits and you have 10. Upgrade your subscription to add more.',
    );
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
  });

  it('opens the edit type named in the address and says a released kit gets a new revision', async () => {
    const released = createKit({
      released: true,
      revisions: [{ ...createKit().revisions[0]!, released: true }],
    });
    stubs({ 'GET /api/v1/hosekit/kit-1': { body: released } });
    renderApp('/hosekit/kit-1/edit/lines', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'Edit KIT-100_A' })).toBeTruthy();
    expect(screen.getByText(/saving makes revision B/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Lines (1)' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('textbox', { name: 'Quantity, line 1' }) as HTMLInputElement).value).toBe('2');
  });
});
