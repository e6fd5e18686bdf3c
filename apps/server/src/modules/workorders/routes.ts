/** Scaffold: the work order contracts (`WORK_ORDERS_ENDPOINTS`) with their handlers. */
import type { ContractRoute } from '../../api/contract-route.ts';
import type { ModuleDeps } from '../../api/manifest.ts';

export function workOrderRoutes(_deps: ModuleDeps): ContractRoute[] {
  return [];
}
