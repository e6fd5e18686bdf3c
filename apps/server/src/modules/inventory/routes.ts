import type { ContractRoute } from '../../api/contract-route.ts';

export function inventoryRoutes(): ContractRoute[] {
  return [];
}
