import type { LazyPage } from '@/app/lazy-page';

/** Organisation pages by route path (as in `ROUTES`). */
export const ORGANIZATION_PAGES: Readonly<Record<string, LazyPage>> = {};
