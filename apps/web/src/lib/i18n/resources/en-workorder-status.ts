/** The work order statuses' names: the dashboard shows them before any work order page has loaded. */
export const enWorkOrderStatus = {
  draft: 'Draft',
  released: 'Released',
  inProgress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
