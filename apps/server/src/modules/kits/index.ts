/** Hose kits (issue 6): routes and the global-search provider. */
import type { SearchProvider } from '../search/registry.ts';
import { kitSearch } from './search.ts';

export { kitRoutes } from './routes.ts';

export const kitSearchProviders: SearchProvider[] = [kitSearch];
