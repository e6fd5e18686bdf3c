import type { ContractRoute } from '../../api/contract-route.ts';

export function warehouseRoutes(): ContractRoute[] {
  return [];
}
