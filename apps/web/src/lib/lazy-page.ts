import type { ComponentType } from 'react';
import { loadAppTranslations } from '@/lib/i18n';

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * Each page is its own chunk, so the public home page does not carry the signed-in app. A page loads with the
 * signed-in pages' text (`loadAppTranslations`), fetched once beside the first page's chunk.
 */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return async () => {
    const [module] = await Promise.all([load(), loadAppTranslations()]);
    return { Component: pick(module) };
  };
}

/**
 * A page whose text is all in `en` (the dashboard, the public pages): it draws without waiting for the other
 * pages' text. `core-text.test.ts` checks that these pages and the shell use no other key.
 */
export function corePage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return async () => ({ Component: pick(await load()) });
}
