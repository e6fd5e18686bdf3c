/** Inventory: the stock ledger and on-hand figures, reorder points, and the stock take import target. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { INVENTORY_TARGETS } from './import-targets.ts';
import { inventoryRoutes } from './routes.ts';

export function inventoryModule(_deps: ModuleDeps): ModuleManifest {
  return { routes: inventoryRoutes(), importTargets: INVENTORY_TARGETS };
}
