/** Sales estimates (ADR 21): the routes (pricing, send, accept, re-check, revise, documents) and the search. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { estimateRoutes } from './routes.ts';
import { estimateSearch } from './search.ts';

export function estimatesModule(deps: ModuleDeps): ModuleManifest {
  return { routes: estimateRoutes(deps), searchProviders: [estimateSearch] };
}
