import { beforeEach, describe, expect, it } from 'vitest';
import { createNotification } from '../test-socket';
import { STORE_LIMIT, useNotificationsStore } from './notifications-store';

const store = () => useNotificationsStore.getState();

beforeEach(() => store().reset());

describe('notifications store', () => {
  it('holds the count and the list, newest first, capped', () => {
    store().setCount(2);
    for (let i = 0; i < STORE_LIMIT + 5; i += 1) store().insert(createNotification({ id: `n${i}` }));
    expect(store().count).toBe(2);
    expect(store().notifications).toHaveLength(STORE_LIMIT);
    expect(store().notifications[0]!.id).toBe(`n${STORE_LIMIT + 4}`);
  });

  it('moves the count with a change made here until the server’s count arrives', () => {
    store().setCount(3);
    store().insert(createNotification({ id: 'a', viewStatus: 1 }));
    store().applyUpdate(createNotification({ id: 'a', viewStatus: 2 }), 1);
    expect(store().count).toBe(2);
    expect(store().notifications[0]!.viewStatus).toBe(2);
    store().applyUpdate(createNotification({ id: 'a', viewStatus: 1 }), 2);
    expect(store().count).toBe(3);
    store().applyUpdate(createNotification({ id: 'a', viewStatus: 7 }), 2);
    expect(store().count).toBe(3);
    store().remove('a', 1);
    expect(store().count).toBe(2);
    expect(store().notifications).toEqual([]);
    store().setCount(0);
    store().remove('zzz', 1);
    expect(store().count).toBe(0);
  });

  it('forgets everything on reset', () => {
    store().setCount(5);
    store().insert(createNotification());
    store().reset();
    expect(store()).toMatchObject({ count: 0, notifications: [] });
  });
});
