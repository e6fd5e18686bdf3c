/** Query keys: everything under 'notifications', so one invalidation refreshes every list. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (page: number, itemsPerPage: number, includeHidden: boolean) =>
    ['notifications', 'list', page, itemsPerPage, includeHidden] as const,
};
