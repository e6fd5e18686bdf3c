import { createTheme } from '@mui/material/styles';
import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

/** The brand's colour names that MUI does not already have, under one palette extension. */
export interface BrandColours {
  footer: string;
  gold: string;
  accept: string;
  cancel: string;
  disabled: string;
  alternateRowColour: string;
  highlight: string;
  background: string;
  editBackground: string;
  excelGreen: string;
  pdfRed: string;
  validationSuccess: string;
  validationError: string;
  notification: string;
  unread: string;
  /** Row states of the component pickers, each with the colour of a normal and an alternate row. */
  rows: Record<
    'disabled' | 'recommended' | 'optional' | 'notRecommended',
    { normal: string; alternate: string }
  >;
  /** Snackbar colours: success light green, warning gold, note grey. */
  snackbar: Record<'success' | 'warning' | 'note', { background: string; text: string }>;
}

declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandColours;
  }
  interface PaletteOptions {
    brand?: BrandColours;
  }
}

export const brand: BrandColours = {
  footer: '#16324f',
  gold: '#f2b632',
  accept: '#2e7d32',
  cancel: '#c62828',
  disabled: '#9e9e9e',
  alternateRowColour: '#f3f6f9',
  highlight: '#fff4cc',
  background: '#f5f7fa',
  editBackground: '#fffdf4',
  excelGreen: '#217346',
  pdfRed: '#d93025',
  validationSuccess: '#2e7d32',
  validationError: '#d32f2f',
  notification: '#d32f2f',
  unread: '#e8f0fe',
  rows: {
    disabled: { normal: '#eeeeee', alternate: '#e4e4e4' },
    recommended: { normal: '#e8f5e9', alternate: '#dcefdd' },
    optional: { normal: '#fffde7', alternate: '#fff8cc' },
    notRecommended: { normal: '#ffebee', alternate: '#fbdde1' },
  },
  snackbar: {
    success: { background: '#b9e4bb', text: '#10361a' },
    warning: { background: '#f2b632', text: '#2b1d00' },
    note: { background: '#5f6368', text: '#ffffff' },
  },
};

/**
 * MUI links and buttons with an `href` navigate inside the SPA; addresses off the site (http:, mailto:)
 * stay plain anchors.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, Omit<RouterLinkProps, 'to'> & { href: string }>(
  function LinkBehavior({ href, ...other }, ref) {
    if (/^(https?:|mailto:|tel:)/.test(href)) return <a ref={ref} href={href} {...other} />;
    return <RouterLink ref={ref} to={href} {...other} />;
  },
);

export const theme = createTheme({
  palette: {
    // Every palette colour reads at WCAG AA (4.5:1) as text on white and on the app's background (an outlined
    // chip, a text button), and under its contrast text (a filled chip): MUI's own warning and info
    // (#ed6c02, #0288d1) do neither, so they are darker here, and the contrast text is chosen at 4.5:1 too.
    contrastThreshold: 4.5,
    primary: { main: '#1f4e79' },
    secondary: { main: '#3f6e8c' },
    warning: { main: '#a14a00' },
    info: { main: '#0869a6' },
    background: { default: brand.background },
    brand,
  },
  shape: { borderRadius: 8 },
  components: {
    MuiLink: { defaultProps: { component: LinkBehavior } },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
  },
});
