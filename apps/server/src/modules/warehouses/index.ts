/** Warehouses and their locations: the routes and the warehouse import target. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { WAREHOUSE_TARGETS } from './import-targets.ts';
import { warehouseRoutes } from './routes.ts';

export function warehousesModule(_deps: ModuleDeps): ModuleManifest {
  return { routes: warehouseRoutes(), importTargets: WAREHOUSE_TARGETS };
}
