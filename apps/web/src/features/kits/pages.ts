import type { LazyPage } from '@/lib/lazy-page';
import { page } from '@/lib/lazy-page';

const detail = page(
  () => import('./pages/detail-page'),
  (m) => m.DetailPage,
);
const edit = page(
  () => import('./pages/edit-page'),
  (m) => m.EditPage,
);

/** Hose kit pages by route path (as in `ROUTES`). */
export const KIT_PAGES: Readonly<Record<string, LazyPage>> = {
  '/hosekits': page(
    () => import('./pages/list-page'),
    (m) => m.ListPage,
  ),
  '/hosekits/new': edit,
  '/customer/:customerId/hosekits/new': edit,
  '/hosekit/:hoseKitId': detail,
  '/hosekit/:hoseKitId/:initialTab': detail,
  '/hosekit/:hoseKitId/edit': edit,
  '/hosekit/:hoseKitId/edit/:editType': edit,
};
