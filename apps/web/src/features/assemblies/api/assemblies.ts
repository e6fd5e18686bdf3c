/**
 * The hose assembly calls (issue 5): list, one revision, the live computation, save (a new assembly or a
 * new revision), duplicate, delete, build serials, and the public serial lookup.
 */
import type {
  HoseAssembly,
  HoseAssemblyComputeResponse,
  HoseAssemblyInputDraft,
  HoseAssemblyListItem,
  ListResponse,
  PublicAssembly,
  SerialRecord,
} from '@hosewright/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { API, assemblyKeys, assemblyPath } from './paths';

export function useAssemblyList(query: string) {
  return useQuery({
    queryKey: assemblyKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResponse<HoseAssemblyListItem>>(
        `${API}/hoseassemblies${query ? `?${query}` : ''}`,
        undefined,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAssembly(id: string | undefined) {
  return useQuery({
    queryKey: assemblyKeys.item(id ?? ''),
    queryFn: ({ signal }) => api.get<HoseAssembly>(assemblyPath(id ?? ''), undefined, { signal }),
    enabled: !!id,
    retry: false,
  });
}

/**
 * `POST hoseassemblies/compute`: the figures of a draft, as the server will save them. With the id of the
 * revision being edited, the part number is that of the next revision.
 */
export function useComputeAssembly(draft: HoseAssemblyInputDraft | null, revisionOf?: string) {
  const body = draft ? JSON.stringify(draft) : '';
  const query = revisionOf ? `?hoseAssemblyId=${encodeURIComponent(revisionOf)}` : '';
  return useQuery({
    queryKey: [...assemblyKeys.compute(body), revisionOf ?? ''],
    queryFn: ({ signal }) =>
      api.post<HoseAssemblyComputeResponse>(`${API}/hoseassemblies/compute${query}`, draft, undefined, {
        signal,
      }),
    enabled: !!draft,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** `POST hoseassembly/{id|new}/update`: `new` creates; an existing id saves a new revision. */
export function useSaveAssembly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: HoseAssemblyInputDraft }) =>
      api.post<HoseAssembly>(`${assemblyPath(id)}/update`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: assemblyKeys.all }),
  });
}

export function useDuplicateAssembly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<HoseAssembly>(`${assemblyPath(id)}/duplicate`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: assemblyKeys.all }),
  });
}

export function useDeleteAssembly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`${assemblyPath(id)}/delete`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: assemblyKeys.all }),
  });
}

/** The serials an answer holds, whether the server sends a list or `{ serials }` / `{ items }`. */
export function serialsOf(data: unknown): SerialRecord[] {
  if (Array.isArray(data)) return data as SerialRecord[];
  if (data && typeof data === 'object') {
    const record = data as { serials?: unknown; items?: unknown };
    if (Array.isArray(record.serials)) return record.serials as SerialRecord[];
    if (Array.isArray(record.items)) return record.items as SerialRecord[];
  }
  return [];
}

/** `POST hoseassembly/{id}/serials`: build `quantity` units; each gets a new serial. */
export function useBuildSerials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, quantity, replaces }: { id: string; quantity: number; replaces?: string }) =>
      serialsOf(
        await api.post<unknown>(`${assemblyPath(id)}/serials`, {
          quantity,
          ...(replaces ? { replacesSerialId: replaces } : {}),
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: assemblyKeys.all }),
  });
}

/** `GET qs/{serialId}`: public, no token. */
export function usePublicAssembly(serialId: string) {
  return useQuery({
    queryKey: assemblyKeys.publicSerial(serialId),
    queryFn: ({ signal }) =>
      api.get<PublicAssembly>(`${API}/qs/${encodeURIComponent(serialId)}`, undefined, {
        signal,
        auth: false,
      }),
    retry: false,
  });
}
