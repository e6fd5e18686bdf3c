import { create } from 'zustand';

/** Whether the phone's search bottom sheet is open; the top bar and the phone bottom bar both open it. */
export const useSearchSheetStore = create<{ isOpen: boolean; setOpen: (isOpen: boolean) => void }>()(
  (set) => ({
    isOpen: false,
    setOpen: (isOpen) => set({ isOpen }),
  }),
);
