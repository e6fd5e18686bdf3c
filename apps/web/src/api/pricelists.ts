/**
 * Price lists (the contracts in the domain's `estimates/price-list-contracts.ts`, ADR 21): the list, one
 * list with its versions, a version's items, the margin alerts, the review of the draft, and the changes.
 * Prices are integers in the minor units of the list's currency.
 */
import {
  createPriceList,
  deletePriceList,
  discardPriceListDraft,
  getPriceList,
  listPriceListAlerts,
  listPriceListItems,
  listPriceLists,
  type PriceListDetail,
  type PriceListInput,
  type PriceListItemInput,
  type PriceListPublish,
  type PriceListUpdate,
  publishPriceListDraft,
  removePriceListItem,
  reviewPriceListDraft,
  savePriceListItem,
  updatePriceList,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { invalidate, type Resource, ROOT_KEYS } from './keys';

export type PriceListListQuery = NonNullable<Input<typeof listPriceLists>['query']>;
export type PriceListItemsQuery = NonNullable<Input<typeof listPriceListItems>['query']>;

const root = ROOT_KEYS.priceLists;
export const priceListKeys = {
  all: root,
  list: (query: PriceListListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
  items: (id: string, query: PriceListItemsQuery) => [...root, 'item', id, 'items', query] as const,
  alerts: (id: string) => [...root, 'item', id, 'alerts'] as const,
  review: (id: string, effectiveFrom: string) => [...root, 'item', id, 'review', effectiveFrom] as const,
};

/** A list names its customers, and a customer names its list; estimates are priced by the list in force. */
const CHANGES: readonly Resource[] = ['priceLists', 'customers', 'salesEstimates'];

export const priceListListQuery = (query: PriceListListQuery) =>
  queryOptions({
    queryKey: priceListKeys.list(query),
    queryFn: ({ signal }) => call(listPriceLists, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const priceListQuery = (id: string) =>
  queryOptions({
    queryKey: priceListKeys.item(id),
    queryFn: ({ signal }) => call(getPriceList, { params: { priceListId: id } }, { signal }),
    enabled: id !== '',
  });

/** One page of a version's items (the version in force when `versionId` is left out). */
export const priceListItemsQuery = (id: string, query: PriceListItemsQuery) =>
  queryOptions({
    queryKey: priceListKeys.items(id, query),
    queryFn: ({ signal }) => call(listPriceListItems, { params: { priceListId: id }, query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });

export const priceListAlertsQuery = (id: string) =>
  queryOptions({
    queryKey: priceListKeys.alerts(id),
    queryFn: ({ signal }) => call(listPriceListAlerts, { params: { priceListId: id } }, { signal }),
    enabled: id !== '',
  });

/** What publishing the draft on `effectiveFrom` (YYYY-MM-DD) would change. */
export const priceListReviewQuery = (id: string, effectiveFrom: string) =>
  queryOptions({
    queryKey: priceListKeys.review(id, effectiveFrom),
    queryFn: ({ signal }) =>
      call(
        reviewPriceListDraft,
        { params: { priceListId: id }, query: effectiveFrom ? { effectiveFrom } : {} },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });

/** Every change answers the list as it now is: it replaces the cached one, and the rest refreshes. */
function useListChange<V>(send: (vars: V) => Promise<PriceListDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      client.setQueryData(priceListKeys.item(saved._id), saved);
      void invalidate(client, CHANGES);
    },
  });
}

export function useCreatePriceList() {
  return useListChange((input: PriceListInput) => call(createPriceList, { body: input }));
}

export function useUpdatePriceList(id: string) {
  return useListChange((input: PriceListUpdate) =>
    call(updatePriceList, { params: { priceListId: id }, body: input }),
  );
}

/** Sets one item's price and breaks in the draft (the server starts the draft from the version in force). */
export function useSavePriceListItem(id: string) {
  return useListChange((input: PriceListItemInput) =>
    call(savePriceListItem, { params: { priceListId: id }, body: input }),
  );
}

export function useRemovePriceListItem(id: string) {
  return useListChange((ref: Pick<PriceListItemInput, 'itemType' | 'itemId'>) =>
    call(removePriceListItem, { params: { priceListId: id }, body: ref }),
  );
}

export function usePublishPriceListDraft(id: string) {
  return useListChange((input: PriceListPublish) =>
    call(publishPriceListDraft, { params: { priceListId: id }, body: input }),
  );
}

export function useDiscardPriceListDraft(id: string) {
  return useListChange((_: undefined) => call(discardPriceListDraft, { params: { priceListId: id } }));
}

/** The list and its versions go; saved estimates keep their prices. */
export function useDeletePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deletePriceList, { params: { priceListId: id } }),
    onSuccess: (_ok, id) => invalidate(client, CHANGES, { except: id }),
  });
}
