import type { LazyPage } from '@/app/lazy-page';

/** Hose assembly pages by route path (as in `ROUTES`). */
export const ASSEMBLY_PAGES: Readonly<Record<string, LazyPage>> = {};
