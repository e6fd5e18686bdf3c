/**
 * The hose kit calls (issue 6): list, one revision, the live priced BOM, save (a new kit, in place while
 * unreleased, else the next revision), release, delete; and the pickers' searches (hose assemblies,
 * components, customers).
 */
import type {
  Component,
  HoseAssemblyListItem,
  HoseKit,
  HoseKitComputeResponse,
  HoseKitInputDraft,
  HoseKitListItem,
  ListResponse,
} from '@hosewright/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

import { toQueryString } from '@/lib/query-string';

export const API = '/api/v1';
export const kitPath = (id: string) => `${API}/hosekit/${encodeURIComponent(id)}`;

/** Query keys: everything under 'kits', so one invalidation refreshes lists and details. */
export const kitKeys = {
  all: ['kits'] as const,
  list: (query: string) => ['kits', 'list', query] as const,
  item: (id: string) => ['kits', 'item', id] as const,
  compute: (body: string) => ['kits', 'compute', body] as const,
  assemblies: (text: string) => ['kits', 'assemblies', text] as const,
  components: (text: string) => ['kits', 'components', text] as const,
};

export function useKitList(query: string) {
  return useQuery({
    queryKey: kitKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResponse<HoseKitListItem>>(`${API}/hosekits${query ? `?${query}` : ''}`, undefined, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useKit(id: string | undefined) {
  return useQuery({
    queryKey: kitKeys.item(id ?? ''),
    queryFn: ({ signal }) => api.get<HoseKit>(kitPath(id ?? ''), undefined, { signal }),
    enabled: !!id,
    retry: false,
  });
}

/** `POST hosekits/compute`: the draft's lines priced as the server will save them. */
export function useComputeKit(draft: HoseKitInputDraft | null) {
  const body = draft ? JSON.stringify(draft) : '';
  return useQuery({
    queryKey: kitKeys.compute(body),
    queryFn: ({ signal }) =>
      api.post<HoseKitComputeResponse>(`${API}/hosekits/compute`, draft, undefined, { signal }),
    enabled: !!draft,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** `POST hosekit/{id|new}/update`. */
export function useSaveKit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: HoseKitInputDraft }) =>
      api.post<HoseKit>(`${kitPath(id)}/update`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: kitKeys.all }),
  });
}

export function useReleaseKit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<HoseKit>(`${kitPath(id)}/release`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: kitKeys.all }),
  });
}

export function useDeleteKit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`${kitPath(id)}/delete`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: kitKeys.all }),
  });
}

/** Hose assemblies (latest revisions) by part number or description. */
export function useAssemblySearch(text: string, enabled = true) {
  return useQuery({
    queryKey: kitKeys.assemblies(text),
    queryFn: async ({ signal }) => {
      const query = toQueryString({ q: text.trim() || undefined, itemsPerPage: '20' });
      const data = await api.get<ListResponse<HoseAssemblyListItem>>(
        `${API}/hoseassemblies?${query}`,
        undefined,
        {
          signal,
        },
      );
      return data?.items ?? [];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Components of every kind (active ones) by part number, brand or description. */
export function useComponentSearch(text: string, enabled = true) {
  return useQuery({
    queryKey: kitKeys.components(text),
    queryFn: async ({ signal }) => {
      const query = toQueryString({ q: text.trim() || undefined, itemsPerPage: '20', active: 'true' });
      const data = await api.get<ListResponse<Component>>(`${API}/organization/items?${query}`, undefined, {
        signal,
      });
      return data?.items ?? [];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
