import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `POST customer/{id}/item/{itemId}/delete`. */
export function deleteCustomerItem({ customerId, itemId }: { customerId: string; itemId: string }) {
  return api.post<{ ok: true }>(
    `${API}/customer/${encodeURIComponent(customerId)}/item/${encodeURIComponent(itemId)}/delete`,
    {},
  );
}

export function useDeleteCustomerItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerItem,
    onSuccess: (_done, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.items(customerId) }),
  });
}
