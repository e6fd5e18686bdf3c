import { type AppNotification, isUnreadViewStatus } from '@hosewright/domain';
import { create } from 'zustand';

/** The store holds the unread count and a notifications list (newest first). */
interface NotificationsState {
  count: number;
  notifications: AppNotification[];
  /** `notifications:count`. */
  setCount: (count: number) => void;
  /** `notification:new`: put on top, or replace the one with the same id (a reconnect re-sends them). */
  insert: (notification: AppNotification) => void;
  /**
   * A notification changed here (its view status was `previousViewStatus`): the entry, and the count until
   * the server's own count arrives.
   */
  applyUpdate: (notification: AppNotification, previousViewStatus: number) => void;
  /** A notification was deleted here (it had `viewStatus`). */
  remove: (id: string, viewStatus: number) => void;
  /** Signed out: nothing of the last user stays. */
  reset: () => void;
}

/** How many notifications the store keeps; the page pages through the rest. */
export const STORE_LIMIT = 50;

const unread = (viewStatus: number) => Number(isUnreadViewStatus(viewStatus));

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  count: 0,
  notifications: [],
  setCount: (count) => set({ count: Math.max(0, count) }),
  insert: (notification) => {
    const others = get().notifications.filter((n) => n.id !== notification.id);
    set({ notifications: [notification, ...others].slice(0, STORE_LIMIT) });
  },
  applyUpdate: (notification, previousViewStatus) =>
    set({
      notifications: get().notifications.map((n) => (n.id === notification.id ? notification : n)),
      count: Math.max(0, get().count + unread(notification.viewStatus) - unread(previousViewStatus)),
    }),
  remove: (id, viewStatus) =>
    set({
      notifications: get().notifications.filter((n) => n.id !== id),
      count: Math.max(0, get().count - unread(viewStatus)),
    }),
  reset: () => set({ count: 0, notifications: [] }),
}));
