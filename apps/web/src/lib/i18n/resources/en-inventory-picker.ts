/** The warehouse and location picker's text: a shared component, so it is in the text every page has. */
export const enInventoryPicker = {
  warehouse: 'Warehouse',
  location: 'Location',
  allWarehouses: 'All warehouses',
  noLocation: 'No location',
  default: 'default',
  none: 'No active warehouse',
  otherWarehouse: 'Another warehouse (inactive)',
  otherLocation: 'Another location',
};
