/**
 * A full garbage collection, where the server runs with `--expose-gc` (`npm start` does); a no-op
 * elsewhere (tests). Long batch work calls it now and then: V8 collects the old generation only once it has
 * grown to a multiple of what is live, so a job that makes a lot of short-lived garbage would otherwise
 * raise the process's memory by hundreds of megabytes for its duration.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
