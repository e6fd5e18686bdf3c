/**
 * Sales estimates (the contracts in the domain's `estimates/contracts.ts`, ADR 21): the list, one estimate,
 * the editor's live prices, the re-check, and everything that changes one: create, update, send, accept,
 * decline, revise, delete; and its PDF and Excel files. Every amount is in minor units of the estimate's
 * currency.
 */
import {
  acceptSalesEstimate,
  createSalesEstimate,
  declineSalesEstimate,
  deleteSalesEstimate,
  downloadSalesEstimatePdf,
  downloadSalesEstimateXlsx,
  type Estimate,
  type EstimateAccept,
  type EstimateCreateInput,
  type EstimatePriceRequest,
  type EstimateUpdate,
  getSalesEstimate,
  listSalesEstimates,
  priceSalesEstimate,
  recheckSalesEstimate,
  reviseSalesEstimate,
  sendSalesEstimate,
  updateSalesEstimate,
} from '@hosewright/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call, type Input } from './call';
import { COUNTED_AND_SEARCHED, invalidate, type Resource, ROOT_KEYS } from './keys';

export type EstimateListQuery = NonNullable<Input<typeof listSalesEstimates>['query']>;

const root = ROOT_KEYS.salesEstimates;
export const estimateKeys = {
  all: root,
  list: (query: EstimateListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
  recheck: (id: string) => [...root, 'recheck', id] as const,
  price: (request: EstimatePriceRequest | null) => [...root, 'price', request] as const,
};

const CHANGES: readonly Resource[] = ['salesEstimates', ...COUNTED_AND_SEARCHED];
/** Accepting makes work orders (ADR 21). */
const ACCEPT_CHANGES: readonly Resource[] = [...CHANGES, 'workOrders'];

export const estimateListQuery = (query: EstimateListQuery) =>
  queryOptions({
    queryKey: estimateKeys.list(query),
    queryFn: ({ signal }) => call(listSalesEstimates, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const estimateQuery = (id: string) =>
  queryOptions({
    queryKey: estimateKeys.item(id),
    queryFn: ({ signal }) => call(getSalesEstimate, { params: { salesEstimateId: id } }, { signal }),
    enabled: id !== '',
  });

/** What changed since the estimate was priced; changes nothing. Read each time the estimate is opened. */
export const estimateRecheckQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: estimateKeys.recheck(id),
    queryFn: ({ signal }) => call(recheckSalesEstimate, { params: { salesEstimateId: id } }, { signal }),
    enabled: enabled && id !== '',
    retry: false,
    staleTime: 0,
  });

/** The editor's lines priced for the customer on the date, nothing saved. */
export const estimatePriceQuery = (request: EstimatePriceRequest | null) =>
  queryOptions({
    queryKey: estimateKeys.price(request),
    queryFn: ({ signal }) =>
      call(priceSalesEstimate, { body: request ?? ({} as EstimatePriceRequest) }, { signal }),
    enabled: !!request,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

/** Every change answers the whole estimate: it becomes the cached one, then the lists refresh. */
function saved(client: QueryClient, resources: readonly Resource[]) {
  return (estimate: Estimate) => {
    client.setQueryData(estimateKeys.item(estimate._id), estimate);
    void invalidate(client, resources, { except: estimate._id });
  };
}

export function useCreateEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EstimateCreateInput) => call(createSalesEstimate, { body: input }),
    onSuccess: saved(client, CHANGES),
  });
}

export function useUpdateEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EstimateUpdate }) =>
      call(updateSalesEstimate, { params: { salesEstimateId: id }, body: input }),
    onSuccess: saved(client, CHANGES),
  });
}

export function useSendEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to, message }: { id: string; to?: string | undefined; message: string }) =>
      call(sendSalesEstimate, {
        params: { salesEstimateId: id },
        body: { ...(to ? { to } : {}), message },
      }),
    onSuccess: saved(client, CHANGES),
  });
}

export function useAcceptEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<EstimateAccept> }) =>
      call(acceptSalesEstimate, { params: { salesEstimateId: id }, body: input }),
    onSuccess: saved(client, ACCEPT_CHANGES),
  });
}

export function useDeclineEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(declineSalesEstimate, { params: { salesEstimateId: id }, body: { reason } }),
    onSuccess: saved(client, CHANGES),
  });
}

/** A new draft revision; the one it revises gains a later revision, so it is read again too. */
export function useReviseEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(reviseSalesEstimate, { params: { salesEstimateId: id } }),
    onSuccess: (estimate) => {
      client.setQueryData(estimateKeys.item(estimate._id), estimate);
      void invalidate(client, CHANGES, { except: estimate._id });
    },
  });
}

export function useDeleteEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteSalesEstimate, { params: { salesEstimateId: id } }),
    onSuccess: (_ok, id) => invalidate(client, CHANGES, { except: id }),
  });
}

export type EstimateDocument = 'pdf' | 'xlsx';

/** The estimate as a PDF or an Excel workbook, as a Blob. */
export function downloadEstimateDocument(id: string, document: EstimateDocument) {
  const params = { salesEstimateId: id };
  return document === 'pdf'
    ? call(downloadSalesEstimatePdf, { params })
    : call(downloadSalesEstimateXlsx, { params });
}
