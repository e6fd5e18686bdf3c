/** English text of the warehouse pages (Canadian spelling; see en.ts). */
export const enWarehouses = {
  title: 'Warehouses',
};
