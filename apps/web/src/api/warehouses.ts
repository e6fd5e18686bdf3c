/**
 * Warehouses (the contracts in the domain's `warehouses/contracts.ts`): the list (the warehouses page and
 * every warehouse picker), one warehouse, and the changes.
 */
import {
  deleteWarehouse,
  getWarehouse,
  listWarehouses,
  updateWarehouse,
  type WarehouseInput,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { invalidate, type Resource, ROOT_KEYS } from './keys';

export type WarehouseListQuery = NonNullable<Input<typeof listWarehouses>['query']>;

const root = ROOT_KEYS.warehouses;
export const warehouseKeys = {
  all: root,
  list: (query: WarehouseListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
};

/** Stock lines name their warehouse and location; the settings name the default warehouse. */
const CHANGES: readonly Resource[] = ['warehouses', 'inventory', 'organization'];

export const warehouseListQuery = (query: WarehouseListQuery) =>
  queryOptions({
    queryKey: warehouseKeys.list(query),
    queryFn: ({ signal }) => call(listWarehouses, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every active warehouse with its locations (up to 500), for pickers. */
export const activeWarehousesQuery = () =>
  queryOptions({
    ...warehouseListQuery({ itemsPerPage: '500', active: 'true' }),
    select: (page) => page.items,
  });

export const warehouseQuery = (id: string) =>
  queryOptions({
    queryKey: warehouseKeys.item(id),
    queryFn: ({ signal }) => call(getWarehouse, { params: { warehouseId: id } }, { signal }),
    enabled: id !== '',
  });

/** `new` creates; the organisation's first warehouse becomes its default. */
export function useSaveWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WarehouseInput }) =>
      call(updateWarehouse, { params: { warehouseId: id }, body: input }),
    onSuccess: (saved) => {
      client.setQueryData(warehouseKeys.item(saved._id), saved);
      void invalidate(client, CHANGES);
    },
  });
}

/** Only an empty warehouse that is not the default can go. */
export function useDeleteWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteWarehouse, { params: { warehouseId: id } }),
    onSuccess: (_ok, id) => invalidate(client, CHANGES, { except: id }),
  });
}
