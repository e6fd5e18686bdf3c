import { getContrastRatio } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-app';
import { OriginChips } from './origin-chips';

const SAMPLE = { origin: 'catalogue', sample: true, active: true, brand: 'GEN' } as const;

describe('origin chips', () => {
  it("says 'Sample data' in a colour that reads at WCAG AA (4.5:1) on white and on the page", () => {
    renderWithProviders(<OriginChips component={SAMPLE} isDetailed />);
    expect(screen.getByText('Catalogue data from GEN')).toBeTruthy();
    const colour = getComputedStyle(screen.getByText('Sample data')).color;
    for (const surface of ['#ffffff', '#f5f7fa']) {
      expect(getContrastRatio(colour, surface), `${colour} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
