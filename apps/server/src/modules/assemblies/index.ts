/** Hose assemblies (issue 5): routes, the public serial lookup and the global-search provider. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';

export function assemblyRoutes(_app: FastifyInstance, _database: Database): void {}

export const assemblySearchProviders: SearchProvider[] = [];
