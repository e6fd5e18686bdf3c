/** Price lists (enterprise, ADR 21): the routes and the `priceList` import target. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { PRICE_LIST_TARGETS } from './import-targets.ts';
import { priceListRoutes } from './routes.ts';

export function priceListsModule(_deps: ModuleDeps): ModuleManifest {
  return { routes: priceListRoutes(), importTargets: PRICE_LIST_TARGETS };
}
