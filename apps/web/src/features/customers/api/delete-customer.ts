import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `POST customer/{id}/delete` (admin): the customer and its items go; its assemblies and kits stay. */
export function deleteCustomer(id: string) {
  return api.post<{ ok: true }>(`${API}/customer/${encodeURIComponent(id)}/delete`, {});
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
