/** Customers and their items: the routes, the global-search provider and their import targets. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { CUSTOMER_TARGETS } from './import-targets.ts';
import { customerRoutes } from './routes.ts';
import { customerSearch } from './search.ts';

/** `app.ts` hands every module its deps; these routes need none beyond the tenant transaction. */
export function customersModule(_deps: ModuleDeps): ModuleManifest {
  return {
    routes: customerRoutes(),
    searchProviders: [customerSearch],
    importTargets: CUSTOMER_TARGETS,
  };
}
