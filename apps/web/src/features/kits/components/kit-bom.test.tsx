import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-app';
import { createKitLine } from '../test-factories';
import { KitBom } from './kit-bom';

describe('the priced BOM', () => {
  it('shows each line’s quantity, prices and the kit totals', () => {
    renderWithProviders(
      <KitBom
        lines={[
          createKitLine(),
          createKitLine({
            _id: 'line-2',
            position: 2,
            lineType: 'other',
            hoseAssemblyId: null,
            partNumber: '',
            description: 'Zip ties, bag of 100',
            quantity: 1,
            unitCost: 7,
            unitPrice: 9,
            extendedCost: 7,
            extendedPrice: 9,
          }),
          createKitLine({
            _id: 'line-3',
            position: 3,
            lineType: 'component',
            hoseAssemblyId: null,
            componentId: 'cmp-1',
            partNumber: 'P-CLAMP-8',
            description: 'P-clamp',
            quantity: 4,
            unitCost: null,
            unitPrice: null,
            extendedCost: null,
            extendedPrice: null,
          }),
        ]}
        totals={{ cost: 147, price: 189, linesWithoutCost: 1, marginPct: 22.22 }}
        currency="CAD"
        costCurrency="USD"
      />,
    );
    const table = screen.getByRole('table', { name: 'Bill of materials' });
    // On a phone the table scrolls sideways in a named region a keyboard can reach.
    expect(screen.getByRole('region', { name: 'Bill of materials' }).tabIndex).toBe(0);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('HA-0001_A');
    // Prices in the customer's currency (CAD: '$' in Canadian English), costs in the base (USD).
    expect(rows[1]?.textContent).toContain('US$70');
    expect(rows[1]?.textContent).toContain('$90');
    expect(rows[1]?.textContent).toContain('$180');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'HA-0001_A' })
        .getAttribute('href'),
    ).toBe('/hoseassembly/asm-1');
    expect(rows[2]?.textContent).toContain('Other item');
    expect(rows[2]?.textContent).toContain('Zip ties, bag of 100');
    expect(rows[3]?.textContent).toContain('—');
    expect(within(table).getByText('$189')).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Kit totals' });
    expect(within(totals).getByText('Kit price: $189')).toBeTruthy();
    expect(within(totals).getByText(/Cost: US\$147 · margin 22.22%/)).toBeTruthy();
    expect(within(totals).getByText('1 line has no cost on file, so it is not in the totals.')).toBeTruthy();
  });

  it('says so when the kit has no lines', () => {
    renderWithProviders(
      <KitBom lines={[]} totals={{ cost: 0, price: 0, linesWithoutCost: 0, marginPct: null }} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/no lines yet/);
  });
});
