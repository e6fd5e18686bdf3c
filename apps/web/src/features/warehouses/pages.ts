import type { LazyPage } from '@/lib/lazy-page';

/** Warehouse pages by route path (as in `ROUTES`). */
export const WAREHOUSE_PAGES: Readonly<Record<string, LazyPage>> = {};
