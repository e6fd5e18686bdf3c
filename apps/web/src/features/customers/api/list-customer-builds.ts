import type { HoseAssemblyListItem, HoseKitListItem, ListResponse } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, customerKeys } from './keys';

/** `GET hoseassemblies?customerId=`: the assemblies built for this customer, newest first. */
export const customerAssembliesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...customerKeys.detail(customerId), 'hoseassemblies'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<HoseAssemblyListItem>>(
        `${API}/hoseassemblies?customerId=${encodeURIComponent(customerId)}&itemsPerPage=100`,
        undefined,
        { signal },
      ),
  });

/** `GET hosekits?customerId=`: the kits for this customer, latest change first. */
export const customerKitsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...customerKeys.detail(customerId), 'hosekits'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<HoseKitListItem>>(
        `${API}/hosekits?customerId=${encodeURIComponent(customerId)}&itemsPerPage=100`,
        undefined,
        { signal },
      ),
  });

export function useCustomerAssemblies(customerId: string, isEnabled: boolean) {
  return useQuery({ ...customerAssembliesQueryOptions(customerId), enabled: isEnabled });
}

export function useCustomerKits(customerId: string, isEnabled: boolean) {
  return useQuery({ ...customerKitsQueryOptions(customerId), enabled: isEnabled });
}
