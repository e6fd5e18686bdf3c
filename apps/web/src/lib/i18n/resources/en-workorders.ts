/** English text of the work order pages (Canadian spelling; see en.ts). */
export const enWorkOrders = {
  title: 'Work orders',
};
