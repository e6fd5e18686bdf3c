import { notificationListSchema } from '@hosewright/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

export interface NotificationListQuery {
  page: number;
  itemsPerPage: number;
  /** Include dismissed and archived ones. */
  includeHidden: boolean;
}

/** `GET /api/v1/notifications`: the signed-in user's notifications, newest first. */
export const getNotificationsQueryOptions = ({ page, itemsPerPage, includeHidden }: NotificationListQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(page, itemsPerPage, includeHidden),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), itemsPerPage: String(itemsPerPage) });
      if (includeHidden) query.set('includeHidden', 'true');
      return api.get(`/api/v1/notifications?${query}`, notificationListSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useNotifications(query: NotificationListQuery) {
  return useQuery(getNotificationsQueryOptions(query));
}
