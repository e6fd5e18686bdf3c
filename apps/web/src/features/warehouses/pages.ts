import { type LazyPage, page } from '@/lib/lazy-page';

const edit = page(
  () => import('./pages/warehouse-edit-page'),
  (m) => m.WarehouseEditPage,
);

/** Warehouse pages by route path (as in `ROUTES`). */
export const WAREHOUSE_PAGES: Readonly<Record<string, LazyPage>> = {
  '/warehouses': page(
    () => import('./pages/warehouse-list-page'),
    (m) => m.WarehouseListPage,
  ),
  '/warehouses/new': edit,
  '/warehouse/:warehouseId': page(
    () => import('./pages/warehouse-detail-page'),
    (m) => m.WarehouseDetailPage,
  ),
  '/warehouse/:warehouseId/edit': edit,
  '/warehouse/:warehouseId/edit/:editType': edit,
  '/warehouses/import': page(
    () => import('./pages/warehouse-import-page'),
    (m) => m.WarehouseImportPage,
  ),
};
