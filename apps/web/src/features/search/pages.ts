import type { LazyPage } from '@/lib/lazy-page';
import { page } from '@/lib/lazy-page';

/** The search page by route path (as in `ROUTES`). */
export const SEARCH_PAGES: Readonly<Record<string, LazyPage>> = {
  '/search': page(
    () => import('./pages/search-page'),
    (m) => m.SearchPage,
  ),
};
