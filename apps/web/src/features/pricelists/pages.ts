import type { LazyPage } from '@/lib/lazy-page';

/** Price list pages by route path (as in `ROUTES`); not listed yet: the placeholder. */
export const PRICE_LIST_PAGES: Readonly<Record<string, LazyPage>> = {};
