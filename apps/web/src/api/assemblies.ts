/**
 * Hose assemblies (the contracts in the domain's `assemblies/contracts.ts`): the list, one revision, the
 * builder's live figures, the public serial lookup, and the changes (save, duplicate, delete, build serials).
 * Every screen that lists assemblies (the list page, a customer's builds, the kit editor's picker) reads
 * `assemblyListQuery`, so a save refreshes them all.
 */
import {
  computeHoseAssembly,
  createHoseAssemblySerials,
  deleteHoseAssembly,
  downloadHoseAssemblySpecSheet,
  downloadHoseAssemblyTag,
  duplicateHoseAssembly,
  getHoseAssembly,
  type HoseAssemblyInputDraft,
  listHoseAssemblies,
  lookUpSerial,
  updateHoseAssembly,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { COUNTED_AND_SEARCHED, invalidate, type Resource, ROOT_KEYS } from './keys';

export type AssemblyListQuery = NonNullable<Input<typeof listHoseAssemblies>['query']>;

const root = ROOT_KEYS.hoseAssemblies;
export const assemblyKeys = {
  all: root,
  list: (query: AssemblyListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
  compute: (draft: HoseAssemblyInputDraft | null, revisionOf: string | undefined) =>
    [...root, 'compute', draft, revisionOf ?? null] as const,
  serial: (serialId: string) => [...root, 'serial', serialId] as const,
  bySerial: (serialId: string) => [...root, 'bySerial', serialId] as const,
};

/** An assembly shows in kits (their lines) and in customers' part numbers; it is counted and searched. */
const CHANGES: readonly Resource[] = ['hoseAssemblies', 'hoseKits', 'customers', ...COUNTED_AND_SEARCHED];

/** The latest revision of each assembly, filtered, sorted and paged as `query` says. */
export const assemblyListQuery = (query: AssemblyListQuery) =>
  queryOptions({
    queryKey: assemblyKeys.list(query),
    queryFn: ({ signal }) => call(listHoseAssemblies, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const assemblyQuery = (id: string) =>
  queryOptions({
    queryKey: assemblyKeys.item(id),
    queryFn: ({ signal }) => call(getHoseAssembly, { params: { hoseAssemblyId: id } }, { signal }),
    enabled: id !== '',
    retry: false,
  });

/**
 * The figures of a draft as the server will save them, nothing saved. With the id of the revision being
 * edited, the part number is that of its next revision.
 */
export const assemblyComputeQuery = (draft: HoseAssemblyInputDraft | null, revisionOf?: string) =>
  queryOptions({
    queryKey: assemblyKeys.compute(draft, revisionOf),
    queryFn: ({ signal }) =>
      call(
        computeHoseAssembly,
        { query: { hoseAssemblyId: revisionOf }, body: draft ?? ({} as HoseAssemblyInputDraft) },
        { signal },
      ),
    enabled: !!draft,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

/** What a built unit is, by its serial: public, no token. */
export const publicAssemblyQuery = (serialId: string) =>
  queryOptions({
    queryKey: assemblyKeys.serial(serialId),
    queryFn: ({ signal }) => call(lookUpSerial, { params: { serialId } }, { signal }),
    retry: false,
  });

/**
 * The signed-in user's own assembly a serial names (the latest revision of its part number), or null: the list
 * answers a serial only inside the organisation that built it. A refused call (401, 403) fails the query
 * without leaving the page.
 */
export const assemblyBySerialQuery = (serialId: string) =>
  queryOptions({
    queryKey: assemblyKeys.bySerial(serialId),
    queryFn: async ({ signal }) => {
      const list = await call(
        listHoseAssemblies,
        { query: { serialId, itemsPerPage: 1 } },
        { signal, handleAuthErrors: false },
      );
      return list.items[0] ?? null;
    },
    retry: false,
  });

/** `new` saves revision A; an existing id saves the next revision. */
export function useSaveAssembly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: HoseAssemblyInputDraft }) =>
      call(updateHoseAssembly, { params: { hoseAssemblyId: id }, body: input }),
    onSuccess: () => invalidate(client, CHANGES),
  });
}

export function useDuplicateAssembly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(duplicateHoseAssembly, { params: { hoseAssemblyId: id }, body: {} }),
    onSuccess: () => invalidate(client, CHANGES),
  });
}

export function useDeleteAssembly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteHoseAssembly, { params: { hoseAssemblyId: id } }),
    onSuccess: (_ok, id) => invalidate(client, CHANGES, { except: id }),
  });
}

/** Builds `quantity` units of a revision; each gets a new serial. Answers the new serials. */
export function useBuildSerials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, quantity, replaces }: { id: string; quantity: number; replaces?: string }) =>
      (
        await call(createHoseAssemblySerials, {
          params: { hoseAssemblyId: id },
          body: { quantity, ...(replaces ? { replacesSerialId: replaces } : {}) },
        })
      ).items,
    onSuccess: () => invalidate(client, ['hoseAssemblies']),
  });
}

/** A built unit's tag (the newest unit's unless `serialId` names one), or the spec sheet, as a PDF. */
export function downloadAssemblyDocument(id: string, document: 'tag' | 'specsheet', serialId?: string) {
  const input = { params: { hoseAssemblyId: id }, body: serialId ? { serialId } : {} };
  return document === 'tag'
    ? call(downloadHoseAssemblyTag, input)
    : call(downloadHoseAssemblySpecSheet, input);
}
