import type { Auth0ContextInterface } from '@auth0/auth0-react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';
import { AuthDouble, createAuthDouble } from './auth-double';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

function renderRouter(router: MemoryRouter, auth: Auth0ContextInterface, baseline: boolean) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        {baseline && <CssBaseline />}
        <AuthDouble value={auth}>
          <RouterProvider router={router} />
        </AuthDouble>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, auth };
}

/** The whole app (real routes, guard, shell) at a path, with a double of the identity SDK. */
export function renderApp(path: string, auth: Auth0ContextInterface = createAuthDouble()) {
  return renderRouter(createMemoryRouter(createRoutes(), { initialEntries: [path] }), auth, true);
}

/** A component alone inside the providers and a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  { auth = createAuthDouble(), path = '/' }: { auth?: Auth0ContextInterface; path?: string } = {},
) {
  return renderRouter(
    createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] }),
    auth,
    false,
  );
}
