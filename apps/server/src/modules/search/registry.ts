/**
 * Global search (the `search` contract, `GET /api/v1/search`). Each feature registers a provider
 * for its object types; the route merges their ranked hits. Providers run inside the caller's tenant
 * transaction and filter by organisation themselves (row-level security backs them up).
 */
import type { SearchResult } from '@hosewright/domain';
import type { Tx } from '../../db/client.ts';

export interface SearchHit {
  result: SearchResult;
  /** Higher is better: 3 exact, 2 prefix, 1 contains, plus trigram similarity (0..1). */
  score: number;
}

export interface SearchProvider {
  name: string;
  /** The best `limit` hits and how many match in all (counted up to `cap`). */
  search(
    tx: Tx,
    input: { organizationId: string; text: string; limit: number; cap: number },
  ): Promise<{ hits: SearchHit[]; total: number }>;
}
