import type { LazyPage } from '@/app/lazy-page';

/** Hose kit pages by route path (as in `ROUTES`). */
export const KIT_PAGES: Readonly<Record<string, LazyPage>> = {};
