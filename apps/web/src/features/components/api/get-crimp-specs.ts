import type { CrimpSpec } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** `GET hose/{id}/crimpspecs`: crimp diameter, tolerance and die per fitting series, versioned. */
export const getCrimpSpecsQueryOptions = (hoseId: string) =>
  queryOptions({
    queryKey: componentKeys.crimpSpecs(hoseId),
    queryFn: ({ signal }) =>
      api.get<CrimpSpec[]>(`${ORG_API}/hose/${encodeURIComponent(hoseId)}/crimpspecs`, undefined, {
        signal,
      }),
  });

export function useCrimpSpecs(hoseId: string) {
  return useQuery(getCrimpSpecsQueryOptions(hoseId));
}
