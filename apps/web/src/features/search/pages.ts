import type { LazyPage } from '@/app/lazy-page';
import { page } from '@/app/lazy-page';

/** The search page by route path (as in `ROUTES`). */
export const SEARCH_PAGES: Readonly<Record<string, LazyPage>> = {
  '/search': page(
    () => import('./pages/search-page'),
    (m) => m.SearchPage,
  ),
};
