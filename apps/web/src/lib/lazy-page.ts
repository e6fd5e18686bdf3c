import type { ComponentType } from 'react';

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** Each page is its own chunk, so the public home page does not carry the signed-in app. */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return async () => ({ Component: pick(await load()) });
}
