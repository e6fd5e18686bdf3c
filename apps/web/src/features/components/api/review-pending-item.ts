import type { PendingItem } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

export type ReviewDecision = 'approve' | 'reject';

/** `POST pendingitem/{id}/approve | reject` (admin) with an optional note. */
export function reviewPendingItem({
  id,
  decision,
  note,
}: {
  id: string;
  decision: ReviewDecision;
  note?: string;
}) {
  return api.post<PendingItem>(`${ORG_API}/pendingitem/${encodeURIComponent(id)}/${decision}`, {
    ...(note ? { note } : {}),
  });
}

export function useReviewPendingItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPendingItem,
    // An approval creates a custom component, so lists and counts change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: componentKeys.all }),
  });
}
