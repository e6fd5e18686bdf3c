/** The customer picker of the builder: `GET /api/v1/customers?q=` and one customer by id. */
import type { Customer, ListResponse } from '@hosewright/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toQueryString } from '@/lib/query-string';
import { API, assemblyKeys } from './paths';

export function useCustomerSearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: assemblyKeys.customers(text),
    queryFn: async ({ signal }) => {
      const query = toQueryString({ q: text.trim() || undefined, itemsPerPage: '20', active: 'true' });
      const data = await api.get<ListResponse<Customer>>(`${API}/customers?${query}`, undefined, { signal });
      return data?.items ?? [];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: assemblyKeys.customer(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<Customer>(`${API}/customer/${encodeURIComponent(id ?? '')}`, undefined, { signal }),
    enabled: !!id,
  });
}
