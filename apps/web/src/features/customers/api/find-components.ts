import type { Component, ListResponse } from '@hosewright/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { customerKeys } from './keys';

/**
 * Our components whose part number, brand or description holds `text` (the library's `items` list), for
 * choosing what a customer's part number stands for. Empty text asks nothing.
 */
export const findComponentsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: customerKeys.targets('component', text),
    queryFn: ({ signal }) =>
      api.get<ListResponse<Component>>(
        `/api/v1/organization/items?itemsPerPage=20&q=${encodeURIComponent(text)}`,
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useFindComponents(text: string) {
  return useQuery({ ...findComponentsQueryOptions(text), enabled: text.trim().length > 0 });
}
