/**
 * Imports of every target: templates, upload, start, logs, and the import job. The targets are declared by
 * the modules that own what they import (their manifests' `importTargets`); `app.ts` composes them with
 * `createImportTargets` and hands them here (ADR 7).
 */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { importRoutes } from './routes.ts';
import { COMPONENT_IMPORT_JOB, importJobHandler } from './service.ts';
import type { ImportTargets } from './targets.ts';

export function importsModule(
  { database }: Pick<ModuleDeps, 'database'>,
  targets: ImportTargets,
): ModuleManifest {
  return {
    routes: importRoutes(database, targets),
    jobHandlers: { [COMPONENT_IMPORT_JOB]: importJobHandler(targets) },
  };
}
