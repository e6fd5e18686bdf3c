import { SNACKBAR_RESET_MS } from '@hosewright/domain';
import { create } from 'zustand';

/** The snackbars: three kinds, each with a show flag, a message and an optional link. */
export type SnackbarKind = 'success' | 'warning' | 'note';

export interface SnackbarEntry {
  show: boolean;
  message: string;
  url?: string;
}

export const SNACKBAR_DEFAULTS: Record<SnackbarKind, string> = {
  success: 'Complete!',
  warning: 'Undefined error',
  note: 'Thank you for using the product',
};

const KINDS: readonly SnackbarKind[] = ['success', 'warning', 'note'];

interface SnackbarState extends Record<SnackbarKind, SnackbarEntry> {
  /** Show one kind; the other two hide, so that only one message is on screen. */
  show: (kind: SnackbarKind, message?: string, url?: string) => void;
  /** Hide one kind; its message returns to the default after the exit animation (`SNACKBAR_RESET_MS`). */
  clear: (kind: SnackbarKind) => void;
}

const resetTimers: Partial<Record<SnackbarKind, ReturnType<typeof setTimeout>>> = {};

function hidden(kind: SnackbarKind): SnackbarEntry {
  return { show: false, message: SNACKBAR_DEFAULTS[kind] };
}

export const useSnackbarStore = create<SnackbarState>()((set, get) => ({
  success: hidden('success'),
  warning: hidden('warning'),
  note: hidden('note'),
  show: (kind, message, url) => {
    const pending = resetTimers[kind];
    if (pending) clearTimeout(pending);
    delete resetTimers[kind];
    const next: Partial<Record<SnackbarKind, SnackbarEntry>> = {};
    for (const other of KINDS) {
      if (other !== kind) next[other] = { ...get()[other], show: false };
    }
    next[kind] = { show: true, message: message || SNACKBAR_DEFAULTS[kind], ...(url ? { url } : {}) };
    set(next);
  },
  clear: (kind) => {
    set({ [kind]: { ...get()[kind], show: false } });
    const pending = resetTimers[kind];
    if (pending) clearTimeout(pending);
    resetTimers[kind] = setTimeout(() => {
      delete resetTimers[kind];
      if (!get()[kind].show) set({ [kind]: hidden(kind) });
    }, SNACKBAR_RESET_MS);
  },
}));

/** Shortcuts for code outside components (API handlers, mutations). */
export const snackbar = {
  success: (message?: string, url?: string) => useSnackbarStore.getState().show('success', message, url),
  warning: (message?: string, url?: string) => useSnackbarStore.getState().show('warning', message, url),
  note: (message?: string, url?: string) => useSnackbarStore.getState().show('note', message, url),
};
