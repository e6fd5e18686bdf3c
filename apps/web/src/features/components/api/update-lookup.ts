import type { LookupEntry, LookupList } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** `POST productgroups/update | suppliers/update | locations/update` (admin): the saved list. */
export function updateLookup({ list, items }: { list: LookupList; items: LookupEntry[] }) {
  return api.post<LookupEntry[]>(`${ORG_API}/${list}/update`, { items });
}

export function useUpdateLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLookup,
    onSuccess: (saved, { list }) => queryClient.setQueryData(componentKeys.lookup(list), saved),
  });
}
