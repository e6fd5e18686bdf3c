/** Customers and their items (issue 6): routes and the global-search provider. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';
import { registerCustomerRoutes } from './routes.ts';
import { customerSearch } from './search.ts';

export function customerRoutes(app: FastifyInstance, database: Database): void {
  registerCustomerRoutes(app, database);
}

export const customerSearchProviders: SearchProvider[] = [customerSearch];
