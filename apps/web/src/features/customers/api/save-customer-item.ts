import type { CustomerItem, CustomerItemInput } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

export interface SaveCustomerItemVariables {
  customerId: string;
  /** 'new' creates. */
  itemId: string;
  input: CustomerItemInput;
}

/** `POST customer/{id}/item/{itemId}/update`: the server checks our item exists in this organisation. */
export function saveCustomerItem({ customerId, itemId, input }: SaveCustomerItemVariables) {
  return api.post<CustomerItem>(
    `${API}/customer/${encodeURIComponent(customerId)}/item/${encodeURIComponent(itemId)}/update`,
    input,
  );
}

export function useSaveCustomerItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomerItem,
    onSuccess: (_saved, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.items(customerId) }),
  });
}
