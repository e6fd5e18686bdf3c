import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snackbar, useSnackbarStore } from '@/lib/snackbar-store';
import { renderWithProviders } from '@/test/render-app';
import { SnackbarHost } from './snackbar-host';

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  for (const kind of ['success', 'warning', 'note'] as const) useSnackbarStore.getState().clear(kind);
  vi.runAllTimers();
});
afterEach(() => vi.useRealTimers());

describe('snackbar host', () => {
  it('shows a success note in light green for 2000 ms, then resets its message after 300 ms', async () => {
    renderWithProviders(<SnackbarHost />);
    act(() => snackbar.success('Hose saved'));
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('Hose saved');
    expect(getComputedStyle(note).backgroundColor).toBe('rgb(185, 228, 187)');
    await wait(1999);
    expect(useSnackbarStore.getState().success.show).toBe(true);
    await wait(1);
    expect(useSnackbarStore.getState().success.show).toBe(false);
    await wait(300);
    expect(useSnackbarStore.getState().success.message).toBe('Complete!');
  });

  it('shows one kind at a time: a warning (gold) replaces a note (grey)', async () => {
    renderWithProviders(<SnackbarHost />);
    act(() => snackbar.note('Thanks'));
    expect(getComputedStyle(screen.getByRole('status')).backgroundColor).toBe('rgb(95, 99, 104)');
    act(() => snackbar.warning('The file could not be read'));
    await wait(500);
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('The file could not be read');
    expect(getComputedStyle(warning).backgroundColor).toBe('rgb(242, 182, 50)');
    expect(screen.queryByText('Thanks')).toBeNull();
  });

  it('links to the url it carries, and closes on its close button', async () => {
    renderWithProviders(<SnackbarHost />);
    act(() => snackbar.success('Import finished', '/components/import?log=1'));
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/components/import?log=1');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(useSnackbarStore.getState().success.show).toBe(false);
  });
});
