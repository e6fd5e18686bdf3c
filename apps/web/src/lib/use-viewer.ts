import { useAuth0 } from '@auth0/auth0-react';
import { type AccessProfile, type CachedSession, type SessionStatus, useSessionStore } from './session';

export interface Viewer {
  isLoading: boolean;
  isAuthenticated: boolean;
  name: string;
  email: string;
  access: AccessProfile | null;
  profile: CachedSession | null;
  status: SessionStatus;
}

/** Who is looking at the page: the identity SDK's state joined with the cached session. */
export function useViewer(): Viewer {
  const { isLoading, isAuthenticated, user } = useAuth0();
  const profile = useSessionStore((s) => s.profile);
  const access = useSessionStore((s) => s.access);
  const status = useSessionStore((s) => s.status);
  return {
    isLoading,
    isAuthenticated,
    name: profile?.name || user?.name || '',
    email: profile?.email || user?.email || '',
    access: isAuthenticated ? access : null,
    profile: isAuthenticated ? profile : null,
    status,
  };
}
