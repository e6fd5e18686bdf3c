/**
 * The component library (the contracts in the domain's `components/contracts.ts`): each kind's lists and
 * items, the every-kind `items` search, compatibility, coupling series, crimp specs, lookup lists, the next
 * part number, sample data and pending items, and the changes to them. The library page, the assembly
 * builder, the kit editor and the customer's part numbers all read from here.
 */
import {
  approvePendingItem,
  COMPONENT_KIND_ENDPOINTS,
  type ComponentKind,
  type ComponentOf,
  createPendingItem,
  deleteSampleData,
  getCompatibleParts,
  getComponent,
  getNextPartNumber,
  getSampleData,
  kindFromSlug,
  type ListResponse,
  LOOKUP_ENDPOINTS,
  type LookupEntry,
  type LookupList,
  listComponents,
  listCouplingSeriesDetails,
  listCrimpSpecs,
  type listHoses,
  listPendingItems,
  loadSampleData,
  type PendingStatus,
  rejectPendingItem,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input, orEmptyPage } from './call';
import { COUNTED_AND_SEARCHED, invalidate, type Resource, ROOT_KEYS } from './keys';

/** Every component list takes the same query (`componentListQuerySchema`). */
export type ComponentListQuery = NonNullable<Input<typeof listHoses>['query']>;
export type ComponentItemsQuery = NonNullable<Input<typeof listComponents>['query']>;
/** The lists of a kind: every origin (`hoses`), or the shop's own (`customhoses`). */
export type ListWhich = 'all' | 'custom';

const root = ROOT_KEYS.components;
export const componentKeys = {
  all: root,
  list: (kind: ComponentKind, which: ListWhich, query: ComponentListQuery) =>
    [...root, 'list', kind, which, query] as const,
  items: (query: ComponentItemsQuery) => [...root, 'items', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
  compatible: (hoseId: string) => [...root, 'compatible', hoseId] as const,
  crimpSpecs: (hoseId: string) => [...root, 'crimpspecs', hoseId] as const,
  couplingSeries: () => [...root, 'couplingseries'] as const,
  lookup: (list: LookupList) => [...root, 'lookup', list] as const,
  nextPartNumber: () => [...root, 'nextpartnumber'] as const,
  sampleData: () => [...root, 'sampledata'] as const,
  pending: (status: PendingStatus | 'all') => [...root, 'pending', status] as const,
};

/** Assemblies and kits are priced and checked with the library's parts; customers' part numbers name them. */
const CHANGES: readonly Resource[] = [
  'components',
  'hoseAssemblies',
  'hoseKits',
  'customers',
  ...COUNTED_AND_SEARCHED,
];

/**
 * One page of a kind's components. Like every organisation list, a list that cannot be had shows as an
 * empty page 1.
 */
export const componentListQuery = <K extends ComponentKind>(
  kind: K,
  which: ListWhich,
  query: ComponentListQuery,
) =>
  queryOptions({
    queryKey: componentKeys.list(kind, which, query),
    queryFn: ({ signal }) => {
      // Other items have only the shop's own list.
      const [all, custom = all] = COMPONENT_KIND_ENDPOINTS[kind].lists;
      const list = call(which === 'custom' ? custom : all, { query }, { signal });
      return orEmptyPage(list as Promise<ListResponse<ComponentOf<K>>>, signal);
    },
    placeholderData: keepPreviousData,
  });

/** Components of every kind (or of `query.kind`), by part number, brand or description. */
export const componentItemsQuery = (query: ComponentItemsQuery) =>
  queryOptions({
    queryKey: componentKeys.items(query),
    queryFn: ({ signal }) => call(listComponents, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** One component by the slug of its page (`hose`, ..., or `item` for any kind) and its id. */
export const componentQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: componentKeys.item(id),
    queryFn: ({ signal }) => {
      const kind = kindFromSlug(slug);
      return kind
        ? call(COMPONENT_KIND_ENDPOINTS[kind].get, { params: { [`${kind}Id`]: id } }, { signal })
        : call(getComponent, { params: { itemId: id } }, { signal });
    },
  });

/** Which fittings and ferrules fit a hose, with every reason for each that does not. */
export const compatiblePartsQuery = (hoseId: string) =>
  queryOptions({
    queryKey: componentKeys.compatible(hoseId),
    queryFn: ({ signal }) => call(getCompatibleParts, { params: { hoseId } }, { signal }),
    enabled: hoseId !== '',
  });

/** A hose's crimp diameter, tolerance and die per fitting series, by revision. */
export const crimpSpecsQuery = (hoseId: string) =>
  queryOptions({
    queryKey: componentKeys.crimpSpecs(hoseId),
    queryFn: ({ signal }) => call(listCrimpSpecs, { params: { hoseId } }, { signal }),
  });

/** Each coupling series with how many hoses, fittings and ferrules belong to it. */
export const couplingSeriesQuery = () =>
  queryOptions({
    queryKey: componentKeys.couplingSeries(),
    queryFn: ({ signal }) => call(listCouplingSeriesDetails, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** The organisation's product groups, suppliers or locations. */
export const lookupQuery = (list: LookupList) =>
  queryOptions({
    queryKey: componentKeys.lookup(list),
    queryFn: ({ signal }) => call(LOOKUP_ENDPOINTS[list].list, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** The next free custom part number in the organisation's pattern. */
export const nextPartNumberQuery = () =>
  queryOptions({
    queryKey: componentKeys.nextPartNumber(),
    queryFn: ({ signal }) => call(getNextPartNumber, undefined, { signal }),
    staleTime: 0,
  });

/** Whether the sample catalogue is loaded, and how many items it holds. */
export const sampleDataQuery = () =>
  queryOptions({
    queryKey: componentKeys.sampleData(),
    queryFn: ({ signal }) => call(getSampleData, undefined, { signal }),
  });

/**
 * Proposed items, of every status unless one is named; a member sees only their own. An organisation list:
 * empty when it cannot be had.
 */
export const pendingItemsQuery = (status?: PendingStatus) =>
  queryOptions({
    queryKey: componentKeys.pending(status ?? 'all'),
    queryFn: ({ signal }) => orEmptyPage(call(listPendingItems, { query: { status } }, { signal }), signal),
  });

/** The component form's values: the kind's fields, checked by the form against the kind's schema. */
export type ComponentBody = Record<string, unknown>;

export interface SaveComponentVariables {
  kind: ComponentKind;
  /** 'new' creates. */
  id: string;
  input: ComponentBody;
}

export function useSaveComponent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, input }: SaveComponentVariables) =>
      call(COMPONENT_KIND_ENDPOINTS[kind].update, {
        params: { [`${kind}Id`]: id },
        body: input as Input<(typeof COMPONENT_KIND_ENDPOINTS)[typeof kind]['update']>['body'],
      }),
    onSuccess: (saved) => {
      client.setQueryData(componentKeys.item(saved._id), saved);
      void invalidate(client, CHANGES);
    },
  });
}

/** Custom and sample items only. */
export function useDeleteComponent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ComponentKind; id: string }) =>
      call(COMPONENT_KIND_ENDPOINTS[kind].delete, { params: { [`${kind}Id`]: id } }),
    onSuccess: (_ok, { id }) => invalidate(client, CHANGES, { except: id }),
  });
}

/** Any member proposes a component for an admin to review. */
export function useCreatePendingItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ComponentBody) =>
      call(createPendingItem, { body: input as Input<typeof createPendingItem>['body'] }),
    onSuccess: () => invalidate(client, ['components']),
  });
}

export type ReviewDecision = 'approve' | 'reject';

/** An approval makes a custom component, so lists and counts change too. */
export function useReviewPendingItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: ReviewDecision; note?: string }) =>
      call(decision === 'approve' ? approvePendingItem : rejectPendingItem, {
        params: { pendingItemId: id },
        body: note ? { note } : {},
      }),
    onSuccess: () => invalidate(client, CHANGES),
  });
}

/** Replaces a lookup list as a whole; answers the saved list. */
export function useUpdateLookup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ list, items }: { list: LookupList; items: LookupEntry[] }) =>
      call(LOOKUP_ENDPOINTS[list].update, { body: { items } }),
    onSuccess: (saved, { list }) => {
      client.setQueryData(componentKeys.lookup(list), saved);
      void invalidate(client, ['components']);
    },
  });
}

function useSampleDataChange(contract: typeof loadSampleData | typeof deleteSampleData) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(contract),
    onSuccess: (state) => {
      client.setQueryData(componentKeys.sampleData(), state);
      void invalidate(client, CHANGES);
    },
  });
}

/** Adds (or reloads) the GEN sample catalogue. */
export const useLoadSampleData = () => useSampleDataChange(loadSampleData);
/** Removes every sample item in one go. */
export const useDeleteSampleData = () => useSampleDataChange(deleteSampleData);
