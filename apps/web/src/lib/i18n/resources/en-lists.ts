/** English text shared by every list (the phone cards' sort and paging). */
export const enLists = {
  sortBy: 'Sort by',
  order: 'Order',
  ascending: 'Ascending',
  descending: 'Descending',
  showing: '{{from}}–{{to}} of {{total}}',
};
