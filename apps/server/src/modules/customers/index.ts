/** Customers and their items (issue 6): routes and the global-search provider. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';

export function customerRoutes(_app: FastifyInstance, _database: Database): void {}

export const customerSearchProviders: SearchProvider[] = [];
