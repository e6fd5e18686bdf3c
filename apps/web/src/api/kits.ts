/**
 * Hose kits (the contracts in the domain's `kits/contracts.ts`): the list, one revision, the editor's live
 * priced bill of materials, and the changes (save, release, delete) and the kit PDF. The kits list page and a
 * customer's kits both read `kitListQuery`.
 */
import {
  computeHoseKit,
  deleteHoseKit,
  getHoseKit,
  getHoseKitPdf,
  type HoseKitInputDraft,
  listHoseKits,
  releaseHoseKit,
  updateHoseKit,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { COUNTED_AND_SEARCHED, invalidate, type Resource, ROOT_KEYS } from './keys';

export type KitListQuery = NonNullable<Input<typeof listHoseKits>['query']>;

const root = ROOT_KEYS.hoseKits;
export const kitKeys = {
  all: root,
  list: (query: KitListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
  compute: (draft: HoseKitInputDraft | null) => [...root, 'compute', draft] as const,
};

/** A kit shows in customers' part numbers; it is counted and searched. */
const CHANGES: readonly Resource[] = ['hoseKits', 'customers', ...COUNTED_AND_SEARCHED];

export const kitListQuery = (query: KitListQuery) =>
  queryOptions({
    queryKey: kitKeys.list(query),
    queryFn: ({ signal }) => call(listHoseKits, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const kitQuery = (id: string) =>
  queryOptions({
    queryKey: kitKeys.item(id),
    queryFn: ({ signal }) => call(getHoseKit, { params: { hoseKitId: id } }, { signal }),
    enabled: id !== '',
    retry: false,
  });

/** The draft's lines priced as the server will save them, nothing saved. */
export const kitComputeQuery = (draft: HoseKitInputDraft | null) =>
  queryOptions({
    queryKey: kitKeys.compute(draft),
    queryFn: ({ signal }) => call(computeHoseKit, { body: draft ?? ({} as HoseKitInputDraft) }, { signal }),
    enabled: !!draft,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

/** `new` creates; an unreleased kit changes in place, a released one gets its next revision. */
export function useSaveKit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: HoseKitInputDraft }) =>
      call(updateHoseKit, { params: { hoseKitId: id }, body: input }),
    onSuccess: () => invalidate(client, CHANGES),
  });
}

export function useReleaseKit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(releaseHoseKit, { params: { hoseKitId: id } }),
    onSuccess: () => invalidate(client, CHANGES),
  });
}

export function useDeleteKit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteHoseKit, { params: { hoseKitId: id } }),
    onSuccess: (_ok, id) => invalidate(client, CHANGES, { except: id }),
  });
}

export function downloadKitPdf(id: string) {
  return call(getHoseKitPdf, { params: { hoseKitId: id } });
}
