import type { Customer, CustomerInput } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `POST customer/{id}/update` (`new` creates, within the plan's customer limit): the saved customer. */
export function saveCustomer({ id, input }: { id: string; input: CustomerInput }): Promise<Customer> {
  return api.post<Customer>(`${API}/customer/${encodeURIComponent(id)}/update`, input);
}

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomer,
    onSuccess: (saved) => {
      queryClient.setQueryData(customerKeys.detail(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
