import type { LookupEntry, LookupList } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** `GET productgroups | suppliers | locations`: the organisation's `{ code, name }` list. */
export const getLookupQueryOptions = (list: LookupList) =>
  queryOptions({
    queryKey: componentKeys.lookup(list),
    queryFn: ({ signal }) => api.get<LookupEntry[]>(`${ORG_API}/${list}`, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export function useLookup(list: LookupList) {
  return useQuery(getLookupQueryOptions(list));
}
