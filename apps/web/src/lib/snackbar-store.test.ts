import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_DEFAULTS, snackbar, useSnackbarStore } from './snackbar-store';

beforeEach(() => {
  vi.useFakeTimers();
  for (const kind of ['success', 'warning', 'note'] as const) useSnackbarStore.getState().clear(kind);
  vi.runAllTimers();
});

describe('snackbar store', () => {
  it('has the default messages (SNACKBAR_DEFAULTS)', () => {
    expect(SNACKBAR_DEFAULTS).toEqual({
      success: 'Complete!',
      warning: 'Undefined error',
      note: 'Thank you for using the product',
    });
    const state = useSnackbarStore.getState();
    expect(state.success).toEqual({ show: false, message: 'Complete!' });
    expect(state.warning).toEqual({ show: false, message: 'Undefined error' });
    expect(state.note).toEqual({ show: false, message: 'Thank you for using the product' });
  });

  it('uses the default message when none is given', () => {
    snackbar.warning();
    expect(useSnackbarStore.getState().warning).toEqual({ show: true, message: 'Undefined error' });
  });

  it('shows one kind and hides the other two', () => {
    snackbar.success('Saved');
    snackbar.note('FYI', '/notifications');
    const state = useSnackbarStore.getState();
    expect(state.note).toEqual({ show: true, message: 'FYI', url: '/notifications' });
    expect(state.success.show).toBe(false);
    expect(state.warning.show).toBe(false);
    snackbar.warning('Oops');
    expect(useSnackbarStore.getState().note.show).toBe(false);
    expect(useSnackbarStore.getState().warning.show).toBe(true);
  });

  it('resets the message to its default 300 ms after clearing', () => {
    snackbar.success('Saved');
    useSnackbarStore.getState().clear('success');
    expect(useSnackbarStore.getState().success).toMatchObject({ show: false, message: 'Saved' });
    vi.advanceTimersByTime(299);
    expect(useSnackbarStore.getState().success.message).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect(useSnackbarStore.getState().success).toEqual({ show: false, message: 'Complete!' });
  });

  it('does not reset a snackbar shown again before the reset ran', () => {
    snackbar.success('First');
    useSnackbarStore.getState().clear('success');
    snackbar.success('Second');
    vi.advanceTimersByTime(1000);
    expect(useSnackbarStore.getState().success).toEqual({ show: true, message: 'Second' });
  });
});
