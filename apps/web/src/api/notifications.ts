/**
 * The caller's notifications (the contracts in the domain's `notifications/notifications.ts`): the page's
 * list, and marking or deleting one. The socket pushes the bell's count; these are the REST side.
 */
import {
  type AppNotification,
  deleteNotification,
  listNotifications,
  updateNotification,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { invalidate, ROOT_KEYS } from './keys';

export interface NotificationListQuery {
  page: number;
  itemsPerPage: number;
  /** Include dismissed and archived ones. */
  includeHidden: boolean;
}

const root = ROOT_KEYS.notifications;
export const notificationKeys = {
  all: root,
  list: (query: NotificationListQuery) => [...root, 'list', query] as const,
};

/** Newest first. */
export const notificationListQuery = (query: NotificationListQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) =>
      call(
        listNotifications,
        {
          query: {
            page: query.page,
            itemsPerPage: query.itemsPerPage,
            includeHidden: query.includeHidden ? 'true' : undefined,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export interface UpdateNotificationInput {
  notification: AppNotification;
  viewStatus: number;
}

/** Any view-status code; `then` runs first with the updated notification (the bell's count follows it). */
export function useUpdateNotification(
  then?: (updated: AppNotification, input: UpdateNotificationInput) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, viewStatus }: UpdateNotificationInput) =>
      call(updateNotification, { params: { notificationId: notification.id }, body: { viewStatus } }),
    onSuccess: (updated, input) => {
      then?.(updated, input);
      return invalidate(client, ['notifications']);
    },
  });
}

/** `then` runs first with the deleted notification. */
export function useDeleteNotification(then?: (deleted: AppNotification) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notification: AppNotification) =>
      call(deleteNotification, { params: { notificationId: notification.id } }),
    onSuccess: (_ok, notification) => {
      then?.(notification);
      return invalidate(client, ['notifications']);
    },
  });
}
