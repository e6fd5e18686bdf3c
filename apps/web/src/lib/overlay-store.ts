import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * The overlay store: a stack of entries with id. The app shell draws them over the page, the last one
 * on top (full-screen busy layers, a photo viewer, a scanner view). Pushing an id that is already on the
 * stack moves it to the top with its new content.
 */
export interface OverlayEntry {
  id: string;
  /** What the layer shows; it covers the viewport and decides its own look. */
  content: ReactNode;
  /** Escape or a click on the backdrop asks the layer to go (default: it stays until removed). */
  onDismiss?: () => void;
}

interface OverlayState {
  stack: OverlayEntry[];
  push: (entry: OverlayEntry) => void;
  remove: (id: string) => void;
  clear: () => void;
}

export const useOverlayStore = create<OverlayState>()((set) => ({
  stack: [],
  push: (entry) => set((state) => ({ stack: [...state.stack.filter((e) => e.id !== entry.id), entry] })),
  remove: (id) => set((state) => ({ stack: state.stack.filter((e) => e.id !== id) })),
  clear: () => set({ stack: [] }),
}));

/** Shortcuts for code outside components. */
export const overlays = {
  push: (entry: OverlayEntry) => useOverlayStore.getState().push(entry),
  remove: (id: string) => useOverlayStore.getState().remove(id),
};
