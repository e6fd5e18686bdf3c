import type { AppNotification } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { okResponseSchema } from '@/lib/ok-response';
import { useNotificationsStore } from '../lib/notifications-store';
import { notificationKeys } from './keys';

/** `POST /api/v1/notification/{id}/delete`. */
export function deleteNotification(notification: AppNotification) {
  return api.post(
    `/api/v1/notification/${encodeURIComponent(notification.id)}/delete`,
    undefined,
    okResponseSchema,
  );
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_ok, notification) => {
      useNotificationsStore.getState().remove(notification.id, notification.viewStatus);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
