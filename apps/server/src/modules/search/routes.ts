import { SEARCH_TOTAL_CAP, type SearchResponse, searchQuerySchema } from '@hosewright/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { parseOrThrow } from '../../lib/errors.ts';
import { MEMBER } from '../auth/access.ts';
import { authOf } from '../auth/plugin.ts';
import type { SearchRegistry } from './registry.ts';

/** `GET /api/v1/search?searchText=&itemsPerPage=10[&page=]`: ranked hits of every registered type. */
export function searchRoutes(app: FastifyInstance, database: Database, providers: SearchRegistry): void {
  app.get('/api/v1/search', { config: { access: MEMBER } }, async (request): Promise<SearchResponse> => {
    const { searchText, itemsPerPage, page } = parseOrThrow(searchQuerySchema, request.query ?? {});
    if (!searchText) return { items: [], total: 0 };
    const { organizationId } = authOf(request);
    const limit = page * itemsPerPage;
    const found = await database.withTenant(organizationId, async (tx) => {
      const all = [];
      // One transaction, one provider after another: a tenant transaction is a single connection.
      for (const provider of providers) {
        all.push(
          await provider.search(tx, { organizationId, text: searchText, limit, cap: SEARCH_TOTAL_CAP }),
        );
      }
      return all;
    });
    const hits = found.flatMap((f) => f.hits).sort((a, b) => b.score - a.score);
    const seen = new Set<string>();
    const unique = hits.filter((h) => !seen.has(h.result.url) && seen.add(h.result.url));
    return {
      items: unique.slice((page - 1) * itemsPerPage, limit).map((h) => h.result),
      total: Math.min(
        found.reduce((sum, f) => sum + f.total, 0),
        SEARCH_TOTAL_CAP,
      ),
    };
  });
}
