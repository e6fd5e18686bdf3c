/**
 * What a module plugs into the app (ADR 9): its routes (contracts with handlers), search providers, import
 * targets and job handlers. `app.ts` composes the manifests; a new capability is one module folder and one
 * line there.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { ImportTarget } from '../modules/imports/targets.ts';
import type { JobHandlers } from '../modules/jobs/types.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Realtime } from '../modules/realtime/socket.ts';
import type { SearchProvider } from '../modules/search/registry.ts';
import type { ContractRoute } from './contract-route.ts';

export interface ModuleManifest {
  routes?: readonly ContractRoute[];
  searchProviders?: readonly SearchProvider[];
  /** What the module's objects can be imported as; `app.ts` hands them all to the imports module (ADR 7). */
  importTargets?: readonly ImportTarget[];
  /** Background job handlers by job type; `app.ts` hands them all to the job worker. */
  jobHandlers?: JobHandlers;
  /** Called when the app closes (a change-feed subscription to end). */
  close?: () => void;
}

/** What modules are made with. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  realtime: Realtime;
  log: FastifyBaseLogger;
}
