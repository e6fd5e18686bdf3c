/**
 * How far the user's background jobs got, as the server pushes it (`job:progress` on the notifications
 * socket). A page showing a job takes the larger of this and the progress it reads from the API: on the
 * embedded database a long import holds the one connection, so its stored progress only arrives at the end.
 */
import { create } from 'zustand';

interface JobProgressState {
  /** Percent by job id. */
  progress: Record<string, number>;
  report: (jobId: string, progress: number) => void;
  /** Signed out: nothing of the last user stays. */
  reset: () => void;
}

export const useJobProgressStore = create<JobProgressState>()((set) => ({
  progress: {},
  report: (jobId, progress) =>
    set((state) => ({
      progress: { ...state.progress, [jobId]: Math.max(progress, state.progress[jobId] ?? 0) },
    })),
  reset: () => set({ progress: {} }),
}));

/** The pushed progress of one job (0 when none arrived, or without a job). */
export function useJobProgress(jobId: string | null | undefined): number {
  return useJobProgressStore((state) => (jobId ? (state.progress[jobId] ?? 0) : 0));
}
