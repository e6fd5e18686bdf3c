/**
 * The public pages as HTML, for the build (scripts/prerender.mjs): the signed-out home page and /features in
 * the app shell a visitor sees, with the same components, theme and translations as the app, and the CSS
 * they use. The visitor's page then shows at once and loads only visitor.ts; the contact form
 * becomes live when first touched (contact-island.tsx).
 */
import '@/lib/i18n';
import { Auth0Context, initialContext } from '@auth0/auth0-react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { pageTitle } from '@hosewright/domain';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, type Theme, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppShell } from '@/app/shell/app-shell';
import { TopBar } from '@/app/shell/top-bar';
import { CentredProgress } from '@/components/centred-progress';
import { ContactForm, MESSAGE_MIN_ROWS } from '@/features/marketing/components/contact-form';
import { FeaturesPage } from '@/features/marketing/pages/features-page';
import { HomePage } from '@/features/marketing/pages/home-page';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';
import { CONTACT_ID_PREFIX, CONTACT_ISLAND } from './contact-island-id';

/** The paths pre-rendered, and the file each is written to in dist. */
export const PUBLIC_PAGES = { '/': 'home', '/features': 'features' } as const;
export type PublicPath = keyof typeof PUBLIC_PAGES;

/** The identity SDK as a visitor's page sees it once it has looked: nobody signed in. */
const VISITOR = { ...initialContext, isLoading: false, isAuthenticated: false };

/** The widths the page is drawn for: a phone (MUI's xs) and anything wider. */
const PHONE_WIDTH = 390;
const WIDE_WIDTH = 1280;

/** The theme with `useMediaQuery` answering as on a screen `width` pixels wide (the server has no screen). */
function themeAt(width: number): Theme {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, px]) =>
      side === 'min' ? width >= Number(px) : width <= Number(px),
    );
  return createTheme(theme, {
    components: {
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: matches(query) }) } },
    },
  });
}

/**
 * What depends on the screen's width in JavaScript (`useMediaQuery`), drawn for both widths; CSS shows the
 * one that fits. Only for parts without element ids, which would then appear twice.
 */
function BothWidths({ children }: { children: (wide: boolean) => ReactNode }) {
  return (
    <>
      <Box sx={{ display: { xs: 'none', sm: 'contents' } }}>
        <ThemeProvider theme={themeAt(WIDE_WIDTH)}>{children(true)}</ThemeProvider>
      </Box>
      <Box sx={{ display: { xs: 'contents', sm: 'none' } }}>
        <ThemeProvider theme={themeAt(PHONE_WIDTH)}>{children(false)}</ThemeProvider>
      </Box>
    </>
  );
}

function Page({ path }: { path: PublicPath }) {
  const content = path === '/' ? <HomePage /> : <BothWidths>{() => <FeaturesPage />}</BothWidths>;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AppShell topBar={<BothWidths>{(wide) => <TopBar isXs={!wide} />}</BothWidths>}>{content}</AppShell>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return <RouterProvider router={router} />;
}

/** The providers of the app (src/app/app.tsx) that the public pages use, around `children`. */
function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>
        <Auth0Context.Provider value={VISITOR}>{children}</Auth0Context.Provider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

export interface RenderedPage {
  title: string;
  /** The `<style>` element with the CSS the page uses. */
  styles: string;
  /** The content of `#root`. */
  html: string;
}

/** `node` with the app's providers, as HTML, and the `<style>` element with the CSS it uses. */
function renderWithStyles(node: ReactNode, island?: ReactNode): { html: string; styles: string } {
  const cache = createCache({ key: 'css' });
  // Collect the styles instead of writing them beside each element.
  cache.compat = true;
  const withCache = (children: ReactNode, prefix: string) =>
    renderToString(
      <CacheProvider value={cache}>
        <Providers>{children}</Providers>
      </CacheProvider>,
      { identifierPrefix: prefix },
    );
  let html = withCache(
    <>
      <CssBaseline />
      {node}
    </>,
    'p-',
  );
  const formStart = island ? html.indexOf('<form') : -1;
  if (formStart !== -1) {
    const formEnd = html.indexOf('</form>', formStart) + '</form>'.length;
    html = `${html.slice(0, formStart)}<div ${CONTACT_ISLAND}>${withCache(island, CONTACT_ID_PREFIX)}</div>${html.slice(formEnd)}`;
  }
  const ids: string[] = [];
  let css = '';
  for (const [id, rule] of Object.entries(cache.inserted)) {
    if (typeof rule !== 'string') continue;
    ids.push(id);
    css += rule;
  }
  return { html, styles: `<style data-emotion="css ${ids.join(' ')}">${css}</style>` };
}

/**
 * One public page. The contact form is rendered as a root of its own (the island the visitor's script
 * hydrates), in place of the one inside the page.
 */
export function renderPublicPage(path: PublicPath): RenderedPage {
  const { html, styles } = renderWithStyles(<Page path={path} />, <ContactForm />);
  // MUI sizes a multi-line field in the browser (TextareaAutosize); until then it takes the lines it asks for
  // (MUI's inputs are 1.4375em a line).
  const textarea = `[${CONTACT_ISLAND}] textarea:not([aria-hidden]){min-height:${MESSAGE_MIN_ROWS * 1.4375}em}`;
  return { title: pageTitle(path), styles: `${styles}<style>${textarea}</style>`, html };
}

/**
 * What the app draws first on every other path, while its scripts load and the router loads the page (the
 * root route's fallback in routes.tsx): written into index.html, so a phone shows it as soon as the page has
 * arrived instead of a blank screen. The app's first render then draws the same.
 */
export function renderAppLoading(): Omit<RenderedPage, 'title'> {
  return renderWithStyles(<CentredProgress />);
}
