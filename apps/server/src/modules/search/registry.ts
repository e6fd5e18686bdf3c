/**
 * Global search (the `search` contract, `GET /api/v1/search`). Each feature registers a provider
 * for its object types; the route merges their ranked hits. Providers run inside the caller's tenant
 * transaction and filter by organisation themselves (row-level security backs them up).
 */
import type { SearchResult } from '@hosewright/domain';
import type { Tx } from '../../db/client.ts';
import type { SubstringSearch } from './substring.ts';

export interface SearchHit {
  result: SearchResult;
  /** Higher is better: 3 exact, 2 prefix, 1 contains, plus trigram similarity (0..1). */
  score: number;
}

/** A provider that asks its own queries (the component catalogue's indexed function, ADR 6). */
export interface QuerySearchProvider {
  name: string;
  /** The best `limit` hits and how many match in all (counted up to `cap`). */
  search(
    tx: Tx,
    input: { organizationId: string; text: string; limit: number; cap: number },
  ): Promise<{ hits: SearchHit[]; total: number }>;
}

/**
 * A provider over a table a shop keeps by the hundreds (`substring.ts`): what to match, and the result a
 * matching row (an object of the match's `columns`) shows. The route asks every such table in one statement.
 */
export interface SubstringSearchProvider<Row = Record<string, unknown>> {
  name: string;
  /** The match, or nothing when the text cannot name one of these objects. */
  substring(input: { organizationId: string; text: string }): SubstringSearch | undefined;
  result(row: Row): SearchResult;
}

export type SearchProvider = QuerySearchProvider | SubstringSearchProvider;

/** A table's provider, its rows typed by what its `columns` select. */
export function substringProvider<Row>(provider: SubstringSearchProvider<Row>): SearchProvider {
  return provider as unknown as SubstringSearchProvider;
}
