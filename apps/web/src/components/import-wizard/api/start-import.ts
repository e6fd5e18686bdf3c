import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { importKeys, ORG_API } from './paths';

/** `POST imports/{id}/start` with the confirmed mapping: the import runs as a background job. */
export function startImport({
  importId,
  mapping,
}: {
  importId: string;
  mapping: Record<string, string | null>;
}) {
  return api.post<{ importId: string; jobId: string }>(
    `${ORG_API}/imports/${encodeURIComponent(importId)}/start`,
    { mapping },
  );
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    // Not awaited: the progress view must show at once, not after the recent-imports list reloads.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: importKeys.lists() });
    },
  });
}
