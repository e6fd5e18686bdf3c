import type { Customer, ListResponse } from '@hosewright/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `GET customers?page&itemsPerPage&sort&order&q&active`: one page; `query` is the list's URL query. */
export const listCustomersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResponse<Customer>>(`${API}/customers${query ? `?${query}` : ''}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCustomerList(query: string) {
  return useQuery(listCustomersQueryOptions(query));
}
