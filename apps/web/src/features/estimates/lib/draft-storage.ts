/**
 * What a clerk typed on an estimate, kept in the tab's `sessionStorage` while they build a new assembly for
 * it in the builder (`lib/estimate-round-trip.ts`), and given back when the builder returns to the page.
 */
import { type EstimateDraft, newLineKey } from './form';

/** The key of the new estimate page's draft (it is always returned to at `/salesestimates/new`). */
export const NEW_DRAFT_KEY = 'estimateDraft:new';
/** The key of a saved draft estimate's edit page. */
export const editDraftKey = (estimateId: string) => `estimateDraft:${estimateId}`;

/** Keeps `draft` under `key`; false when the browser refuses (storage full or turned off). */
export function keepDraft(key: string, draft: EstimateDraft): boolean {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/**
 * The draft kept under `key`, or null. Its lines get new row keys: the counter that made them may have
 * started again since (a reload), and two rows must never share a key.
 */
export function keptDraft(key: string): EstimateDraft | null {
  let draft: unknown;
  try {
    draft = JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (!isDraft(draft)) return null;
  return { ...draft, lines: draft.lines.map((line) => ({ ...line, key: newLineKey() })) };
}

export function forgetDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

function isDraft(value: unknown): value is EstimateDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { details, lines } = value as Partial<EstimateDraft>;
  return typeof details === 'object' && details !== null && Array.isArray(lines);
}
