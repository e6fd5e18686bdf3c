import type { LazyPage } from '@/lib/lazy-page';

/** Inventory pages by route path (as in `ROUTES`). */
export const INVENTORY_PAGES: Readonly<Record<string, LazyPage>> = {};
