import type { CustomerItem, ListResponse } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `GET customer/{id}/items`: the customer's own part numbers (up to 500, sorted by their part number). */
export const listCustomerItemsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.items(customerId),
    queryFn: ({ signal }) =>
      api.get<ListResponse<CustomerItem>>(
        `${API}/customer/${encodeURIComponent(customerId)}/items?itemsPerPage=500`,
        undefined,
        { signal },
      ),
  });

export function useCustomerItems(customerId: string) {
  return useQuery(listCustomerItemsQueryOptions(customerId));
}
