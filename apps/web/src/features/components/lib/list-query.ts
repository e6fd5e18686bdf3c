/**
 * The component list's URL query: the grid state plus the filters, under the API's own parameter names
 * (`componentListQuerySchema`), so the query string the user shares is the one the server reads.
 */
import { COMPONENT_SORT_FIELDS, type ComponentKind, type Origin } from '@hosewright/domain';
import type { ComponentListQuery } from '@/api/components';
import { gridStateToQuery, type UrlGridDefaults, type UrlGridState } from '@/components/data-grid/url-state';

export const FILTER_KEYS = [
  'q',
  'brand',
  'series',
  'dash',
  'endType',
  'gender',
  'angle',
  'productGroup',
  'supplier',
  'active',
  'skive',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Filters that hold a comma list (`dash=-8,-6`). */
export const LIST_FILTERS: ReadonlySet<FilterKey> = new Set([
  'brand',
  'series',
  'dash',
  'endType',
  'gender',
  'angle',
  'productGroup',
  'supplier',
]);

/** The filter controls each kind offers, besides the free-text search and the origin tabs. */
export const KIND_FILTERS: Record<ComponentKind, readonly FilterKey[]> = {
  hose: ['dash', 'series', 'brand', 'skive', 'active'],
  crimpFitting: ['dash', 'series', 'endType', 'gender', 'angle', 'brand', 'active'],
  ferrule: ['dash', 'series', 'brand', 'skive', 'active'],
  adaptor: ['angle', 'brand', 'active'],
  wrap: ['brand', 'active'],
  otherItem: ['brand', 'active'],
};

export const LIST_DEFAULTS: UrlGridDefaults = {
  pageSize: 25,
  sort: 'partNumber',
  order: 'asc',
  sortFields: COMPONENT_SORT_FIELDS,
};

export function splitList(value: string | null): string[] {
  return value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

export function hasFilters(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => (params.get(key) ?? '') !== '');
}

/**
 * The list GET's query: paging and sort always explicit, every filter present in the URL, and the origin
 * when the route names one on an all-origins list (`/components/hose/catalogue`).
 */
export function toListQuery(
  params: URLSearchParams,
  state: UrlGridState,
  origin?: Origin,
): ComponentListQuery {
  const query: Record<string, string> = gridStateToQuery(state);
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  if (origin === 'catalogue') query.origin = origin;
  return query;
}
