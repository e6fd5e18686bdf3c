import type { LazyPage } from '@/app/lazy-page';

/** Customer and hose-kit pages by route path (as in `ROUTES`). */
export const CUSTOMER_PAGES: Readonly<Record<string, LazyPage>> = {};
