/** Imports of every target: templates, upload, start, logs. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { importRoutes } from './routes.ts';

export function importsModule({ database }: Pick<ModuleDeps, 'database'>): ModuleManifest {
  return { routes: importRoutes(database) };
}
