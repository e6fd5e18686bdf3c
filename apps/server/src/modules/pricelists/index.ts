/** Price lists (enterprise, ADR 21): the routes and the `priceList` import target. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';

export function priceListsModule(_deps: ModuleDeps): ModuleManifest {
  return { routes: [] };
}
