import { SEARCH_CLEAR_AFTER_CLICK_MS, SEARCH_DEBOUNCE_MS, type SearchResult } from '@hosewright/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchEverything } from '@/api/search';
import { dedupeByUrl } from './format';

export interface GlobalSearchAnswer {
  /** The text these results belong to. */
  text: string;
  items: SearchResult[];
  total: number;
  /** The call failed: shown like an empty answer, with no message. */
  failed: boolean;
}

export interface GlobalSearch {
  text: string;
  /** Empty or null text closes the menu; other text opens it and triggers a (debounced) search. */
  setText: (value: string | null) => void;
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  answer: GlobalSearchAnswer | null;
  /** A search for the current text is waiting for its debounce or its answer. */
  isSearching: boolean;
  /** After a result is clicked, the text and results clear after 1000 ms and clickedLink is emitted. */
  onLinkClicked: () => void;
}

/**
 * The state of the global search field: `SEARCH_DEBOUNCE_MS` debounce,
 * answers for stale text ignored, results deduplicated by url, 'no results' on 0 or failure.
 */
export function useGlobalSearch({ onClickedLink }: { onClickedLink?: () => void } = {}): GlobalSearch {
  const [text, setTextState] = useState('');
  const [isOpen, setOpenState] = useState(false);
  const [answer, setAnswer] = useState<GlobalSearchAnswer | null>(null);
  const [isSearching, setSearching] = useState(false);
  /** The trimmed text whose answer is wanted; an answer for any other text is stale. */
  const wanted = useRef('');
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const clickedLink = useRef(onClickedLink);
  clickedLink.current = onClickedLink;

  const run = useCallback(async (query: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    let next: GlobalSearchAnswer;
    try {
      const response = await searchEverything({ text: query }, controller.signal);
      next = { text: query, items: dedupeByUrl(response.items), total: response.total, failed: false };
    } catch {
      next = { text: query, items: [], total: 0, failed: true };
    }
    if (wanted.current !== query) return;
    if (inFlight.current === controller) inFlight.current = null;
    setAnswer(next);
    setSearching(false);
  }, []);

  const setText = useCallback(
    (value: string | null) => {
      const next = value ?? '';
      setTextState(next);
      clearTimeout(debounceTimer.current);
      const query = next.trim();
      if (query === wanted.current && query !== '') {
        setOpenState(true);
        return;
      }
      wanted.current = query;
      if (query === '') {
        inFlight.current?.abort();
        inFlight.current = null;
        setOpenState(false);
        setAnswer(null);
        setSearching(false);
        return;
      }
      setOpenState(true);
      setSearching(true);
      debounceTimer.current = setTimeout(() => void run(query), SEARCH_DEBOUNCE_MS);
    },
    [run],
  );

  const setOpen = useCallback((open: boolean) => {
    setOpenState(open && wanted.current !== '');
  }, []);

  const onLinkClicked = useCallback(() => {
    setOpenState(false);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      setText('');
      clickedLink.current?.();
    }, SEARCH_CLEAR_AFTER_CLICK_MS);
  }, [setText]);

  useEffect(
    () => () => {
      clearTimeout(debounceTimer.current);
      clearTimeout(clearTimer.current);
      inFlight.current?.abort();
    },
    [],
  );

  return { text, setText, isOpen, setOpen, answer, isSearching, onLinkClicked };
}
