import type { Component } from '@hosewright/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from './get-list';
import { componentKeys } from './paths';

/**
 * `GET {hoses|customhoses|crimpfittings|...}?page&itemsPerPage&sort&order&q&...`: one page of components.
 * `query` is the list query string (from the URL), so the cache key is exactly what the server is asked.
 */
export const getComponentListQueryOptions = (path: string, query: string) =>
  queryOptions({
    queryKey: componentKeys.list(path, query),
    queryFn: ({ signal }) => getList<Component>(path, new URLSearchParams(query), signal),
    placeholderData: keepPreviousData,
  });

export function useComponentList(path: string, query: string, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getComponentListQueryOptions(path, query), enabled: options.isEnabled ?? true });
}
