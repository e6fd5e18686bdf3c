import type { LazyPage } from '@/lib/lazy-page';
import { page } from '@/lib/lazy-page';

const builder = page(
  () => import('./pages/builder-page'),
  (m) => m.BuilderPage,
);
const configurator = page(
  () => import('./pages/configurator-page'),
  (m) => m.ConfiguratorPage,
);

/** Hose assembly pages by route path (as in `ROUTES`). */
export const ASSEMBLY_PAGES: Readonly<Record<string, LazyPage>> = {
  '/hoseassemblies': page(
    () => import('./pages/list-page'),
    (m) => m.ListPage,
  ),
  '/hoseassemblies/new': builder,
  '/customer/:customerId/hoseassemblies/new': builder,
  '/hoseassemblies/import': page(
    () => import('./pages/assembly-import-page'),
    (m) => m.AssemblyImportPage,
  ),
  '/hoseassembly/:hoseAssemblyId/edit': builder,
  '/hoseassembly/:hoseAssemblyId': page(
    () => import('./pages/detail-page'),
    (m) => m.DetailPage,
  ),
  '/qs/:serialId': page(
    () => import('./pages/public-serial-page'),
    (m) => m.PublicSerialPage,
  ),
  '/configurator': configurator,
  '/iframe/hoseassembly': configurator,
};
