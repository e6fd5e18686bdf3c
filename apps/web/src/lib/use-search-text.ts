import { useEffect, useRef, useState } from 'react';

/** How long a list's search box waits after the last key before it filters the list. */
export const LIST_SEARCH_DELAY_MS = 300;

/**
 * The text of a list's search box whose search lives in the URL (`value`, usually `?q=`): the box follows
 * every key at once and `onSearch` gets the trimmed text once typing pauses.
 *
 * A change of `value` from elsewhere (the back button, 'Clear filters') shows in the box. A change we sent
 * ourselves never does: React Router renders a navigation as a transition, so the URL we set may render
 * after the user's next key, and copying it into the box then would throw that key away.
 */
export function useSearchText(
  value: string,
  onSearch: (q: string) => void,
  ms = LIST_SEARCH_DELAY_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  // The latest callback, without restarting the pause each time the parent renders.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === lastSent.current.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = trimmed;
      onSearchRef.current(trimmed);
    }, ms);
    return () => clearTimeout(timer);
  }, [text, ms]);

  return [text, setText];
}
