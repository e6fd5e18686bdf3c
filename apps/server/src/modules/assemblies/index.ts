/** Hose assemblies (issue 5): routes, the public serial lookup and the global-search provider. */
import type { SearchProvider } from '../search/registry.ts';
import { assemblySearch } from './search.ts';

export { type AssemblyRouteOptions, assemblyRoutes } from './routes.ts';

export const assemblySearchProviders: SearchProvider[] = [assemblySearch];
