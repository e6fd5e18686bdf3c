/**
 * Inventory (the contracts in the domain's `inventory/contracts.ts`): on-hand stock, the ledger, the movements
 * people record, reorder points, the low-stock list and the check of a stock take before it starts.
 */
import {
  checkStockCount,
  createStockMovement,
  listHosePieces,
  listInventory,
  listLowStock,
  listStockMovements,
  updateReorderPoint,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { invalidate, type Resource, ROOT_KEYS } from './keys';

export type InventoryQuery = NonNullable<Input<typeof listInventory>['query']>;
export type StockMovementQuery = NonNullable<Input<typeof listStockMovements>['query']>;
export type LowStockQuery = NonNullable<Input<typeof listLowStock>['query']>;
export type HosePieceQuery = NonNullable<Input<typeof listHosePieces>['query']>;
export type ImportMapping = Record<string, string | null>;

const root = ROOT_KEYS.inventory;
export const inventoryKeys = {
  all: root,
  list: (query: InventoryQuery) => [...root, 'list', query] as const,
  movements: (query: StockMovementQuery) => [...root, 'movements', query] as const,
  lowStock: (query: LowStockQuery) => [...root, 'lowstock', query] as const,
  pieces: (query: HosePieceQuery) => [...root, 'pieces', query] as const,
  countCheck: (importId: string, mapping: ImportMapping) =>
    [...root, 'countcheck', importId, mapping] as const,
};

/** A movement changes the stock lines and the stock value each warehouse shows. */
const CHANGES: readonly Resource[] = ['inventory', 'warehouses'];

/** One page of on-hand stock, with the value of everything the filters select. */
export const inventoryListQuery = (query: InventoryQuery) =>
  queryOptions({
    queryKey: inventoryKeys.list(query),
    queryFn: ({ signal }) => call(listInventory, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the ledger, newest first. */
export const stockMovementsQuery = (query: StockMovementQuery) =>
  queryOptions({
    queryKey: inventoryKeys.movements(query),
    queryFn: ({ signal }) => call(listStockMovements, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Items at or below their reorder point, with what to order. */
export const lowStockQuery = (query: LowStockQuery) =>
  queryOptions({
    queryKey: inventoryKeys.lowStock(query),
    queryFn: ({ signal }) => call(listLowStock, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Pieces of hose (reels and remnants) with their batch, date code and shelf life (ADR 19). */
export const hosePiecesQuery = (query: HosePieceQuery) =>
  queryOptions({
    queryKey: inventoryKeys.pieces(query),
    queryFn: ({ signal }) => call(listHosePieces, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * What a stock take would change with this mapping. A POST that writes nothing, so it is read like a query:
 * the same file and mapping answer from the cache.
 */
export const stockCountCheckQuery = (importId: string, mapping: ImportMapping) =>
  queryOptions({
    queryKey: inventoryKeys.countCheck(importId, mapping),
    queryFn: ({ signal }) => call(checkStockCount, { params: { importId }, body: { mapping } }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** Records a receipt, return, adjustment, scrap or transfer. */
export function useCreateStockMovement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input<typeof createStockMovement>['body']) =>
      call(createStockMovement, { body: input }),
    onSuccess: () => invalidate(client, CHANGES),
  });
}

/** Sets or clears the reorder point and quantity of an item in a warehouse. */
export function useUpdateReorderPoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input<typeof updateReorderPoint>['body']) =>
      call(updateReorderPoint, { body: input }),
    onSuccess: () => invalidate(client, ['inventory']),
  });
}
