import { type LazyPage, page } from '@/lib/lazy-page';

/** Inventory pages by route path (as in `ROUTES`). */
export const INVENTORY_PAGES: Readonly<Record<string, LazyPage>> = {
  '/inventory': page(
    () => import('./pages/inventory-page'),
    (m) => m.InventoryPage,
  ),
  '/inventory/import': page(
    () => import('./pages/stock-take-page'),
    (m) => m.StockTakePage,
  ),
};
