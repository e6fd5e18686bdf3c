import { useViewer } from '@/lib/use-viewer';

/** Admins edit the library; everyone else may look and suggest (the contracts' `ADMIN` and `MEMBER`). */
export function useIsAdmin(): boolean {
  const { access } = useViewer();
  return access?.roles.includes('admin') ?? false;
}
