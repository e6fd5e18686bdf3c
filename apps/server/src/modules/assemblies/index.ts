/** Hose assemblies: the contracts' routes, the public serial lookup and the global-search provider. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { assemblyRoutes } from './routes.ts';
import { assemblySearch } from './search.ts';

export function assembliesModule(deps: ModuleDeps): ModuleManifest {
  return {
    routes: assemblyRoutes(deps),
    searchProviders: [assemblySearch],
  };
}
