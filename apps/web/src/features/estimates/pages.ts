import type { LazyPage } from '@/lib/lazy-page';

/** Sales estimate pages by route path (as in `ROUTES`); not listed yet: the placeholder. */
export const ESTIMATE_PAGES: Readonly<Record<string, LazyPage>> = {};
