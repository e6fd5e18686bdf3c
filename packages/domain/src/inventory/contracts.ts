/**
 * Inventory (professional and enterprise; a trial answers 996): on-hand stock, the ledger, movements people
 * record, reorder points and the low-stock list, and the check of a stock take before it commits.
 */
import { z } from 'zod';
import { endpoint, PREMIUM_ADMIN, PREMIUM_MEMBER } from '../api/endpoint.ts';
import { idParam, listResponse } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import { importStartSchema } from '../imports/imports.ts';
import {
  hosePieceListQuerySchema,
  hosePieceSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  lowStockQuerySchema,
  lowStockSchema,
  reorderPointInputSchema,
  reorderPointSchema,
  stockCountCheckSchema,
  stockMovementInputSchema,
  stockMovementListQuerySchema,
  stockMovementResultSchema,
  stockMovementSchema,
} from './inventory.ts';

const TAG = 'Inventory';

export const listInventory = endpoint({
  name: 'listInventory',
  method: 'GET',
  path: '/api/v1/inventory',
  tag: TAG,
  summary: 'One page of on-hand stock by item, warehouse and location, with its value at cost',
  access: PREMIUM_MEMBER,
  query: inventoryListQuerySchema,
  response: inventoryListSchema,
  example: (ref) => ({ query: { page: 1, itemsPerPage: 50, warehouseId: ref('warehouseId'), q: 'hose' } }),
});

export const listStockMovements = endpoint({
  name: 'listStockMovements',
  method: 'GET',
  path: '/api/v1/inventory/movements',
  tag: TAG,
  summary: 'One page of the stock ledger, newest first, by item, warehouse or movement type',
  access: PREMIUM_MEMBER,
  query: stockMovementListQuerySchema,
  response: listResponse(stockMovementSchema),
  example: { query: { page: 1, itemsPerPage: 50, type: 'receipt' } },
});

/**
 * One movement, in one transaction with the on-hand figures it changes. Stock never goes below zero unless
 * the organisation allows it (Conflict, with what is on hand); of two calls racing for the last unit one wins.
 */
export const createStockMovement = endpoint({
  name: 'createStockMovement',
  method: 'POST',
  path: '/api/v1/inventory/movements/create',
  tag: TAG,
  summary: 'Record a receipt, return, adjustment, scrap or transfer',
  access: PREMIUM_MEMBER,
  body: stockMovementInputSchema,
  response: stockMovementResultSchema,
  status: 201,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    body: {
      type: 'receipt',
      componentId: ref('hoseId'),
      warehouseId: ref('warehouseId'),
      locationId: null,
      quantity: 50,
      unit: 'm',
      unitCost: 4.2,
      reference: 'PO-10442',
    },
  }),
});

export const updateReorderPoint = endpoint({
  name: 'updateReorderPoint',
  method: 'POST',
  path: '/api/v1/inventory/reorderpoint/update',
  tag: TAG,
  summary: 'Set or clear the reorder point and quantity of an item in a warehouse',
  access: PREMIUM_MEMBER,
  body: reorderPointInputSchema,
  response: reorderPointSchema,
  example: (ref) => ({
    body: {
      componentId: ref('crimpFittingId'),
      warehouseId: ref('warehouseId'),
      reorderPoint: 20,
      reorderQuantity: 100,
      unit: 'each',
    },
  }),
});

export const listLowStock = endpoint({
  name: 'listLowStock',
  method: 'GET',
  path: '/api/v1/inventory/lowstock',
  tag: TAG,
  summary: 'Items a warehouse holds no more of than their reorder point, with what to order',
  access: PREMIUM_MEMBER,
  query: lowStockQuerySchema,
  response: listResponse(lowStockSchema),
  example: { query: { page: 1, itemsPerPage: 50 } },
});

/** The stock take's differences from the ledger, with the mapping the import would use; writes nothing. */
export const checkStockCount = endpoint({
  name: 'checkStockCount',
  method: 'POST',
  path: '/api/v1/inventory/import/:importId/check',
  tag: TAG,
  summary: 'Check an uploaded stock take and list what it would change, before starting it (admins)',
  access: PREMIUM_ADMIN,
  params: z.object({ importId: idParam('This import') }),
  body: importStartSchema,
  response: stockCountCheckSchema,
  example: (ref) => ({
    params: { importId: ref('stockCountImportId') },
    body: {
      mapping: {
        'Part number': 'partNumber',
        Warehouse: 'warehouseCode',
        Location: 'locationCode',
        Counted: 'counted',
        Unit: 'unit',
      },
    },
  }),
});

/** Hose stocked by length, piece by piece: reels and remnants with their batch and date code (ADR 19). */
export const listHosePieces = endpoint({
  name: 'listHosePieces',
  method: 'GET',
  path: '/api/v1/inventory/pieces',
  tag: TAG,
  summary:
    'One page of the pieces of hose in stock (reels and remnants), with batch, date code and shelf life',
  access: PREMIUM_MEMBER,
  query: hosePieceListQuerySchema,
  response: listResponse(hosePieceSchema),
  example: (ref) => ({ query: { page: 1, itemsPerPage: 50, componentId: ref('hoseId'), remnants: 'true' } }),
});

export const INVENTORY_ENDPOINTS = [
  listInventory,
  listStockMovements,
  createStockMovement,
  updateReorderPoint,
  listLowStock,
  checkStockCount,
  listHosePieces,
];
