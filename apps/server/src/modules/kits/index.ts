/** Hose kits (issue 6): routes and the global-search provider. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';

export function kitRoutes(_app: FastifyInstance, _database: Database): void {}

export const kitSearchProviders: SearchProvider[] = [];
