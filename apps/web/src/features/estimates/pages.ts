import { type LazyPage, page } from '@/lib/lazy-page';

const create = page(
  () => import('./pages/estimate-new-page'),
  (m) => m.EstimateNewPage,
);
const edit = page(
  () => import('./pages/estimate-edit-page'),
  (m) => m.EstimateEditPage,
);

/** Sales estimate pages by route path (as in `ROUTES`). */
export const ESTIMATE_PAGES: Readonly<Record<string, LazyPage>> = {
  '/salesestimates': page(
    () => import('./pages/estimate-list-page'),
    (m) => m.EstimateListPage,
  ),
  '/salesestimates/new': create,
  '/customer/:customerId/salesestimates/new': create,
  '/salesestimate/:salesEstimateId': page(
    () => import('./pages/estimate-detail-page'),
    (m) => m.EstimateDetailPage,
  ),
  '/salesestimate/:salesEstimateId/edit': edit,
  '/salesestimate/:salesEstimateId/edit/:editType': edit,
};
