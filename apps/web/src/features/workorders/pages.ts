import { type LazyPage, page } from '@/lib/lazy-page';

const edit = page(
  () => import('./pages/work-order-edit-page'),
  (m) => m.WorkOrderEditPage,
);

/** Work order pages by route path (as in `ROUTES`). */
export const WORK_ORDER_PAGES: Readonly<Record<string, LazyPage>> = {
  '/workorders': page(
    () => import('./pages/work-order-list-page'),
    (m) => m.WorkOrderListPage,
  ),
  '/workorders/new': page(
    () => import('./pages/work-order-new-page'),
    (m) => m.WorkOrderNewPage,
  ),
  '/workorder/:workOrderId': page(
    () => import('./pages/work-order-detail-page'),
    (m) => m.WorkOrderDetailPage,
  ),
  '/workorder/:workOrderId/edit': edit,
  '/workorder/:workOrderId/edit/:editType': edit,
};
