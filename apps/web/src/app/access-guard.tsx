import { useAuth0 } from '@auth0/auth0-react';
import { type AccessRule, AppErrorCode, evaluateAccess, NO_LOGIN_REDIRECT_PATHS } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { rolesAndSubscriptionQuery } from '@/api/session';
import { CentredProgress } from '@/components/centred-progress';
import { isInventoryPath } from '@/components/layout/nav-items';
import { isApiError } from '@/lib/api';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { storeRolesAndSubscription, useSessionStore } from '@/lib/session';

/**
 * The navigation guard (`evaluateAccess` over `ROUTES`). Public routes pass. Otherwise wait for the identity
 * SDK, send visitors to /login (remembering where they were going), wait for roles and subscription (loading
 * them when none are cached), then evaluate the route's rule (`ACCESS_CODES`): 996 -> /upgradesubscription,
 * 997 -> /subscriptionexpired, anything else -> /login.
 */
export function AccessGuard({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { t } = useTranslation();
  const { isLoading, isAuthenticated } = useAuth0();
  const location = useLocation();
  const access = useSessionStore((s) => s.access);
  const status = useSessionStore((s) => s.status);

  // The session start fetches the profile (with roles and subscription) itself; ask separately only when
  // it is done and still nothing is known.
  const isSessionStarting = status === 'idle' || status === 'pending' || status === 'signingOut';
  const needsRoles =
    !rule.public && isAuthenticated && access === null && !isSessionStarting && status !== 'unverified';
  const roles = useQuery({ ...rolesAndSubscriptionQuery(), enabled: needsRoles });

  useEffect(() => {
    if (needsRoles && roles.data) storeRolesAndSubscription(roles.data);
  }, [needsRoles, roles.data]);
  const isStockScreen = isInventoryPath(location.pathname);
  const hideInventory = useOrganizationSetting('hideInventory', {
    enabled: isStockScreen && access !== null,
  });

  if (rule.public) return children;
  if (isLoading) return <CentredProgress label={t('guard.checkingSignIn')} />;
  if (!isAuthenticated) {
    if (NO_LOGIN_REDIRECT_PATHS.includes(location.pathname)) return children;
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ returnTo }} />;
  }
  if (status === 'unverified') return <Navigate to="/verifyemail" replace />;
  if (!access) {
    // No subscription (or no membership): 'Unauthorized to access this resource', on the sign-in page. A
    // token the server no longer takes: sign in again.
    if (isApiError(roles.error, AppErrorCode.Unauthorized)) {
      return (
        <Navigate
          to="/login"
          replace
          state={{ denied: { message: roles.error.message, code: 'unauthorized' } }}
        />
      );
    }
    if (isApiError(roles.error, AppErrorCode.Unauthenticated)) {
      const returnTo = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to="/login" replace state={{ returnTo }} />;
    }
    if (roles.isError) {
      return (
        <Stack sx={{ py: 4, maxWidth: 640 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => roles.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('guard.rolesFailed')}
          </Alert>
        </Stack>
      );
    }
    return <CentredProgress label={t('guard.checkingAccess')} />;
  }

  const decision = evaluateAccess(rule, access);
  if (!decision.allowed) {
    const denied = {
      code: decision.code,
      message: decision.message,
      subscriptions: rule.subscriptions ?? [],
    };
    return <Navigate to={decision.redirect} replace state={{ denied }} />;
  }
  // The organisation's `hideInventory` setting hides the stock screens, not only their navigation entries.
  if (isStockScreen && hideInventory) {
    const isAdmin = access.roles.includes('admin');
    return (
      <Stack sx={{ py: 4, maxWidth: 640 }}>
        <Alert
          severity="info"
          action={
            isAdmin ? (
              <Button color="inherit" component={RouterLink} to="/organization/settings">
                {t('guard.toSettings')}
              </Button>
            ) : undefined
          }
        >
          {isAdmin ? t('guard.inventoryHiddenAdmin') : t('guard.inventoryHidden')}
        </Alert>
      </Stack>
    );
  }
  return children;
}
