import { SEARCH_PAGE_SIZE, type SearchResponse, searchResponseSchema } from '@hosewright/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface SearchQuery {
  text: string;
  page?: number;
  itemsPerPage?: number;
}

/** `GET /api/v1/search?searchText=&itemsPerPage=10[&page=]` (SPEC 7). */
export function searchEverything(
  { text, page = 1, itemsPerPage = SEARCH_PAGE_SIZE }: SearchQuery,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const query = new URLSearchParams({ searchText: text, itemsPerPage: String(itemsPerPage) });
  if (page > 1) query.set('page', String(page));
  return api.get(`/api/v1/search?${query}`, searchResponseSchema, signal ? { signal } : {});
}

export const searchQueryOptions = (query: SearchQuery) =>
  queryOptions({
    queryKey: ['search', query.text, query.page ?? 1, query.itemsPerPage ?? SEARCH_PAGE_SIZE],
    queryFn: ({ signal }) => searchEverything(query, signal),
    enabled: query.text.trim() !== '',
    placeholderData: keepPreviousData,
  });

/** The /search page's list. */
export function useSearchPage(query: SearchQuery) {
  return useQuery(searchQueryOptions(query));
}
