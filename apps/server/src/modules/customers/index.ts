/** Customers and their items: the routes and the global-search provider. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { customerRoutes } from './routes.ts';
import { customerSearch } from './search.ts';

/** `app.ts` hands every module its deps; these routes need none beyond the tenant transaction. */
export function customersModule(_deps: ModuleDeps): ModuleManifest {
  return {
    routes: customerRoutes(),
    searchProviders: [customerSearch],
  };
}
