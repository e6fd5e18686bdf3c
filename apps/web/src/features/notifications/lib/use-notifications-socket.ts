import { useAuth0 } from '@auth0/auth0-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidate } from '@/api/keys';
import { notificationKeys } from '@/api/notifications';
import { useJobProgressStore } from '@/lib/job-progress-store';
import { clearOrganizationSettings, SETTINGS_DEPENDENT } from '@/lib/organization-settings';
import { getStoredAccessToken, storeAccessToken, useSessionStore } from '@/lib/session';
import { useSettingsStore } from '@/lib/settings-store';
import { useNotificationsStore } from './notifications-store';

/**
 * Keeps the notifications socket open while someone is signed in with a ready session, and closes
 * it, forgetting their notifications, when they sign out. The socket's code (socket.io) loads only then, after
 * the page has drawn, so no page waits for it.
 */
export function useNotificationsSocket(): void {
  const { isAuthenticated, getAccessTokenSilently } = useAuth0();
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.profile?.userId);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isAuthenticated || status !== 'ready' || !userId) return;
    // The same token the API calls send: from the settings in API mode, otherwise the identity SDK's
    // (kept in the access-token cookie, `ACCESS_TOKEN_COOKIE`), or the cookie when the SDK cannot answer.
    const getToken = async () => {
      const settings = useSettingsStore.getState();
      if (settings.isApi) return settings.accessToken ?? undefined;
      try {
        const token = await getAccessTokenSilently();
        if (token) storeAccessToken(token);
        return token || getStoredAccessToken();
      } catch {
        return getStoredAccessToken();
      }
    };
    let stop: (() => void) | undefined;
    let closed = false;
    void import('./notifications-socket').then(({ connectNotifications }) => {
      if (closed) return;
      stop = connectNotifications({
        userId,
        getToken,
        onChange: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        // Another admin's change to the settings: load them again, and what depends on them (no reload).
        onSettingsChanged: () => {
          clearOrganizationSettings();
          void invalidate(queryClient, SETTINGS_DEPENDENT);
        },
      });
    });
    return () => {
      closed = true;
      stop?.();
      useNotificationsStore.getState().reset();
      useJobProgressStore.getState().reset();
    };
  }, [isAuthenticated, status, userId, getAccessTokenSilently, queryClient]);
}
