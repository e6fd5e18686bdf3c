/** Imports of every target: upload, templates, start, logs. */
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { importRoutes } from './routes.ts';

export function importsModule({ config, database }: ModuleDeps): ModuleManifest {
  return { legacy: (app) => importRoutes(app, { database, config }) };
}
