/** Hose kits: the routes and the global-search provider. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { kitRoutes } from './routes.ts';
import { kitSearch } from './search.ts';

/** `app.ts` hands every module its deps; these routes need none beyond the tenant transaction. */
export function kitsModule(_deps: ModuleDeps): ModuleManifest {
  return {
    routes: kitRoutes(),
    searchProviders: [kitSearch],
  };
}
