import type { CouplingSeriesDetails } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** `GET couplingseriesdetails`: each series with how many hoses, fittings and ferrules belong to it. */
export const getCouplingSeriesQueryOptions = () =>
  queryOptions({
    queryKey: componentKeys.couplingSeries(),
    queryFn: ({ signal }) =>
      api.get<CouplingSeriesDetails[]>(`${ORG_API}/couplingseriesdetails`, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export function useCouplingSeries() {
  return useQuery(getCouplingSeriesQueryOptions());
}
