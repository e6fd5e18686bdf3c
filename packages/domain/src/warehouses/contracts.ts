/**
 * Warehouses and their locations (professional and enterprise; a trial answers 996). Members create and
 * edit; only an admin deletes one, and never while it holds stock.
 */
import { z } from 'zod';
import { endpoint, PREMIUM_ADMIN, PREMIUM_MEMBER } from '../api/endpoint.ts';
import { idOrNewParam, idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import { warehouseInputSchema, warehouseListQuerySchema, warehouseSchema } from './warehouses.ts';

const TAG = 'Warehouses';
const WAREHOUSE = 'This warehouse';

export const listWarehouses = endpoint({
  name: 'listWarehouses',
  method: 'GET',
  path: '/api/v1/warehouses',
  tag: TAG,
  summary: 'One page of warehouses and vans with their locations and stock value, searched by code or name',
  access: PREMIUM_MEMBER,
  query: warehouseListQuerySchema,
  response: listResponse(warehouseSchema),
  example: { query: { page: 1, itemsPerPage: 25, sort: 'code', order: 'asc', q: 'main' } },
});

export const getWarehouse = endpoint({
  name: 'getWarehouse',
  method: 'GET',
  path: '/api/v1/warehouse/:warehouseId',
  tag: TAG,
  summary: 'One warehouse with its locations and stock value',
  access: PREMIUM_MEMBER,
  params: z.object({ warehouseId: idParam(WAREHOUSE) }),
  response: warehouseSchema,
  example: (ref) => ({ params: { warehouseId: ref('warehouseId') } }),
});

/** `new` creates; a code belongs to one warehouse; the first warehouse becomes the default. */
export const updateWarehouse = endpoint({
  name: 'updateWarehouse',
  method: 'POST',
  path: '/api/v1/warehouse/:warehouseId/update',
  tag: TAG,
  summary: 'Create (warehouseId new) or change a warehouse and its locations',
  access: PREMIUM_MEMBER,
  params: z.object({ warehouseId: idOrNewParam(WAREHOUSE) }),
  body: warehouseInputSchema,
  response: warehouseSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { warehouseId: ref('warehouseId') },
    body: {
      code: 'VAN-2',
      name: 'Service van 2',
      kind: 'van',
      region: 'Central Alberta',
      locations: [
        { code: 'SHELF-A', name: 'Driver side shelf' },
        { code: 'REEL-1', name: 'Hose reel' },
      ],
    },
  }),
});

export const deleteWarehouse = endpoint({
  name: 'deleteWarehouse',
  method: 'POST',
  path: '/api/v1/warehouse/:warehouseId/delete',
  tag: TAG,
  summary: 'Delete a warehouse that holds no stock and is not the default (admins)',
  access: PREMIUM_ADMIN,
  params: z.object({ warehouseId: idParam(WAREHOUSE) }),
  response: okSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { warehouseId: ref('emptyWarehouseId') } }),
});

export const WAREHOUSES_ENDPOINTS = [listWarehouses, getWarehouse, updateWarehouse, deleteWarehouse];
