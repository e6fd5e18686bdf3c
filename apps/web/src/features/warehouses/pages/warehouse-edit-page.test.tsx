import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createWarehouse, LOC_2 } from '../test-factories';

const regular = {
  'POST /api/v1/sessions/create': {
    body: createSessionProfile({ userRoles: ['regular'], subscription: 'professional' }),
  },
};

/** The helper text a field is described by: where its message shows. */
function messageOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Types a whole value at once (the keyboard itself is tested where it matters). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const codeField = () => screen.getByRole('textbox', { name: 'Code' });

describe('the warehouse form', { timeout: 30_000 }, () => {
  it('says what is missing on its field, in words a person understands, and sends nothing', async () => {
    const { calls } = stubFetch({ ...regular });
    renderApp('/warehouses/new', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'New warehouse' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a location' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save warehouse' }));

    expect(await screen.findByText('Enter the warehouse code')).toBeTruthy();
    expect(messageOf(codeField())).toBe('Enter the warehouse code');
    expect(messageOf(screen.getByRole('textbox', { name: 'Name' }))).toBe('Enter the warehouse name');
    const location = screen.getByRole('group', { name: 'Location 1' });
    expect(messageOf(within(location).getByRole('textbox', { name: 'Location code' }))).toBe(
      'Enter the location code',
    );
    expect(screen.getByRole('alert').textContent).toContain('Fix the 3 highlighted fields before saving.');
    expect(calls.some((c) => c.path.startsWith('/api/v1/warehouse/'))).toBe(false);

    // Fixing a field clears its message as you type.
    fill(codeField(), 'VAN-2');
    await waitFor(() => expect(screen.queryByText('Enter the warehouse code')).toBeNull());
  });

  it('adds locations from the keyboard, reorders them, sends them in that order and opens the warehouse', async () => {
    const saved = createWarehouse({ _id: 'wh-9', code: 'VAN-2', name: 'Service van 2', kind: 'van' });
    const { calls } = stubFetch({
      ...regular,
      'POST /api/v1/warehouse/new/update': { body: saved },
      'GET /api/v1/warehouse/wh-9': { body: saved },
    });
    const { router } = renderApp('/warehouses/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New warehouse' });

    fill(codeField(), 'VAN-2');
    fill(screen.getByRole('textbox', { name: 'Name' }), 'Service van 2');
    await userEvent.click(screen.getByRole('button', { name: 'Van' }));
    fill(screen.getByRole('textbox', { name: 'Region' }), 'Central Alberta');

    // The new row takes the focus; Enter in its code adds the next row, Tab goes to the name.
    await userEvent.click(screen.getByRole('button', { name: 'Add a location' }));
    await userEvent.keyboard('SHELF-A{Tab}Left shelf{Enter}REEL-1{Enter}');
    // Enter in an empty last row adds no other empty row, and submits nothing.
    expect(screen.getAllByRole('group', { name: /^Location \d$/ })).toHaveLength(3);
    const third = screen.getByRole('group', { name: 'Location 3' });
    expect(document.activeElement).toBe(within(third).getByRole('textbox', { name: 'Location code' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.getAllByRole('group', { name: /^Location \d$/ })).toHaveLength(3);
    expect(calls.some((c) => c.path === '/api/v1/warehouse/new/update')).toBe(false);
    await userEvent.click(within(third).getByRole('button', { name: 'Remove location 3' }));

    // The reel goes first.
    await userEvent.click(screen.getByRole('button', { name: 'Move location 2 up' }));
    expect(
      (
        within(screen.getByRole('group', { name: 'Location 1' })).getByRole('textbox', {
          name: 'Location code',
        }) as HTMLInputElement
      ).value,
    ).toBe('REEL-1');

    await userEvent.click(screen.getByRole('button', { name: 'Save warehouse' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse/wh-9'));
    const post = calls.find((c) => c.path === '/api/v1/warehouse/new/update');
    const body = JSON.parse(post?.body ?? '{}');
    expect(body).toMatchObject({
      code: 'VAN-2',
      name: 'Service van 2',
      kind: 'van',
      region: 'Central Alberta',
      address: null,
      active: true,
      locations: [
        { code: 'REEL-1', name: '' },
        { code: 'SHELF-A', name: 'Left shelf' },
      ],
    });
    // Not switched on: the server keeps (or, for the first one, makes) the default.
    expect('isDefault' in body).toBe(false);
  });

  it('refuses the same location code twice before sending', async () => {
    const { calls } = stubFetch({ ...regular });
    renderApp('/warehouses/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New warehouse' });
    fill(codeField(), 'MAIN');
    fill(screen.getByRole('textbox', { name: 'Name' }), 'Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Add a location' }));
    await userEvent.keyboard('A-01{Enter}a-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save warehouse' }));
    expect(await screen.findByText('Each location code can be used once in a warehouse')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/v1/warehouse/'))).toBe(false);
  });

  it('shows the server’s refusal of a code already used on the code field', async () => {
    stubFetch({
      ...regular,
      'POST /api/v1/warehouse/new/update': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Warehouse code MAIN is already used by Red Deer shop',
          details: { field: 'code' },
        },
      },
    });
    const { router } = renderApp('/warehouses/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New warehouse' });
    fill(codeField(), 'main');
    fill(screen.getByRole('textbox', { name: 'Name' }), 'Second shop');
    await userEvent.click(screen.getByRole('button', { name: 'Save warehouse' }));
    await waitFor(() =>
      expect(messageOf(codeField())).toBe('Warehouse code MAIN is already used by Red Deer shop'),
    );
    expect(screen.getByRole('alert').textContent).toContain('Fix the highlighted field before saving.');
    expect(router.state.location.pathname).toBe('/warehouses/new');
  });

  it('opens at the locations, keeps the ids of the ones kept and shows why a location cannot go', async () => {
    const warehouse = createWarehouse();
    const { calls } = stubFetch({
      ...regular,
      'GET /api/v1/warehouse/wh-1': { body: warehouse },
      'POST /api/v1/warehouse/wh-1/update': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Location A-01 holds stock: move it before removing the location',
          details: { field: 'locations', locations: ['A-01'] },
        },
      },
    });
    renderApp('/warehouse/wh-1/edit/locations', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Red Deer shop' })).toBeTruthy();
    const first = screen.getByRole('group', { name: 'Location 1' });
    const firstCode = within(first).getByRole('textbox', { name: 'Location code' }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(firstCode));
    expect(firstCode.value).toBe('A-01');
    expect((codeField() as HTMLInputElement).value).toBe('MAIN');
    // The default cannot be switched off here: another warehouse is made the default instead.
    expect((screen.getByRole('switch', { name: 'Default warehouse' }) as HTMLInputElement).disabled).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove location 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save warehouse' }));
    expect(
      await screen.findByText('Location A-01 holds stock: move it before removing the location'),
    ).toBeTruthy();
    const post = calls.find((c) => c.path === '/api/v1/warehouse/wh-1/update');
    expect(JSON.parse(post?.body ?? '{}').locations).toEqual([
      { _id: LOC_2, code: 'B-01', name: 'Fittings shelf' },
    ]);
  });
});
