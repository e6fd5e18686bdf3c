/** The component library: its routes, the global-search provider and the import target of every component kind. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { TenantCache } from '../../lib/tenant-cache.ts';
import { COMPONENT_TARGETS } from './import-targets.ts';
import { componentRoutes } from './routes.ts';
import { componentSearch } from './search.ts';

export function componentsModule({ database }: ModuleDeps): ModuleManifest {
  const lists = new TenantCache<Buffer>();
  return {
    routes: componentRoutes(lists),
    searchProviders: [componentSearch],
    importTargets: COMPONENT_TARGETS,
    close: database.onChange((payload) => lists.onChange(payload)),
  };
}
