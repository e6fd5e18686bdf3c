import { NOT_FOUND_ROUTE, pageTitle } from '@hosewright/domain';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { UpdatePrompt } from '@/components/layout/update-prompt';
import { SnackbarHost } from '@/components/snackbar-host';
import { registerNavigator } from '@/lib/navigation';
import { AccessGuard } from './access-guard';
import { useRolesSync } from './roles-sync';
import type { RouteHandle } from './routes';
import { useSessionSync } from './session-sync';
import { AppShell } from './shell/app-shell';

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}

/** The one layout over every route: title, scroll, session, the guard, and the shell unless headerless. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const access = isRouteHandle(handle) ? handle.access : NOT_FOUND_ROUTE;

  useEffect(() => registerNavigator((to, options) => void navigate(to, options)), [navigate]);

  // "Hosewright - <route name>" (`pageTitle`) on every navigation, and the scroll back at the top.
  useEffect(() => {
    document.title = pageTitle(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);

  useSessionSync();
  useRolesSync();

  const content = (
    <AccessGuard rule={access}>
      <Outlet />
    </AccessGuard>
  );
  return (
    <>
      {access.headerless ? content : <AppShell>{content}</AppShell>}
      <SnackbarHost />
      <UpdatePrompt />
    </>
  );
}
