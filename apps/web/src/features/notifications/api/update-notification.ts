import { type AppNotification, notificationSchema } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useNotificationsStore } from '../lib/notifications-store';
import { notificationKeys } from './keys';

export interface UpdateNotificationInput {
  notification: AppNotification;
  viewStatus: number;
}

/** `POST /api/v1/notification/{id}/update` `{ viewStatus }`: answers the notification. */
export function updateNotification({ notification, viewStatus }: UpdateNotificationInput) {
  return api.post(
    `/api/v1/notification/${encodeURIComponent(notification.id)}/update`,
    { viewStatus },
    notificationSchema,
  );
}

export function useUpdateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotification,
    onSuccess: (updated, { notification }) => {
      useNotificationsStore.getState().applyUpdate(updated, notification.viewStatus);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
