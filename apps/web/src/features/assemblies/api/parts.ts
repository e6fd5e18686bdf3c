/**
 * The component library calls the builder needs (the components feature's own hooks are not imported:
 * features stay apart). Hoses by free text, the compatibility of one hose, the adaptors and the wraps.
 */
import type {
  Adaptor,
  CrimpFitting,
  Ferrule,
  FerruleMatch,
  FittingMatch,
  Hose,
  ListResponse,
  SeriesLike,
  Wrap,
} from '@hosewright/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toQueryString } from '@/lib/query-string';
import { assemblyKeys, ORG_API } from './paths';

/** What `GET hose/{id}/compatible` answers: every fitting and ferrule with every reason. */
export interface CompatibleParts {
  hose: Hose;
  series: SeriesLike | null;
  fittings: FittingMatch<CrimpFitting, Ferrule>[];
  ferrules: FerruleMatch<Ferrule>[];
}

function listOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as ListResponse<T>).items)) {
    return (data as ListResponse<T>).items;
  }
  return [];
}

/** `GET hoses?q=&dash=`: part number, brand and description, and the dash; active hoses only. */
export function useHoseSearch(text: string, dash?: string) {
  return useQuery({
    queryKey: [...assemblyKeys.hoses(text), dash ?? ''],
    queryFn: async ({ signal }) => {
      const query = toQueryString({ q: text.trim() || undefined, dash, itemsPerPage: '50', active: 'true' });
      return listOf<Hose>(await api.get<unknown>(`${ORG_API}/hoses?${query}`, undefined, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useHose(id: string | undefined) {
  return useQuery({
    queryKey: assemblyKeys.hose(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<Hose>(`${ORG_API}/hose/${encodeURIComponent(id ?? '')}`, undefined, { signal }),
    enabled: !!id,
  });
}

export function useCompatibleParts(hoseId: string | undefined) {
  return useQuery({
    queryKey: assemblyKeys.compatible(hoseId ?? ''),
    queryFn: ({ signal }) =>
      api.get<CompatibleParts>(`${ORG_API}/hose/${encodeURIComponent(hoseId ?? '')}/compatible`, undefined, {
        signal,
      }),
    enabled: !!hoseId,
  });
}

export function useAdaptors() {
  return useQuery({
    queryKey: assemblyKeys.adaptors(),
    queryFn: async ({ signal }) =>
      listOf<Adaptor>(
        await api.get<unknown>(`${ORG_API}/adaptors?itemsPerPage=500&active=true`, undefined, { signal }),
      ),
    staleTime: 60_000,
  });
}

export function useWraps() {
  return useQuery({
    queryKey: assemblyKeys.wraps(),
    queryFn: async ({ signal }) =>
      listOf<Wrap>(
        await api.get<unknown>(`${ORG_API}/wraps?itemsPerPage=500&active=true`, undefined, { signal }),
      ),
    staleTime: 60_000,
  });
}
