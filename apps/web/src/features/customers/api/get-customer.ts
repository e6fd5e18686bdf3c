import type { Customer } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `GET customer/{id}`. */
export const getCustomerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<Customer>(`${API}/customer/${encodeURIComponent(id)}`, undefined, { signal }),
  });

export function useCustomer(id: string, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getCustomerQueryOptions(id), enabled: options.isEnabled ?? true });
}
