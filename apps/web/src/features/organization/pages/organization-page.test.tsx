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

const organization = { _id: 'org-1', name: 'Demo Hydraulics', createdAt: '2026-01-05T00:00:00.000Z' };

beforeEach(() => {
  resetImageCache();
  URL.createObjectURL = vi.fn(() => 'blob:logo');
  URL.revokeObjectURL = vi.fn();
});

/** A server double for the organisation: renames stick, so the next read answers the new name. */
function organizationServer(roles: string[], tier: 'trial' | 'enterprise' = 'trial') {
  let current = { ...organization };
  return stubFetch({
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
        },
      };
    },
  });
}

describe('/organization', { timeout: 60_000 }, () => {
  it('shows a regular user the name, the logo’s absence and the plan, with nothing to edit', async () => {
    expect(organizationTabOf('details')).toBe('overview');
    expect(organizationTabOf('users')).toBe('overview');
    organizationServer(['regular']);
    renderApp('/organization/details', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'Demo Hydraulics' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No logo yet. An admin of your organization can add one.')).toBeTruthy();
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
          this.status = 200;
          this.onload?.();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    organizationServer(['admin']);
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
});
