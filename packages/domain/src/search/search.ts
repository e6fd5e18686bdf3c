/** The global search over every searchable type of the caller's organisation. */
import { z } from 'zod';
import { endpoint, MEMBER } from '../api/endpoint.ts';
import { itemsPerPageParam, pageParam } from '../api/schemas.ts';

/** Search results carry one of these object types. */
export const SEARCH_OBJECT_TYPES = [
  'customer',
  'hoseAssembly',
  'hoseKit',
  'workOrder',
  'salesEstimate',
  'hose',
  'crimpFitting',
  'ferrule',
  'wrap',
  'otherItem',
  'adaptor',
] as const;
export type SearchObjectType = (typeof SEARCH_OBJECT_TYPES)[number];

export const searchResultSchema = z.object({
  name: z.string().optional(),
  /** Relative, without the leading slash: the client links to `/{url}`. */
  url: z.string(),
  objectType: z.string(),
  partNumber: z.string().optional(),
  revision: z.string().optional(),
  number: z.string().optional(),
  brand: z.string().optional(),
  description: z.string().optional(),
  domain: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ items: z.array(searchResultSchema), total: z.number().int() });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** The app sends searchText and itemsPerPage (10); the /search page adds page. */
export const searchQuerySchema = z.object({
  searchText: z.string().trim().max(100, 'Search for at most 100 characters').default(''),
  itemsPerPage: itemsPerPageParam(10, 100),
  page: pageParam.transform((p) => Math.min(p, 1000)),
});
/** Totals are counted up to this; beyond it the answer says "at least". */
export const SEARCH_TOTAL_CAP = 200;

export const search = endpoint({
  name: 'search',
  method: 'GET',
  path: '/api/v1/search',
  tag: 'Search',
  summary: 'Ranked hits of every searchable type: customers, assemblies, kits and components',
  access: MEMBER,
  query: searchQuerySchema,
  response: searchResponseSchema,
  example: { query: { searchText: 'jic', itemsPerPage: 10 } },
});

export const SEARCH_ENDPOINTS = [search];
