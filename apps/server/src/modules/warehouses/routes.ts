/**
 * The warehouses contracts (`WAREHOUSES_ENDPOINTS`): warehouses and vans with their locations. Access is the
 * contracts' (members create and edit, admins delete).
 */
import {
  deleteWarehouse as deleteWarehouseEndpoint,
  getWarehouse as getWarehouseEndpoint,
  listWarehouses as listWarehousesEndpoint,
  updateWarehouse as updateWarehouseEndpoint,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import {
  createWarehouse,
  deleteWarehouse,
  getWarehouse,
  listWarehouses,
  updateWarehouse,
} from './service.ts';

export function warehouseRoutes(): ContractRoute[] {
  return [
    implement(listWarehousesEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listWarehouses(tx, organizationId, query),
    ),

    implement(getWarehouseEndpoint).inTransaction(({ params }, { tx, organizationId }) =>
      getWarehouse(tx, organizationId, params.warehouseId),
    ),

    implement(updateWarehouseEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      params.warehouseId === 'new'
        ? createWarehouse(tx, organizationId, body)
        : updateWarehouse(tx, organizationId, params.warehouseId, body),
    ),

    implement(deleteWarehouseEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteWarehouse(tx, organizationId, params.warehouseId);
      return { ok: true };
    }),
  ];
}
