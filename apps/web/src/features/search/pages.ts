import type { LazyPage } from '@/app/lazy-page';

/** The search page by route path (as in `ROUTES`). */
export const SEARCH_PAGES: Readonly<Record<string, LazyPage>> = {};
