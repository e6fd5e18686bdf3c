/** Hose kits (issue 6): routes and the global-search provider. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { kitRoutes } from './routes.ts';
import { kitSearch } from './search.ts';

export function kitsModule({ database }: ModuleDeps): ModuleManifest {
  return {
    searchProviders: [kitSearch],
    legacy: (app) => kitRoutes(app, database),
  };
}
