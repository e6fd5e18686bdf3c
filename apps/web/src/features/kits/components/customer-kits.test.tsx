import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { CustomerKits } from './customer-kits';

describe('a customer’s kits', () => {
  beforeEach(() => setAccessTokenGetter(async () => 'sdk-token'));

  it('lists the customer’s kits and starts a new one for them', async () => {
    stubFetch({
      'GET /api/v1/hosekits': {
        body: {
          items: [
            {
              _id: 'kit-1',
              partNumber: 'KIT-100',
              revision: 'B',
              title: 'KIT-100_B',
              released: true,
              description: 'Excavator boom kit',
              machine: 'CAT 320',
              customerId: 'cust-1',
              customerName: 'Prairie Excavating',
              lineCount: 3,
              createdAt: '2026-11-01T10:00:00.000Z',
              updatedAt: '2026-11-02T10:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
        },
      },
    });
    renderWithProviders(<CustomerKits customerId="cust-1" />);
    const list = await screen.findByRole('list', { name: 'Hose kits' });
    const item = within(list).getByRole('link', { name: /KIT-100_B/ });
    expect(item.getAttribute('href')).toBe('/hosekit/kit-1');
    expect(item.textContent).toContain('Excavator boom kit · CAT 320 · Released');
    expect(screen.getByRole('link', { name: 'New kit for this customer' }).getAttribute('href')).toBe(
      '/customer/cust-1/hosekits/new',
    );
  });
});
