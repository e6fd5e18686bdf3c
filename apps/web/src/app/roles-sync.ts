import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUserRoles } from '@/api/session';
import { hasRolesCookie, rolesFetchFailed, storeRoles, useSessionStore } from '@/lib/session';
import { snackbar } from '@/lib/snackbar-store';

/**
 * Roles are held in a cookie and fetched from `/userroles` when it is absent: after a call was refused for a
 * missing role (`forgetRoles`), or when the cookie went while the rest of the session stayed. A failure
 * shows 'Could not get user roles' and keeps the roles the app had.
 */
export function useRolesSync(): void {
  const { t } = useTranslation();
  const status = useSessionStore((s) => s.status);
  const rolesStale = useSessionStore((s) => s.rolesStale);
  // After a failure a missing cookie alone does not ask again; the next refused call does.
  const hasFailed = useRef(false);

  useEffect(() => {
    if (status !== 'ready' || (!rolesStale && (hasRolesCookie() || hasFailed.current))) return;
    let cancelled = false;
    fetchUserRoles().then(
      (answer) => {
        if (cancelled) return;
        hasFailed.current = false;
        storeRoles(answer.userRoles);
      },
      () => {
        if (cancelled) return;
        hasFailed.current = true;
        rolesFetchFailed();
        snackbar.warning(t('guard.userRolesFailed'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, rolesStale, t]);
}
