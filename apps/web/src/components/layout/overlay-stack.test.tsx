import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { overlays, useOverlayStore } from '@/lib/overlay-store';
import { renderWithProviders } from '@/test/render-app';
import { OverlayStack } from './overlay-stack';

beforeEach(() => useOverlayStore.getState().clear());

describe('overlay stack (app shell and overlay store)', () => {
  it('draws the entries in push order, the last on top, and removes them by id', () => {
    renderWithProviders(<OverlayStack />);
    act(() => {
      overlays.push({ id: 'busy', content: <p>Saving…</p> });
      overlays.push({ id: 'photo', content: <p>Photo</p> });
    });
    const layers = [...document.querySelectorAll('[data-overlay-id]')] as HTMLElement[];
    expect(layers.map((l) => l.dataset.overlayId)).toEqual(['busy', 'photo']);
    expect(Number(getComputedStyle(layers[1]!).zIndex)).toBeGreaterThan(
      Number(getComputedStyle(layers[0]!).zIndex),
    );

    act(() => overlays.push({ id: 'busy', content: <p>Still saving…</p> }));
    expect(useOverlayStore.getState().stack.map((e) => e.id)).toEqual(['photo', 'busy']);
    expect(screen.getByText('Still saving…')).toBeTruthy();

    act(() => overlays.remove('busy'));
    expect(screen.queryByText('Still saving…')).toBeNull();
    expect(screen.getByText('Photo')).toBeTruthy();
  });

  it('asks the top layer to go on Escape or a click on its backdrop', () => {
    const dismissTop = vi.fn();
    const dismissBelow = vi.fn();
    renderWithProviders(<OverlayStack />);
    act(() => {
      overlays.push({ id: 'below', content: <p>Below</p>, onDismiss: dismissBelow });
      overlays.push({ id: 'top', content: <p>Top</p>, onDismiss: dismissTop });
    });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(dismissTop).toHaveBeenCalledTimes(1);
    expect(dismissBelow).not.toHaveBeenCalled();
    fireEvent.click(document.querySelector('[data-overlay-id="top"]')!);
    expect(dismissTop).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByText('Top'));
    expect(dismissTop).toHaveBeenCalledTimes(2);
  });
});
