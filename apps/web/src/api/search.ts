/** The global search (`search`): ranked hits of every searchable type, for the search menu and the page. */
import { SEARCH_PAGE_SIZE, search } from '@hosewright/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { ROOT_KEYS } from './keys';

export interface SearchQuery {
  text: string;
  page?: number;
  itemsPerPage?: number;
}

const root = ROOT_KEYS.search;
export const searchKeys = {
  all: root,
  results: ({ text, page = 1, itemsPerPage = SEARCH_PAGE_SIZE }: SearchQuery) =>
    [...root, text, page, itemsPerPage] as const,
};

/** One page of hits; page 1 is asked without a `page`. */
export function searchEverything(
  { text, page = 1, itemsPerPage = SEARCH_PAGE_SIZE }: SearchQuery,
  signal?: AbortSignal,
) {
  return call(
    search,
    { query: { searchText: text, itemsPerPage, ...(page > 1 ? { page } : {}) } },
    signal ? { signal } : {},
  );
}

export const searchQuery = (query: SearchQuery) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchEverything(query, signal),
    enabled: query.text.trim() !== '',
    placeholderData: keepPreviousData,
  });
