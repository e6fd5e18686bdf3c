/** Customers and their items (issue 6): routes and the global-search provider. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { registerCustomerRoutes } from './routes.ts';
import { customerSearch } from './search.ts';

export function customersModule({ database }: ModuleDeps): ModuleManifest {
  return {
    searchProviders: [customerSearch],
    legacy: (app) => registerCustomerRoutes(app, database),
  };
}
