/**
 * Hose assemblies: the contracts' routes, the public serial lookup, the global-search providers (part number
 * and description, and serial) and the import target.
 */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { ASSEMBLY_TARGETS } from './import-targets.ts';
import { assemblyRoutes } from './routes.ts';
import { assemblySearch, assemblySerialSearch } from './search.ts';

export function assembliesModule(deps: ModuleDeps): ModuleManifest {
  return {
    routes: assemblyRoutes(deps),
    searchProviders: [assemblySearch, assemblySerialSearch],
    importTargets: ASSEMBLY_TARGETS,
  };
}
