/**
 * List state kept in the URL query string (page, page size, sort, filters), so a reload or a shared link
 * shows the same view. The names are the API's list query names (`page`, `itemsPerPage`, `sort`, `order`),
 * so a page can hand its query string to the server almost as it is.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export interface UrlGridDefaults {
  /** Rows per page when the URL says nothing. */
  pageSize?: number;
  /** The page sizes offered; a URL value outside them falls back to `pageSize`. */
  pageSizeOptions?: readonly number[];
  /** The sort when the URL says nothing. */
  sort: string;
  order?: SortOrder;
  /** The fields the server can sort by; anything else in the URL is ignored. */
  sortFields: readonly string[];
}

export interface UrlGridState {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  sort: string;
  order: SortOrder;
}

export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];

/** Reads the grid state from a query string, falling back to the defaults for anything missing or wrong. */
export function readUrlGridState(params: URLSearchParams, defaults: UrlGridDefaults): UrlGridState {
  const options = defaults.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS;
  const fallbackSize = defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('itemsPerPage') ?? '', 10);
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: options.includes(size) ? size : fallbackSize,
    sort: sort && defaults.sortFields.includes(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
  };
}

/** A patch of query values: a string sets, null or '' removes. */
export type QueryPatch = Record<string, string | null | undefined>;

export function applyQueryPatch(params: URLSearchParams, patch: QueryPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The query string as state. `update` merges a patch; any change other than paging goes back to page 1
 * (a new filter or sort on page 7 would otherwise show an empty page).
 */
export function useUrlQuery() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: QueryPatch, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const resetsPage = !('page' in patch) && Object.keys(patch).some((key) => key !== 'itemsPerPage');
          return applyQueryPatch(previous, resetsPage ? { ...patch, page: null } : patch);
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return [params, update] as const;
}

export interface UrlGrid {
  state: UrlGridState;
  defaults: UrlGridDefaults;
  params: URLSearchParams;
  update: ReturnType<typeof useUrlQuery>[1];
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string, order: SortOrder) => void;
}

/** The grid state of the current URL and the setters that write it back. */
export function useUrlGrid(defaults: UrlGridDefaults): UrlGrid {
  const [params, update] = useUrlQuery();
  const state = useMemo(() => readUrlGridState(params, defaults), [params, defaults]);
  const fallbackSize = defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    state,
    defaults,
    params,
    update,
    setPage: (page) => update({ page: page > 1 ? String(page) : null }),
    setPageSize: (pageSize) =>
      update({ itemsPerPage: pageSize === fallbackSize ? null : String(pageSize), page: null }),
    setSort: (sort, order) =>
      update({
        sort: sort === defaults.sort && order === (defaults.order ?? 'asc') ? null : sort,
        order: sort === defaults.sort && order === (defaults.order ?? 'asc') ? null : order,
      }),
  };
}

/** The grid state as API query values (always explicit, so the server and the screen agree). */
export function gridStateToQuery(state: UrlGridState): Record<string, string> {
  return {
    page: String(state.page),
    itemsPerPage: String(state.pageSize),
    sort: state.sort,
    order: state.order,
  };
}
