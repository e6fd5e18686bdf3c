import { SEARCH_TOTAL_CAP, search } from '@hosewright/domain';
import { implement } from '../../api/contract-route.ts';
import type { ModuleManifest } from '../../api/manifest.ts';
import type { SearchHit, SearchProvider } from './registry.ts';
import { substringSearches } from './substring.ts';

/** Ranked hits of every provider the modules plug in, in one tenant transaction. */
export function searchModule(providers: readonly SearchProvider[]): ModuleManifest {
  const querying = providers.flatMap((p) => ('search' in p ? [p] : []));
  const tables = providers.flatMap((p) => ('substring' in p ? [p] : []));
  return {
    routes: [
      implement(search).inTransaction(async ({ query }, { tx, organizationId }) => {
        const { searchText, itemsPerPage, page } = query;
        if (!searchText) return { items: [], total: 0 };
        const limit = page * itemsPerPage;
        const found: { hits: SearchHit[]; total: number }[] = [];
        // One query after another: a tenant transaction is a single connection.
        for (const provider of querying) {
          found.push(
            await provider.search(tx, { organizationId, text: searchText, limit, cap: SEARCH_TOTAL_CAP }),
          );
        }
        const asked = tables.flatMap((provider) => {
          const match = provider.substring({ organizationId, text: searchText });
          return match ? [{ provider, match }] : [];
        });
        const matched = await substringSearches(
          tx,
          asked.map((a) => a.match),
          { limit, cap: SEARCH_TOTAL_CAP },
        );
        asked.forEach(({ provider }, i) => {
          const { rows = [], total = 0 } = matched[i] ?? {};
          found.push({
            total,
            hits: rows.map((row) => ({ score: Number(row.score), result: provider.result(row) })),
          });
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
      }),
    ],
  };
}
