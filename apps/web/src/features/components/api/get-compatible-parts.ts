import type { CrimpFitting, Ferrule, FerruleMatch, FittingMatch, Hose, SeriesLike } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** What the server's `matchParts` answers for a hose: every fitting and ferrule, with every reason. */
export interface CompatibleParts {
  hose: Hose;
  series: SeriesLike | null;
  fittings: FittingMatch<CrimpFitting, Ferrule>[];
  ferrules: FerruleMatch<Ferrule>[];
}

/** `GET hose/{id}/compatible`. */
export const getCompatiblePartsQueryOptions = (hoseId: string) =>
  queryOptions({
    queryKey: componentKeys.compatible(hoseId),
    queryFn: ({ signal }) =>
      api.get<CompatibleParts>(`${ORG_API}/hose/${encodeURIComponent(hoseId)}/compatible`, undefined, {
        signal,
      }),
  });

export function useCompatibleParts(hoseId: string) {
  return useQuery(getCompatiblePartsQueryOptions(hoseId));
}
