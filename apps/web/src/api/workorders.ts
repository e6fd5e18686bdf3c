/**
 * Work orders (the contracts in the domain's `workorders/contracts.ts`): the list, one work order, and
 * everything that changes one: create, edit, release, bench steps, complete, cancel, delete; and its PDFs.
 */
import {
  type BuildStepInput,
  cancelWorkOrder,
  completeWorkOrder,
  createWorkOrder,
  deleteWorkOrder,
  downloadWorkOrderCertificates,
  downloadWorkOrderPickList,
  downloadWorkOrderTags,
  downloadWorkOrderTraveller,
  getWorkOrder,
  listWorkOrders,
  recordBuildStep,
  releaseWorkOrder,
  updateWorkOrder,
  type WorkOrder,
  type WorkOrderCreateDraft,
  type WorkOrderUpdate,
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

export type WorkOrderListQuery = NonNullable<Input<typeof listWorkOrders>['query']>;

const root = ROOT_KEYS.workOrders;
export const workOrderKeys = {
  all: root,
  list: (query: WorkOrderListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
};

/** Release and cancel change what is reserved; completion changes stock, warehouses and built serials. */
const CHANGES: readonly Resource[] = ['workOrders', ...COUNTED_AND_SEARCHED];
const STOCK_CHANGES: readonly Resource[] = [...CHANGES, 'inventory', 'warehouses', 'hoseAssemblies'];

export const workOrderListQuery = (query: WorkOrderListQuery) =>
  queryOptions({
    queryKey: workOrderKeys.list(query),
    queryFn: ({ signal }) => call(listWorkOrders, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const workOrderQuery = (id: string) =>
  queryOptions({
    queryKey: workOrderKeys.item(id),
    queryFn: ({ signal }) => call(getWorkOrder, { params: { workOrderId: id } }, { signal }),
    enabled: id !== '',
  });

/** Every change answers the whole work order: it becomes the cached one, then the lists refresh. */
function saved(client: QueryClient, resources: readonly Resource[]) {
  return (workOrder: WorkOrder) => {
    client.setQueryData(workOrderKeys.item(workOrder._id), workOrder);
    void invalidate(client, resources, { except: workOrder._id });
  };
}

export function useCreateWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkOrderCreateDraft) => call(createWorkOrder, { body: input }),
    onSuccess: saved(client, CHANGES),
  });
}

export function useUpdateWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WorkOrderUpdate }) =>
      call(updateWorkOrder, { params: { workOrderId: id }, body: input }),
    onSuccess: saved(client, CHANGES),
  });
}

/** Reserves the stock (inventory shows it) and numbers the units. */
export function useReleaseWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(releaseWorkOrder, { params: { workOrderId: id } }),
    onSuccess: saved(client, STOCK_CHANGES),
  });
}

export function useRecordBuildStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, unitId, step }: { id: string; unitId: string; step: BuildStepInput }) =>
      call(recordBuildStep, { params: { workOrderId: id, unitId }, body: step }),
    onSuccess: saved(client, CHANGES),
  });
}

/** Consumes the stock and records the units as built serials. */
export function useCompleteWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(completeWorkOrder, { params: { workOrderId: id } }),
    onSuccess: saved(client, STOCK_CHANGES),
  });
}

export function useCancelWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(cancelWorkOrder, { params: { workOrderId: id }, body: { reason } }),
    onSuccess: saved(client, STOCK_CHANGES),
  });
}

export function useDeleteWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteWorkOrder, { params: { workOrderId: id } }),
    onSuccess: (_ok, id) => invalidate(client, CHANGES, { except: id }),
  });
}

export type WorkOrderDocument = 'picklist' | 'traveller' | 'certificates' | 'tags';

/** A work order's PDF as a Blob; `unitId` picks one unit's certificate. */
export function downloadWorkOrderDocument(id: string, document: WorkOrderDocument, unitId?: string) {
  const params = { workOrderId: id };
  switch (document) {
    case 'picklist':
      return call(downloadWorkOrderPickList, { params });
    case 'traveller':
      return call(downloadWorkOrderTraveller, { params });
    case 'tags':
      return call(downloadWorkOrderTags, { params });
    case 'certificates':
      return call(downloadWorkOrderCertificates, { params, body: unitId ? { unitId } : {} });
  }
}
