import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearOrganizationSettings } from '@/lib/organization-settings';
import { storeAccessToken } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { ErpIcon } from './erp-icon';

beforeEach(() => {
  clearOrganizationSettings();
  storeAccessToken('tok');
});

describe('the ERP icon', () => {
  it('shows the icon named after the organisation’s ERP, titled with its name', async () => {
    stubFetch({ 'GET /api/v1/organization/erpname': { body: 'SAP' } });
    renderWithProviders(
      <p>
        <ErpIcon />
        ERP id: 4711
      </p>,
      { auth: signedInDouble() },
    );
    const icon = await screen.findByTitle('ERP: SAP');
    await waitFor(() => expect(icon.closest('svg')?.getAttribute('data-erp-icon')).toBe('sapIcon'));
  });

  it('shows nothing when no ERP is named', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/organization/erpname': { body: '' } });
    const { container } = renderWithProviders(<ErpIcon />, { auth: signedInDouble() });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/organization/erpname')).toBe(true));
    expect(container.querySelector('svg')).toBeNull();
  });
});
