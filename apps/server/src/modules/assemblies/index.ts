/** Hose assemblies (issue 5): routes, the public serial lookup and the global-search provider. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { assemblyRoutes } from './routes.ts';
import { assemblySearch } from './search.ts';

export function assembliesModule({ config, database, realtime }: ModuleDeps): ModuleManifest {
  return {
    searchProviders: [assemblySearch],
    legacy: (app) =>
      assemblyRoutes(app, database, { publicUrl: config.publicUrl, sharedCounter: realtime.sharedCounter }),
  };
}
