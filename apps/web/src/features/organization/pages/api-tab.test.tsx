import type { ApiKey, ApiLog } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createCustomer, createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const organization = {
  _id: 'org-1',
  name: 'Demo Hydraulics',
  createdAt: '2026-01-05T00:00:00.000Z',
  hasLogo: false,
};
const KEYS = '/api/v1/organization/apikeys';
const LOGS = '/api/v1/organization/logs/api';

const SHOP_ID = '0b7f2a52-7a53-4c8e-9d1e-3f5b8d2c9a01';
const BRIDGE_ID = '1c8e3b63-8b64-4d9f-8e2f-4a6c9e3d0b12';
const PRICING_ID = '2d9f4c74-9c75-4ea0-9f30-5b7d0f4e1c23';
const NEW_ID = '3ea05d85-ad86-4fb1-8041-6c8e105f2d34';
const CUSTOMER_ID = '4fb16e96-be97-4fc2-9152-7d9f21603e45';
const SECRET = 'hws_s3cr3t-0nly-sh0wn-0nce';

const shopErp: ApiKey = {
  _id: SHOP_ID,
  name: 'Shop ERP',
  role: 'regular',
  customerId: null,
  customerName: null,
  secretHint: 'hws_4f2a',
  enabled: true,
  expiresAt: null,
  status: 'active',
  createdAt: '2026-10-01T12:00:00.000Z',
  createdByName: 'Dana Admin',
  lastUsedAt: '2026-11-20T15:00:00.000Z',
};
const oldBridge: ApiKey = {
  ...shopErp,
  _id: BRIDGE_ID,
  name: 'Old bridge',
  role: 'admin',
  customerId: CUSTOMER_ID,
  customerName: 'Red Deer Excavating',
  secretHint: 'hws_9c1d',
  enabled: false,
  status: 'disabled',
  expiresAt: '2027-06-30T00:00:00.000Z',
  createdByName: 'Sam Counter',
  lastUsedAt: null,
};
const pricingSync: ApiKey = {
  ...shopErp,
  _id: PRICING_ID,
  name: 'Pricing sync',
  secretHint: 'hws_77b0',
  status: 'expired',
  expiresAt: '2026-01-31T00:00:00.000Z',
};

const calls: ApiLog[] = [
  {
    _id: 'log-1',
    at: '2026-11-21T14:06:00.000Z',
    apiKeyId: SHOP_ID,
    keyName: 'Shop ERP',
    method: 'POST',
    path: `/api/v1/customers/${CUSTOMER_ID}/update`,
    status: 400,
    durationMs: 8,
    customerId: CUSTOMER_ID,
    customerName: 'Red Deer Excavating',
  },
  {
    _id: 'log-2',
    at: '2026-11-21T14:05:00.000Z',
    apiKeyId: SHOP_ID,
    keyName: 'Shop ERP',
    method: 'GET',
    path: '/api/v1/hoseassemblies',
    status: 200,
    durationMs: 42,
    customerId: null,
    customerName: null,
  },
];

/** The query of every call `fetch` got for `path`, in order. */
function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(call?.body ?? '{}') as Record<string, unknown>;

/**
 * A server double of the API keys and their log: creations, changes and deletions stick. The log filters
 * by key and status as the server does; unfiltered, it is the first page of 60 calls.
 */
function apiServer({
  roles = ['admin'],
  keys: initialKeys = [shopErp, oldBridge, pricingSync],
  log = calls,
}: {
  roles?: string[];
  keys?: ApiKey[];
  log?: ApiLog[];
} = {}) {
  let keys = [...initialKeys];
  const lastQuery = () => queriesOf(server.fetchMock, LOGS).at(-1) ?? new URLSearchParams();
  const keyRoutes = Object.fromEntries(
    initialKeys.flatMap((key) => [
      [
        `POST ${KEYS}/${key._id}/update`,
        (call: RecordedCall) => {
          const { enabled } = bodyOf(call) as { enabled: boolean };
          keys = keys.map((k) =>
            k._id === key._id ? { ...k, enabled, status: enabled ? 'active' : 'disabled' } : k,
          );
          return { body: keys.find((k) => k._id === key._id) };
        },
      ],
      [
        `POST ${KEYS}/${key._id}/delete`,
        () => {
          keys = keys.filter((k) => k._id !== key._id);
          return { body: { ok: true } };
        },
      ],
    ]),
  );
  const server = stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: roles }) },
    'GET /api/v1/organization': { body: organization },
    'GET /api/v1/customers': {
      body: { items: [createCustomer({ _id: CUSTOMER_ID })], total: 1, page: 1 },
    },
    [`GET ${KEYS}`]: () => ({ body: { items: keys, total: keys.length, page: 1 } }),
    [`POST ${KEYS}`]: (call: RecordedCall) => {
      const input = bodyOf(call) as { name: string; role: 'admin' | 'regular'; expiresAt?: string };
      if (input.expiresAt && input.expiresAt < '2026-01-01') {
        const message = 'The expiry date has passed; choose a later one';
        return {
          status: 400,
          body: {
            statusCode: 400,
            code: 'BAD_REQUEST',
            message,
            details: { issues: [{ path: ['expiresAt'], message }] },
          },
        };
      }
      const key: ApiKey = {
        ...shopErp,
        _id: NEW_ID,
        name: input.name,
        role: input.role,
        customerId: CUSTOMER_ID,
        customerName: 'Red Deer Excavating',
        secretHint: SECRET.slice(0, 8),
        expiresAt: input.expiresAt ? `${input.expiresAt}T00:00:00.000Z` : null,
        createdByName: 'Casey Clerk',
        lastUsedAt: null,
      };
      keys = [key, ...keys];
      return { status: 201, body: { key, clientSecret: SECRET } };
    },
    ...keyRoutes,
    [`GET ${LOGS}`]: () => {
      const query = lastQuery();
      const status = query.get('status');
      const keyId = query.get('apiKeyId');
      const items = log.filter(
        (row) =>
          (!keyId || row.apiKeyId === keyId) &&
          (!status || (status === 'failure' ? row.status >= 400 : row.status < 400)),
      );
      const isFiltered = Boolean(status || keyId);
      return { body: { items, total: isFiltered || items.length === 0 ? items.length : 60, page: 1 } };
    },
  });
  return server;
}

const keysTable = () => screen.findByRole('table', { name: 'API keys' });
const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByText(name).closest('tr') as HTMLElement;

describe('/organization/api', { timeout: 60_000 }, () => {
  it('lists the keys with their role, customer, status, expiry and last use, and the log', async () => {
    apiServer();
    renderApp('/organization/api', signedInDouble());
    const table = await keysTable();
    expect(screen.getByRole('tab', { name: 'API' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByText(/exchanges a key for an access token that works 10 minutes/)).toBeTruthy();

    const shop = rowOf(table, 'Shop ERP');
    expect(within(shop).getByText('Active')).toBeTruthy();
    expect(within(shop).getByText('Regular')).toBeTruthy();
    expect(within(shop).getByText('All customers')).toBeTruthy();
    expect(within(shop).getByText('Never')).toBeTruthy();
    expect(within(shop).getByText('Dana Admin')).toBeTruthy();
    expect(within(shop).getByText('Secret starts hws_4f2a…')).toBeTruthy();

    const bridge = rowOf(table, 'Old bridge');
    expect(within(bridge).getByText('Disabled')).toBeTruthy();
    expect(within(bridge).getByText('Admin')).toBeTruthy();
    expect(within(bridge).getByText('Red Deer Excavating')).toBeTruthy();
    expect(within(bridge).getByText('Never used')).toBeTruthy();
    expect(within(bridge).getByRole('button', { name: 'Enable the key Old bridge' })).toBeTruthy();

    expect(within(rowOf(table, 'Pricing sync')).getByText('Expired')).toBeTruthy();

    const log = await screen.findByRole('table', { name: 'API log' });
    expect(within(log).getByText('/api/v1/hoseassemblies')).toBeTruthy();
  });

  it('says so when there are no keys and no calls yet', async () => {
    apiServer({ keys: [], log: [] });
    renderApp('/organization/api', signedInDouble());
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText(/A key lets your ERP read and update/)).toBeTruthy();
    expect(await screen.findByText('No calls in the log yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('creates a key and shows its secret once, with the client id', async () => {
    const { calls: sent } = apiServer();
    renderApp('/organization/api', signedInDouble());
    const u = userEvent.setup({ delay: null });
    await keysTable();
    await u.click(screen.getByRole('button', { name: 'Create a key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    await u.type(within(form).getByRole('textbox', { name: 'Name' }), 'Yard ERP');
    await u.click(within(form).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByRole('option', { name: 'Admin' }));
    await u.type(within(form).getByRole('combobox', { name: 'Customer' }), 'Red');
    await u.click(await screen.findByRole('option', { name: /Red Deer Excavating/ }));
    await u.type(within(form).getByLabelText('Expires'), '2027-06-30');
    await u.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your secret now' });
    const create = sent.filter((c) => c.method === 'POST' && c.path === KEYS);
    expect(create).toHaveLength(1);
    expect(bodyOf(create[0])).toEqual({
      name: 'Yard ERP',
      role: 'admin',
      customerId: CUSTOMER_ID,
      expiresAt: '2027-06-30',
    });
    expect(within(shown).getByText(/The client secret is shown only this once/)).toBeTruthy();
    expect((within(shown).getByRole('textbox', { name: 'Client ID' }) as HTMLInputElement).value).toBe(
      NEW_ID,
    );
    expect((within(shown).getByRole('textbox', { name: 'Client secret' }) as HTMLInputElement).value).toBe(
      SECRET,
    );
    await u.click(within(shown).getByRole('button', { name: 'Copy the Client secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Client secret copied.')).toBeTruthy();

    await u.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await keysTable()).getByText('Yard ERP')).toBeTruthy();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();

    // The next key starts from an empty form, not from the last secret.
    await u.click(screen.getByRole('button', { name: 'Create a key' }));
    const next = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect((within(next).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps the dialog open with the server’s message when it refuses the key', async () => {
    const { calls: sent } = apiServer();
    renderApp('/organization/api', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const table = await keysTable();
    await u.click(screen.getByRole('button', { name: 'Create a key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });

    await u.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(
      within(form).getByText('Name the key after the system that uses it, like "Shop ERP"'),
    ).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST' && c.path === KEYS)).toBe(false);

    await u.type(within(form).getByRole('textbox', { name: 'Name' }), 'Yard ERP');
    await u.type(within(form).getByLabelText('Expires'), '2020-01-01');
    await u.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('The expiry date has passed; choose a later one')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create an API key' })).toBe(form);
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Yard ERP');
    expect(within(table).queryByText('Yard ERP')).toBeNull();
    // The list behind the dialog (hidden from the accessibility tree while it is open) is unchanged.
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(4);
  });

  it('disables a key with { enabled: false } and shows it disabled', async () => {
    const { calls: sent } = apiServer();
    renderApp('/organization/api', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const table = await keysTable();
    await u.click(within(table).getByRole('button', { name: 'Disable the key Shop ERP' }));
    expect(await screen.findByText('The key Shop ERP is disabled: calls with it are refused.')).toBeTruthy();
    const update = sent.find((c) => c.path === `${KEYS}/${SHOP_ID}/update`);
    expect(bodyOf(update)).toEqual({ enabled: false });
    await waitFor(() => expect(within(rowOf(table, 'Shop ERP')).getByText('Disabled')).toBeTruthy());
    expect(within(table).getByRole('button', { name: 'Enable the key Shop ERP' })).toBeTruthy();
  });

  it('deletes a key only after confirming', async () => {
    const { calls: sent } = apiServer();
    renderApp('/organization/api', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const table = await keysTable();
    await u.click(within(table).getByRole('button', { name: 'Delete the key Shop ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the key ‘Shop ERP’?' });
    expect(
      within(dialog).getByText('An ERP using it is refused at once. Its calls stay in the log.'),
    ).toBeTruthy();
    expect(sent.some((c) => c.path.endsWith('/delete'))).toBe(false);

    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((c) => c.path.endsWith('/delete'))).toBe(false);

    await u.click(within(table).getByRole('button', { name: 'Delete the key Shop ERP' }));
    const again = await screen.findByRole('dialog', { name: 'Delete the key ‘Shop ERP’?' });
    await u.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The key Shop ERP is deleted.')).toBeTruthy();
    expect(sent.filter((c) => c.method === 'POST' && c.path === `${KEYS}/${SHOP_ID}/delete`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Shop ERP')).toBeNull());
  });

  it('shows the log, pages it and filters it by status and key on the server', async () => {
    const { fetchMock } = apiServer();
    renderApp('/organization/api', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const log = await screen.findByRole('table', { name: 'API log' });
    const failed = within(log)
      .getByText(`/api/v1/customers/${CUSTOMER_ID}/update`)
      .closest('tr') as HTMLElement;
    expect(within(failed).getByText('POST')).toBeTruthy();
    expect(within(failed).getByText('400')).toBeTruthy();
    expect(within(failed).getByText('8 ms')).toBeTruthy();
    expect(within(failed).getByText('Red Deer Excavating')).toBeTruthy();
    expect(within(failed).getByText('Shop ERP')).toBeTruthy();
    const ok = within(log).getByText('/api/v1/hoseassemblies').closest('tr') as HTMLElement;
    expect(within(ok).getByText('200')).toBeTruthy();
    expect(within(ok).getByText('42 ms')).toBeTruthy();
    expect(screen.getByText('1–25 of 60')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queriesOf(fetchMock, LOGS).at(-1)?.get('page')).toBe('2'));

    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Failure' }));
    await waitFor(() => expect(queriesOf(fetchMock, LOGS).at(-1)?.get('status')).toBe('failure'));
    expect(queriesOf(fetchMock, LOGS).at(-1)?.get('page')).toBe('1');
    await waitFor(() => expect(within(log).queryByText('/api/v1/hoseassemblies')).toBeNull());
    expect(within(log).getByText(`/api/v1/customers/${CUSTOMER_ID}/update`)).toBeTruthy();

    await u.click(screen.getByRole('combobox', { name: 'Key' }));
    await u.click(await screen.findByRole('option', { name: 'Old bridge' }));
    expect(await screen.findByText('No calls match these filters')).toBeTruthy();
    const query = queriesOf(fetchMock, LOGS).at(-1);
    expect(query?.get('apiKeyId')).toBe(BRIDGE_ID);
    expect(query?.get('status')).toBe('failure');

    await u.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByRole('table', { name: 'API log' })).toBeTruthy();
    expect(queriesOf(fetchMock, LOGS).at(-1)?.has('status')).toBe(false);
  });

  it('shows keys and calls as cards on a phone', async () => {
    // A 390 px wide screen: only the xs media query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width:599.95px'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    apiServer();
    renderApp('/organization/api', signedInDouble());
    const keys = await screen.findByRole('list', { name: 'API keys' });
    const shop = within(keys).getByText('Shop ERP').closest('li') as HTMLElement;
    expect(within(shop).getByText('Active')).toBeTruthy();
    expect(within(shop).getByText('Customer: All customers')).toBeTruthy();
    expect(within(shop).getByRole('button', { name: 'Delete the key Shop ERP' })).toBeTruthy();
    const log = await screen.findByRole('list', { name: 'API log' });
    expect(within(log).getByText('GET /api/v1/hoseassemblies')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not offered to a regular user, who gets the overview at /organization/api', async () => {
    const { calls: sent } = apiServer({ roles: ['regular'] });
    renderApp('/organization/api', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'Demo Hydraulics' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Team' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'API' })).toBeNull();
    expect(screen.queryByText('API keys')).toBeNull();
    expect(sent.some((c) => c.path === KEYS || c.path === LOGS)).toBe(false);
  });
});
