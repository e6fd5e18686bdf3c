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

/** The whole app (real routes, guard, shell) at a path, with a double of the identity SDK. */
export function renderApp(path: string, auth: Auth0ContextInterface = createAuthDouble()) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AuthDouble value={auth}>
          <RouterProvider router={router} />
        </AuthDouble>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, auth };
}

/** A component alone inside the providers and a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  { auth = createAuthDouble(), path = '/' }: { auth?: Auth0ContextInterface; path?: string } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <AuthDouble value={auth}>
          <RouterProvider router={router} />
        </AuthDouble>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, auth };
}
