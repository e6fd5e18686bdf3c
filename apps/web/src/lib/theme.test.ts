import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { brand, theme } from './theme';

const AA = 4.5;
const KEYS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const SURFACES = { white: '#ffffff', background: theme.palette.background.default };

describe('theme colours meet WCAG AA (4.5:1 for normal text)', () => {
  it.each(KEYS)(
    '%s reads as text on white and on the background, and its contrast text reads on it',
    (key) => {
      const colour = theme.palette[key];
      for (const surface of Object.values(SURFACES)) {
        expect(getContrastRatio(colour.main, surface), `${key} on ${surface}`).toBeGreaterThanOrEqual(AA);
      }
      expect(getContrastRatio(colour.contrastText, colour.main), `text on ${key}`).toBeGreaterThanOrEqual(AA);
    },
  );

  it('the snackbars read too', () => {
    for (const { background, text } of Object.values(brand.snackbar)) {
      expect(getContrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(AA);
    }
  });
});
