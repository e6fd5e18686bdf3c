/** The component library: its routes and the global-search provider of every component kind. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { TenantCache } from '../../lib/tenant-cache.ts';
import { componentRoutes } from './routes.ts';
import { componentSearch } from './search.ts';

export function componentsModule({ database }: ModuleDeps): ModuleManifest {
  const lists = new TenantCache<Buffer>();
  return {
    routes: componentRoutes(database, lists),
    searchProviders: [componentSearch],
    close: database.onChange((payload) => lists.onChange(payload)),
  };
}
