/** The component library: its routes and the global-search provider of every component kind. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { componentRoutes } from './routes.ts';
import { componentSearch } from './search.ts';

export function componentsModule({ database }: ModuleDeps): ModuleManifest {
  return {
    searchProviders: [componentSearch],
    legacy: (app) => componentRoutes(app, database),
  };
}
