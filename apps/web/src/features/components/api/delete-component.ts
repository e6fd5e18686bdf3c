import type { ComponentKind } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { okResponseSchema } from '@/lib/ok-response';
import { slugOf } from '../lib/kinds';
import { componentKeys, ORG_API } from './paths';

/** `POST {slug}/{id}/delete` (admin; custom and sample items only). */
export function deleteComponent({ kind, id }: { kind: ComponentKind; id: string }) {
  return api.post(`${ORG_API}/${slugOf(kind)}/${encodeURIComponent(id)}/delete`, undefined, okResponseSchema);
}

export function useDeleteComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComponent,
    onSuccess: (_ok, { id }) =>
      queryClient.invalidateQueries({
        queryKey: componentKeys.all,
        // Everything else may have changed; the deleted item itself would only answer 404 now.
        predicate: (query) => !query.queryKey.includes(id),
      }),
  });
}
