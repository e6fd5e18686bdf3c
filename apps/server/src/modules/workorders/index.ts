/** Work orders: the routes (create, release, the bench, completion, documents) and the global search. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { workOrderRoutes } from './routes.ts';
import { workOrderSearch } from './search.ts';

export function workOrdersModule(deps: ModuleDeps): ModuleManifest {
  return { routes: workOrderRoutes(deps), searchProviders: [workOrderSearch] };
}
