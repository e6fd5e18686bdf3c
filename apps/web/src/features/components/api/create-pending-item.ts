import type { PendingItem } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** `POST pendingitems/create` (any member): proposes a new component for an admin to review. */
export function createPendingItem(input: Record<string, unknown>) {
  return api.post<PendingItem>(`${ORG_API}/pendingitems/create`, input);
}

export function useCreatePendingItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPendingItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: componentKeys.pendingAll() }),
  });
}
