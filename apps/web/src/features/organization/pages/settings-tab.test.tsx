import type { OrganizationSettings } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearOrganizationSettings } from '@/lib/organization-settings';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const initial: OrganizationSettings = {
  hasParker: false,
  hideInventory: false,
  useBetaFeatures: false,
  revisionDelimiter: '_',
  partNumberPattern: 'C-{00000}',
  defaultAdaptorBrand: 'GEN',
  erpName: '',
  unitSystem: null,
  baseCurrency: 'CAD',
  defaultMarginPct: 30,
  labourRate: 2.5,
  wasteAllowancePct: 0,
  defaultWarehouseId: null,
  defaultWarehouseName: '',
  defaultWarehouseCode: '',
  allowNegativeStock: false,
  workOrderNumberPattern: 'WO-{00000}',
  remnantLengthMm: 1500,
  hoseShelfLifeMonths: 48,
  estimateNumberPattern: 'SE-{00000}',
  estimateValidityDays: 30,
  minimumCharge: 0,
  targetMarginPct: 20,
  estimateTerms: '',
  shopAddress: null,
  shopPhone: '',
  shopEmail: '',
};

/** The shop's warehouses as the list answers them (only what the Stock section reads). */
const WAREHOUSES = [
  { _id: '7d0f3c1e-0000-4000-8000-000000000001', code: 'MAIN', name: 'Main shop', isDefault: true },
  { _id: '7d0f3c1e-0000-4000-8000-000000000002', code: 'VAN-1', name: 'Service van 1', isDefault: false },
].map((w) => ({
  ...w,
  kind: 'warehouse',
  region: '',
  address: null,
  notes: '',
  active: true,
  locations: [],
  stockLines: 0,
  stockValue: 0,
  createdAt: '2026-01-05T00:00:00.000Z',
  updatedAt: '2026-01-05T00:00:00.000Z',
}));

beforeEach(() => clearOrganizationSettings());

/**
 * A double of the settings calls: every read answers what was saved last; the update refuses a pattern the
 * shop already uses (a rule only the server knows) and otherwise keeps the change and answers every setting.
 * The global search finds one kit, whose title the app writes with the delimiter in force.
 */
function settingsServer({
  failDefaults = 0,
  tier = 'professional',
}: {
  failDefaults?: number;
  tier?: 'trial' | 'professional';
} = {}) {
  let current = { ...initial };
  let failuresLeft = failDefaults;
  const read = (pick: (s: OrganizationSettings) => unknown) => () => ({ body: pick(current) });
  return stubFetch({
    'POST /api/v1/sessions/create': {
      body: createSessionProfile({ userRoles: ['admin'], subscription: tier }),
    },
    'GET /api/v1/organization': {
      body: { _id: 'org-1', name: 'Demo Hydraulics', createdAt: '2026-01-05T00:00:00.000Z', hasLogo: false },
    },
    'GET /api/v1/organization/hasparker': read((s) => s.hasParker),
    'GET /api/v1/organization/hideinventory': read((s) => s.hideInventory),
    'GET /api/v1/organization/usebetafeatures': read((s) => s.useBetaFeatures),
    'GET /api/v1/organization/revisiondelimiter': read((s) => s.revisionDelimiter),
    'GET /api/v1/organization/erpname': read((s) => s.erpName),
    'GET /api/v1/organization/defaultadaptorbrand': read((s) => s.defaultAdaptorBrand),
    'GET /api/v1/organization/defaults': () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'The server is busy.' } };
      }
      return {
        body: {
          defaultMarginPct: current.defaultMarginPct,
          currency: current.baseCurrency,
          labourRate: current.labourRate,
          wasteAllowancePct: current.wasteAllowancePct,
          partNumberPattern: current.partNumberPattern,
          workOrderNumberPattern: current.workOrderNumberPattern,
          remnantLengthMm: current.remnantLengthMm,
          hoseShelfLifeMonths: current.hoseShelfLifeMonths,
          estimateNumberPattern: current.estimateNumberPattern,
          estimateValidityDays: current.estimateValidityDays,
          minimumCharge: current.minimumCharge,
          targetMarginPct: current.targetMarginPct,
          estimateTerms: current.estimateTerms,
          shopAddress: current.shopAddress,
          shopPhone: current.shopPhone,
          shopEmail: current.shopEmail,
          unitSystem: current.unitSystem,
        },
      };
    },
    'GET /api/v1/organization/defaultwarehouse': read((s) => ({
      defaultWarehouseName: s.defaultWarehouseName,
      defaultWarehouseCode: s.defaultWarehouseCode,
    })),
    'GET /api/v1/organization/allownegativestock': read((s) => s.allowNegativeStock),
    'GET /api/v1/warehouses': () => ({ body: { items: WAREHOUSES, total: WAREHOUSES.length, page: 1 } }),
    'POST /api/v1/organization/update': (call: RecordedCall) => {
      const change = JSON.parse(call.body ?? '{}') as Partial<OrganizationSettings>;
      if (change.partNumberPattern === 'HA-{000}') {
        const message = 'HA- is the pattern of the GEN catalogue; choose another prefix';
        return {
          status: 400,
          body: {
            statusCode: 400,
            code: 'BAD_REQUEST',
            message,
            details: { issues: [{ path: ['partNumberPattern'], message }] },
          },
        };
      }
      current = { ...current, ...change };
      return { body: current };
    },
    'GET /api/v1/search': {
      body: {
        items: [{ url: 'hosekit/k-1', objectType: 'hoseKit', partNumber: 'KIT-7', revision: 'B' }],
        total: 1,
      },
    },
  });
}

const updates = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/api/v1/organization/update').map((c) => JSON.parse(c.body ?? '{}'));

const section = (name: string) => screen.getByRole('form', { name });

describe('/organization/settings', { timeout: 60_000 }, () => {
  it('shows every setting, with the delimiter’s example following the typing', async () => {
    settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const general = await screen.findByRole('form', { name: 'General' });
    const delimiter = within(general).getByRole('textbox', { name: 'Revision delimiter' });
    expect((delimiter as HTMLInputElement).value).toBe('_');
    expect(within(general).getByText('Example: C-00042_B')).toBeTruthy();
    expect(within(general).getByText(/Example: C-00042$/)).toBeTruthy();
    expect(within(general).getByText(/No ERP icon/)).toBeTruthy();

    const u = userEvent.setup({ delay: null });
    await u.clear(delimiter);
    await u.type(delimiter, '.');
    expect(within(general).getByText('Example: C-00042.B')).toBeTruthy();
    await u.type(within(general).getByRole('textbox', { name: 'ERP name' }), 'SAP');
    expect(within(general).getByText(/ERP icon: sapIcon/)).toBeTruthy();

    const pricing = section('Pricing defaults');
    expect((within(pricing).getByRole('textbox', { name: 'Default margin' }) as HTMLInputElement).value).toBe(
      '30',
    );
    const currency = within(pricing).getByRole('textbox', { name: 'Base currency' }) as HTMLInputElement;
    expect(currency.value).toBe('CAD');
    expect(currency.readOnly).toBe(true);
    expect(within(pricing).getByText(/Change it under Currencies/)).toBeTruthy();
    expect(within(section('Units')).getByRole('combobox', { name: 'Organization default' }).textContent).toBe(
      "By each person's language (en-US imperial, others metric)",
    );
    expect(within(section('Features')).getByRole('switch', { name: 'Hide inventory' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Edit product groups, suppliers and locations' }).getAttribute('href'),
    ).toBe('/components');
  });

  it('saves a new delimiter, and the search titles kits with it at once, without a reload', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const search = await screen.findByRole('combobox', { name: 'Search' });
    await u.type(search, 'kit');
    expect(await screen.findByText('KIT-7_B')).toBeTruthy();
    await u.clear(search);

    const general = section('General');
    const delimiter = within(general).getByRole('textbox', { name: 'Revision delimiter' });
    await u.clear(delimiter);
    await u.type(delimiter, '.');
    await u.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(await screen.findByText('General saved.')).toBeTruthy();
    expect(updates(calls)).toEqual([
      {
        revisionDelimiter: '.',
        partNumberPattern: 'C-{00000}',
        workOrderNumberPattern: 'WO-{00000}',
        defaultAdaptorBrand: 'GEN',
        erpName: '',
      },
    ]);

    await u.type(search, 'kit');
    expect(await screen.findByText('KIT-7.B')).toBeTruthy();
    expect(screen.queryByText('KIT-7_B')).toBeNull();
  });

  it('hides inventory and warehouses from the navigation as soon as an admin turns it on', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
    await screen.findByRole('form', { name: 'Features' });
    expect(within(nav()).getByRole('link', { name: 'Inventory' })).toBeTruthy();
    expect(within(nav()).getByRole('link', { name: 'Warehouses' })).toBeTruthy();

    const features = section('Features');
    await u.click(within(features).getByRole('switch', { name: 'Hide inventory' }));
    await u.click(within(features).getByRole('button', { name: 'Save Features' }));
    expect(await screen.findByText('Features saved.')).toBeTruthy();
    expect(updates(calls)).toEqual([{ hasParker: false, hideInventory: true, useBetaFeatures: false }]);
    await waitFor(() => expect(within(nav()).queryByRole('link', { name: 'Inventory' })).toBeNull());
    expect(within(nav()).queryByRole('link', { name: 'Warehouses' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Hose Kits' })).toBeTruthy();
  });

  it('refuses bad input with the field’s own message and sends nothing', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const general = await screen.findByRole('form', { name: 'General' });
    await u.clear(within(general).getByRole('textbox', { name: 'Revision delimiter' }));
    await u.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(await within(general).findByText('Enter a revision delimiter')).toBeTruthy();

    const pricing = section('Pricing defaults');
    const margin = within(pricing).getByRole('textbox', { name: 'Default margin' });
    await u.clear(margin);
    await u.type(margin, '120');
    await u.click(within(pricing).getByRole('button', { name: 'Save Pricing defaults' }));
    expect(await within(pricing).findByText('The default margin must be at most 95%')).toBeTruthy();
    expect(margin.getAttribute('aria-invalid')).toBe('true');
    expect(updates(calls)).toEqual([]);
  });

  it('shows the server’s refusal on the field it concerns', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const general = await screen.findByRole('form', { name: 'General' });
    const pattern = within(general).getByRole('textbox', { name: 'Part-number pattern' });
    await u.clear(pattern);
    await u.type(pattern, 'HA-{{000}');
    await u.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(
      await within(general).findByText('HA- is the pattern of the GEN catalogue; choose another prefix'),
    ).toBeTruthy();
    expect(pattern.getAttribute('aria-invalid')).toBe('true');
    expect(updates(calls)).toHaveLength(1);
    expect(screen.queryByText('General saved.')).toBeNull();
  });

  it('saves the units, the pricing defaults and the default warehouse, each on its own', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const units = await screen.findByRole('form', { name: 'Units' });
    await u.click(within(units).getByRole('combobox', { name: 'Organization default' }));
    await u.click(await screen.findByRole('option', { name: 'Imperial (in, psi)' }));
    await u.click(within(units).getByRole('button', { name: 'Save Units' }));
    expect(await screen.findByText('Units saved.')).toBeTruthy();

    const pricing = section('Pricing defaults');
    const labour = within(pricing).getByRole('textbox', { name: 'Labour rate per crimp' });
    await u.clear(labour);
    await u.type(labour, '4.75');
    await u.click(within(pricing).getByRole('button', { name: 'Save Pricing defaults' }));
    expect(await screen.findByText('Pricing defaults saved.')).toBeTruthy();

    const stock = section('Stock');
    const picker = await within(stock).findByRole('combobox', { name: 'Default warehouse' });
    expect(picker.textContent).toContain('MAIN · Main shop');
    await u.click(picker);
    await u.click(await screen.findByRole('option', { name: 'VAN-1 · Service van 1' }));
    await u.click(within(stock).getByRole('switch', { name: 'Allow negative stock' }));
    // The remnant length in the reader's units (millimetres here), kept in millimetres.
    const remnant = within(stock).getByRole<HTMLInputElement>('textbox', { name: 'Remnant length' });
    expect(remnant.value).toBe('1500');
    await u.clear(remnant);
    await u.type(remnant, '1200');
    const shelfLife = within(stock).getByRole('textbox', { name: 'Hose shelf life' });
    await u.clear(shelfLife);
    await u.type(shelfLife, '0');
    await u.click(within(stock).getByRole('button', { name: 'Save Stock' }));
    expect(await within(stock).findByText('The shelf life must be at least 1 month')).toBeTruthy();
    await u.clear(shelfLife);
    await u.type(shelfLife, '60');
    await u.click(within(stock).getByRole('button', { name: 'Save Stock' }));
    expect(await screen.findByText('Stock saved.')).toBeTruthy();

    expect(updates(calls)).toEqual([
      { unitSystem: 'imperial' },
      { defaultMarginPct: 30, labourRate: 4.75, wasteAllowancePct: 0 },
      {
        defaultWarehouseId: '7d0f3c1e-0000-4000-8000-000000000002',
        allowNegativeStock: true,
        remnantLengthMm: 1200,
        hoseShelfLifeMonths: 60,
      },
    ]);
  });

  it('saves the estimate settings: number pattern, validity, minimum charge, target margin and terms', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const estimates = await screen.findByRole('form', { name: 'Estimates' });
    const pattern = within(estimates).getByRole('textbox', { name: 'Estimate number pattern' });
    expect((pattern as HTMLInputElement).value).toBe('SE-{00000}');
    expect(within(estimates).getByText(/Example: SE-00012/)).toBeTruthy();
    await u.clear(pattern);
    await u.type(pattern, 'Q-{{0000}');
    const validity = within(estimates).getByRole('textbox', { name: 'Valid for' });
    await u.clear(validity);
    await u.type(validity, '45');
    const minimum = within(estimates).getByRole('textbox', { name: 'Minimum charge' });
    await u.clear(minimum);
    await u.type(minimum, '35.50');
    const margin = within(estimates).getByRole('textbox', { name: 'Target margin (% of the price)' });
    await u.clear(margin);
    await u.type(margin, '25');
    await u.type(within(estimates).getByRole('textbox', { name: 'Estimate terms' }), 'Net 30.');
    await u.click(within(estimates).getByRole('button', { name: 'Save Estimates' }));
    expect(await screen.findByText('Estimates saved.')).toBeTruthy();
    expect(updates(calls)).toEqual([
      {
        estimateNumberPattern: 'Q-{0000}',
        estimateValidityDays: 45,
        minimumCharge: 35.5,
        targetMarginPct: 25,
        estimateTerms: 'Net 30.',
      },
    ]);
  });

  it('saves the shop’s address, phone and email, printed on estimates, and refuses an email that is not one', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const shop = await screen.findByRole('form', { name: 'Shop details' });
    expect(within(shop).getByText('Printed on estimates.')).toBeTruthy();
    const address = within(shop).getByRole('group', { name: 'Address' });
    await u.type(within(address).getByRole('textbox', { name: 'Street address' }), '88 Industrial Road');
    await u.type(within(address).getByRole('textbox', { name: 'City' }), 'Regina');
    await u.type(within(address).getByRole('textbox', { name: 'Province or state' }), 'SK');
    await u.type(within(address).getByRole('textbox', { name: 'Postal code' }), 'S4P 3Y2');
    await u.type(within(address).getByRole('textbox', { name: 'Country' }), 'Canada');
    await u.type(within(shop).getByRole('textbox', { name: 'Phone' }), '+1 306-555-0142');
    const email = within(shop).getByRole('textbox', { name: 'Email' });
    await u.type(email, 'sales at regina');
    await u.click(within(shop).getByRole('button', { name: 'Save Shop details' }));
    expect(
      await within(shop).findByText('Enter the shop email such as sales@yourshop.com, or leave it empty'),
    ).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(updates(calls)).toEqual([]);

    await u.clear(email);
    await u.type(email, 'sales@regina-hose.example');
    await u.click(within(shop).getByRole('button', { name: 'Save Shop details' }));
    expect(await screen.findByText('Shop details saved.')).toBeTruthy();
    expect(updates(calls)).toEqual([
      {
        shopAddress: {
          line1: '88 Industrial Road',
          line2: '',
          city: 'Regina',
          region: 'SK',
          postalCode: 'S4P 3Y2',
          country: 'Canada',
        },
        shopPhone: '+1 306-555-0142',
        shopEmail: 'sales@regina-hose.example',
      },
    ]);
    // Saved: the section shows what was kept, with nothing left to save.
    expect(within(address).getByRole<HTMLInputElement>('textbox', { name: 'Street address' }).value).toBe(
      '88 Industrial Road',
    );
    expect(within(shop).getByRole<HTMLButtonElement>('button', { name: 'Save Shop details' }).disabled).toBe(
      true,
    );
  });

  it('tells a trial shop that warehouses come with a paid plan, and reads none', async () => {
    const { calls } = settingsServer({ tier: 'trial' });
    renderApp('/organization/settings', signedInDouble());
    const stock = await screen.findByRole('form', { name: 'Stock' });
    expect(
      within(stock).getByText('Warehouses and inventory come with Professional and Enterprise.'),
    ).toBeTruthy();
    expect(within(stock).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
    expect(within(stock).queryByRole('combobox', { name: 'Default warehouse' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/warehouses')).toBe(false);
    // Estimates are professional and enterprise too: their settings are not offered.
    expect(screen.queryByRole('form', { name: 'Estimates' })).toBeNull();
  });

  it('says when the settings cannot be loaded, and loads them on Try again', async () => {
    settingsServer({ failDefaults: 1 });
    renderApp('/organization/settings', signedInDouble());
    expect(await screen.findByText('The settings could not be loaded. The server is busy.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'General' })).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'General' })).toBeTruthy();
  });

  it('saves the work order number pattern, with an example that follows the typing, and refuses one without zeros', async () => {
    const { calls } = settingsServer();
    renderApp('/organization/settings', signedInDouble());
    const u = userEvent.setup({ delay: null });
    const general = await screen.findByRole('form', { name: 'General' });
    const pattern = within(general).getByRole('textbox', { name: 'Work order number pattern' });
    expect((pattern as HTMLInputElement).value).toBe('WO-{00000}');
    expect(within(general).getByText(/Example: WO-00042$/)).toBeTruthy();

    await u.clear(pattern);
    await u.type(pattern, 'JOB-');
    expect(within(general).queryByText(/Example: JOB/)).toBeNull();
    await u.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(
      await within(general).findByText('Write the pattern with one run of zeros in braces, e.g. WO-{00000}'),
    ).toBeTruthy();
    expect(pattern.getAttribute('aria-invalid')).toBe('true');
    expect(updates(calls)).toEqual([]);

    await u.type(pattern, '{{000}');
    expect(within(general).getByText(/Example: JOB-042$/)).toBeTruthy();
    await u.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(await screen.findByText('General saved.')).toBeTruthy();
    expect(updates(calls)).toEqual([expect.objectContaining({ workOrderNumberPattern: 'JOB-{000}' })]);
  });
});
