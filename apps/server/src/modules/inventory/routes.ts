/**
 * The inventory contracts (`INVENTORY_ENDPOINTS`): on-hand stock, the ledger, movements, reorder points,
 * the low-stock list and the stock take's check. Access is the contracts' (professional and enterprise
 * members; admins check a stock take).
 */
import {
  checkStockCount as checkStockCountEndpoint,
  createStockMovement as createStockMovementEndpoint,
  listHosePieces as listHosePiecesEndpoint,
  listInventory as listInventoryEndpoint,
  listLowStock as listLowStockEndpoint,
  listStockMovements as listStockMovementsEndpoint,
  updateReorderPoint as updateReorderPointEndpoint,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import { checkStockCount } from './import-targets.ts';
import { listHosePieces } from './pieces.ts';
import {
  createStockMovement,
  listInventory,
  listLowStock,
  listStockMovements,
  updateReorderPoint,
} from './service.ts';

export function inventoryRoutes(): ContractRoute[] {
  return [
    implement(listInventoryEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listInventory(tx, organizationId, query),
    ),

    implement(listStockMovementsEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listStockMovements(tx, organizationId, query),
    ),

    implement(createStockMovementEndpoint).inTransaction(({ body }, { tx, organizationId, userId }) =>
      createStockMovement(tx, organizationId, userId, body),
    ),

    implement(updateReorderPointEndpoint).inTransaction(({ body }, { tx, organizationId }) =>
      updateReorderPoint(tx, organizationId, body),
    ),

    implement(listLowStockEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listLowStock(tx, organizationId, query),
    ),

    implement(checkStockCountEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      checkStockCount(tx, organizationId, params.importId, body.mapping),
    ),

    implement(listHosePiecesEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listHosePieces(tx, organizationId, query),
    ),
  ];
}
