import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';
import { AuthProvider } from './auth-provider';
import { ConfigGate } from './config-gate';
import { router } from './router';

const queryClient = createQueryClient();
const navigateAfterSignIn = (to: string, options: { replace: boolean }) => void router.navigate(to, options);

/** Providers from the outside in: server state, theme, the public config, identity, then the router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ConfigGate>
          {(config) => (
            <AuthProvider config={config} navigate={navigateAfterSignIn}>
              <RouterProvider router={router} />
            </AuthProvider>
          )}
        </ConfigGate>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
