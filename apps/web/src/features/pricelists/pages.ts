import { type LazyPage, page } from '@/lib/lazy-page';

/** Price list pages by route path (as in `ROUTES`). */
export const PRICE_LIST_PAGES: Readonly<Record<string, LazyPage>> = {
  '/pricelists': page(
    () => import('./pages/price-list-list-page'),
    (m) => m.PriceListListPage,
  ),
  '/pricelists/new': page(
    () => import('./pages/price-list-new-page'),
    (m) => m.PriceListNewPage,
  ),
  '/pricelists/import': page(
    () => import('./pages/price-list-import-page'),
    (m) => m.PriceListImportPage,
  ),
  '/pricelist/:priceListId': page(
    () => import('./pages/price-list-detail-page'),
    (m) => m.PriceListDetailPage,
  ),
  '/pricelist/:priceListId/edit': page(
    () => import('./pages/price-list-edit-page'),
    (m) => m.PriceListEditPage,
  ),
};
