/**
 * Customers as other pages pick them (the builder, kits, filters): `GET /api/v1/customers?q=` for the
 * active ones matching what was typed, and one customer by id. The customers feature has its own calls.
 */
import type { Customer, ListResponse } from '@hosewright/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { toQueryString } from './query-string';

const lookupKeys = {
  search: (text: string) => ['customer-lookup', 'search', text] as const,
  one: (id: string) => ['customer-lookup', 'one', id] as const,
};

export function useCustomerSearch(text: string, enabled = true) {
  return useQuery({
    queryKey: lookupKeys.search(text),
    queryFn: async ({ signal }) => {
      const query = toQueryString({ q: text.trim() || undefined, itemsPerPage: '20', active: 'true' });
      const data = await api.get<ListResponse<Customer>>(`/api/v1/customers?${query}`, undefined, { signal });
      return data?.items ?? [];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: lookupKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<Customer>(`/api/v1/customer/${encodeURIComponent(id ?? '')}`, undefined, { signal }),
    enabled: !!id,
    retry: false,
  });
}
