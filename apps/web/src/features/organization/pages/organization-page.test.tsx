import { UNLIMITED } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetImageCache } from '@/api/images';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { organizationTabOf } from './organization-page';

const organization = {
  _id: 'org-1',
  name: 'Demo Hydraulics',
  createdAt: '2026-01-05T00:00:00.000Z',
  hasLogo: false,
};

beforeEach(() => {
  resetImageCache();
  URL.createObjectURL = vi.fn(() => 'blob:logo');
  URL.revokeObjectURL = vi.fn();
});

/**
 * A server double for the organisation: renames stick, so the next read answers the new name; `storeLogo`
 * is the upload of a logo reaching it.
 */
function organizationServer(roles: string[], tier: 'trial' | 'enterprise' = 'trial') {
  let current = { ...organization };
  const storeLogo = () => {
    current = { ...current, hasLogo: true };
  };
  const stub = stubFetch({
    'POST /api/v1/sessions/create': {
      body: createSessionProfile({
        userRoles: roles,
        subscription: tier,
        ...(tier === 'enterprise'
          ? { maxCustomers: UNLIMITED, maxHoseAssemblies: UNLIMITED, maxHoseKits: UNLIMITED }
          : {}),
      }),
    },
    'GET /api/v1/organization': () => ({ body: current }),
    'POST /api/v1/organization/update': (call: RecordedCall) => {
      const { name } = JSON.parse(call.body ?? '{}') as { name: string };
      current = { ...current, name };
      return {
        body: {
          hasParker: false,
          hideInventory: false,
          useBetaFeatures: false,
          revisionDelimiter: '_',
          partNumberPattern: 'C-{00000}',
          defaultAdaptorBrand: '',
          erpName: '',
          unitSystem: null,
          baseCurrency: 'CAD',
          defaultMarginPct: 30,
          labourRate: 0,
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
        },
      };
    },
  });
  return { ...stub, storeLogo };
}

describe('/organization', { timeout: 60_000 }, () => {
  it('shows a regular user the name, the logo’s absence and the plan, with nothing to edit', async () => {
    expect(organizationTabOf('details')).toBe('overview');
    expect(organizationTabOf('billing')).toBe('overview');
    expect(organizationTabOf('users')).toBe('users');
    expect(organizationTabOf('settings')).toBe('settings');
    const { calls } = organizationServer(['regular']);
    renderApp('/organization/details', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'Demo Hydraulics' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Team',
      'Currencies',
    ]);
    expect(await screen.findByText('No logo yet. An admin of your organization can add one.')).toBeTruthy();
    // The organisation says it has no logo: nothing asks for one (a request that could only answer 404).
    expect(calls.filter((c) => c.path.startsWith('/api/v1/image/'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Edit the organization name' })).toBeNull();
    expect(screen.queryByText('Upload logo')).toBeNull();
    expect(screen.getByText('Trial')).toBeTruthy();
    expect(screen.getByText('Customers: 25')).toBeTruthy();
    expect(screen.getByText('Hose assemblies: 50')).toBeTruthy();
    expect(screen.getByText('Hose kits: 10')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
  });

  it('keeps the settings from regular users: /organization/settings opens the overview', async () => {
    const { calls } = organizationServer(['regular']);
    renderApp('/organization/settings', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'Demo Hydraulics' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pricing defaults' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/organization/defaults')).toBe(false);
  });

  it('shows admins the Settings tab at /organization/settings', async () => {
    organizationServer(['admin']);
    renderApp('/organization', signedInDouble());
    const u = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Demo Hydraulics' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Team',
      'Currencies',
      'API',
      'Settings',
    ]);
    await u.click(screen.getByRole('tab', { name: 'Settings' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true'),
    );
    // The stub has no settings to read: the tab says so and offers to try again.
    expect(await screen.findByText(/The settings could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says “No limit” for an unlimited plan', async () => {
    organizationServer(['regular'], 'enterprise');
    renderApp('/organization', signedInDouble());
    expect(await screen.findByText('Enterprise')).toBeTruthy();
    expect(screen.getByText('Customers: No limit')).toBeTruthy();
  });

  it('lets an admin rename the organization, refusing an empty name', async () => {
    const { calls } = organizationServer(['admin']);
    renderApp('/organization', signedInDouble());
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Edit the organization name' }));
    const field = screen.getByRole('textbox', { name: 'Organization name' });
    await u.clear(field);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the organization name')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/organization/update')).toBe(false);

    await u.type(field, 'Prairie Hose & Fittings');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The organization is now called Prairie Hose & Fittings.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Prairie Hose & Fittings' })).toBeTruthy();
    const update = calls.find((c) => c.path === '/api/v1/organization/update');
    expect(JSON.parse(update?.body ?? '{}')).toEqual({ name: 'Prairie Hose & Fittings' });
  });

  it('lets an admin upload the logo with a progress bar, then shows it', async () => {
    let finish: (() => void) | undefined;
    const sent: { url?: string } = {};
    const server = organizationServer(['admin']);
    class FakeXhr {
      status = 0;
      responseText = '';
      timeout = 0;
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader() {}
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
        finish = () => {
          server.storeLogo();
          this.status = 200;
          this.onload?.();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderApp('/organization', signedInDouble());
    expect(await screen.findByText('No logo yet.')).toBeTruthy();

    const picture = new File(['png bytes'], 'logo.png', { type: 'image/png' });
    await userEvent.setup({ delay: null }).upload(screen.getByLabelText('Upload logo'), picture);
    const progress = await screen.findByRole('progressbar', { name: 'Uploading the picture…' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(sent.url).toBe('/api/v1/image/org-1');

    finish?.();
    expect(await screen.findByRole('img', { name: 'Logo of Demo Hydraulics' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Uploading the picture…' })).toBeNull(),
    );
    expect(within(document.body).queryByText('No logo yet.')).toBeNull();
  });

  describe('the team tab (/organization/users)', () => {
    const admin = {
      _id: 'user-admin',
      name: 'Dana Admin',
      email: 'dana@demo.example',
      role: 'admin',
      lastSignInAt: '2026-11-20T15:00:00.000Z',
      joinedAt: '2026-01-05T00:00:00.000Z',
      status: 'active',
      invitationExpiresAt: null,
    };
    const sam = {
      _id: 'user-sam',
      name: 'Sam Counter',
      email: 'sam@demo.example',
      role: 'regular',
      lastSignInAt: null,
      joinedAt: '2026-02-01T00:00:00.000Z',
      status: 'unverified',
      invitationExpiresAt: null,
    };
    const invitation = {
      _id: 'inv-1',
      name: '',
      email: 'pat@demo.example',
      role: 'regular',
      lastSignInAt: null,
      joinedAt: '2026-11-20T00:00:00.000Z',
      status: 'invited',
      invitationExpiresAt: '2026-11-27T00:00:00.000Z',
    };
    const roles = [
      { role: 'admin', name: 'Admin', description: '' },
      { role: 'regular', name: 'Regular', description: '' },
    ];

    /** The server double of the team: role changes and removals stick. */
    function teamServer(viewerRoles: string[]) {
      let people: Array<Record<string, unknown>> = [admin, sam, invitation];
      return stubFetch({
        'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: viewerRoles }) },
        'GET /api/v1/organization': { body: organization },
        'GET /api/v1/organization/users': () => ({ body: { items: people, total: people.length, page: 1 } }),
        'GET /api/v1/organization/roles': { body: roles },
        'POST /api/v1/organization/userroles/update': (call: RecordedCall) => {
          const { userId, role } = JSON.parse(call.body ?? '{}') as { userId: string; role: string };
          if (userId === admin._id && role !== 'admin') {
            return {
              status: 409,
              body: {
                statusCode: 409,
                code: 'CONFLICT',
                message: 'The organisation needs at least one admin.',
              },
            };
          }
          people = people.map((p) => (p._id === userId ? { ...p, role } : p));
          return { body: people.find((p) => p._id === userId) };
        },
        'POST /api/v1/organization/user/user-sam/delete': () => {
          people = people.filter((p) => p._id !== sam._id);
          return { body: { ok: true } };
        },
        'POST /api/v1/organization/user/inv-1/delete': () => {
          people = people.filter((p) => p._id !== invitation._id);
          return { body: { ok: true } };
        },
        'POST /api/v1/organization/user/inv-1/remind': { body: invitation },
        'POST /api/v1/organization/users/invite': (call: RecordedCall) => {
          const { email, role } = JSON.parse(call.body ?? '{}') as { email: string; role: string };
          if (email === sam.email) {
            return {
              status: 409,
              body: {
                statusCode: 409,
                code: 'CONFLICT',
                message: `${email} already belongs to your organization.`,
              },
            };
          }
          const invited = { ...invitation, _id: 'inv-2', email, role };
          people = [...people, invited];
          return { body: invited };
        },
      });
    }

    it('shows a regular user the people, roles and status, with nothing to change', async () => {
      teamServer(['regular']);
      renderApp('/organization/users', signedInDouble());
      expect(await screen.findByText('Sam Counter')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true');
      expect(screen.getByText('Dana Admin')).toBeTruthy();
      expect(screen.getByText('Has not signed in yet')).toBeTruthy();
      expect(screen.getByText('Email not confirmed')).toBeTruthy();
      expect(screen.getByText('Admin')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Remove Sam Counter' })).toBeNull();
    });

    it('lets an admin change a role and remove someone after confirming', async () => {
      const { calls } = teamServer(['admin']);
      renderApp('/organization/users', signedInDouble());
      const u = userEvent.setup({ delay: null });
      const samRow = (await screen.findByText('Sam Counter')).closest('li') as HTMLElement;
      await u.click(within(samRow).getByRole('combobox', { name: 'Role' }));
      await u.click(await screen.findByRole('option', { name: 'Admin' }));
      expect(await screen.findByText('Sam Counter is now Admin.')).toBeTruthy();
      const change = calls.find((c) => c.path === '/api/v1/organization/userroles/update');
      expect(JSON.parse(change?.body ?? '{}')).toEqual({ userId: 'user-sam', role: 'admin' });

      await u.click(screen.getByRole('button', { name: 'Remove Sam Counter' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Counter?' });
      expect(within(dialog).getByText(/They lose access to your organization at once/)).toBeTruthy();
      await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Sam Counter no longer belongs to your organization.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('Sam Counter')).toBeNull());
    });

    it('shows the server’s refusal when the last admin would step down', async () => {
      teamServer(['admin']);
      renderApp('/organization/users', signedInDouble());
      const u = userEvent.setup({ delay: null });
      const danaRow = (await screen.findByText(/Dana Admin/)).closest('li') as HTMLElement;
      await u.click(within(danaRow).getByRole('combobox', { name: 'Role' }));
      await u.click(await screen.findByRole('option', { name: 'Regular' }));
      expect(await screen.findByText('The organisation needs at least one admin.')).toBeTruthy();
    });

    it('lets an admin invite by email, send again and withdraw, and shows the server’s refusal', async () => {
      const { calls } = teamServer(['admin']);
      renderApp('/organization/users', signedInDouble());
      const u = userEvent.setup({ delay: null });
      expect(await screen.findByText('pat@demo.example')).toBeTruthy();
      expect(screen.getByText(/^Invited until/)).toBeTruthy();

      const form = screen.getByRole('form', { name: 'Invite someone' });
      await u.type(within(form).getByRole('textbox', { name: 'Email' }), 'sam@demo.example');
      await u.click(within(form).getByRole('button', { name: 'Send invitation' }));
      expect(
        await within(form).findByText('sam@demo.example already belongs to your organization.'),
      ).toBeTruthy();
      await u.clear(within(form).getByRole('textbox', { name: 'Email' }));
      await u.type(within(form).getByRole('textbox', { name: 'Email' }), 'lee@demo.example');
      await u.click(within(form).getByRole('combobox', { name: 'Role' }));
      await u.click(await screen.findByRole('option', { name: 'Admin' }));
      await u.click(within(form).getByRole('button', { name: 'Send invitation' }));
      expect(await screen.findByText('Invitation sent to lee@demo.example.')).toBeTruthy();
      const sent = calls.filter((c) => c.path === '/api/v1/organization/users/invite').at(-1);
      expect(JSON.parse(sent?.body ?? '{}')).toEqual({ email: 'lee@demo.example', role: 'admin' });
      expect(await screen.findByText('lee@demo.example')).toBeTruthy();

      const patRow = screen.getByText('pat@demo.example').closest('li') as HTMLElement;
      await u.click(within(patRow).getByRole('button', { name: 'Send again' }));
      expect(await screen.findByText('Invitation sent again to pat@demo.example.')).toBeTruthy();
      await u.click(within(patRow).getByRole('button', { name: 'Remove pat@demo.example' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Withdraw the invitation to pat@demo.example?',
      });
      await u.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
      expect(await screen.findByText('The invitation to pat@demo.example is withdrawn.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('pat@demo.example')).toBeNull());
    });
  });
});
