/** Sales estimates (ADR 21): the routes (pricing, send, accept, re-check, revise, documents). */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';

export function estimatesModule(_deps: ModuleDeps): ModuleManifest {
  return { routes: [] };
}
