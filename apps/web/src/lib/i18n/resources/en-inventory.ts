/** English text of the inventory pages (Canadian spelling; see en.ts). */
export const enInventory = {
  title: 'Inventory',
};
