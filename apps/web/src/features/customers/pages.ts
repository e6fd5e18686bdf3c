import { type LazyPage, page } from '@/lib/lazy-page';

/** Customer pages by route path (as in `ROUTES`). */
export const CUSTOMER_PAGES: Readonly<Record<string, LazyPage>> = {
  '/customers': page(
    () => import('./pages/customer-list-page'),
    (m) => m.CustomerListPage,
  ),
  '/customers/new': page(
    () => import('./pages/customer-edit-page'),
    (m) => m.CustomerEditPage,
  ),
  '/customer/:customerId': page(
    () => import('./pages/customer-detail-page'),
    (m) => m.CustomerDetailPage,
  ),
  '/customer/:customerId/edit': page(
    () => import('./pages/customer-edit-page'),
    (m) => m.CustomerEditPage,
  ),
  '/customers/import': page(
    () => import('./pages/customer-import-page'),
    (m) => m.CustomersImportPage,
  ),
  '/customers/items/import': page(
    () => import('./pages/customer-import-page'),
    (m) => m.CustomerItemsImportPage,
  ),
};
