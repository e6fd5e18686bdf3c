/** Components in the global search: title partNumber (+ ' - brand'), subtitle description. */
import { COMPONENT_KIND_INFO, type ComponentKind } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';

interface Row {
  id: string;
  kind: ComponentKind;
  part_number: string;
  brand: string;
  description: string;
  score: number;
  total: number;
}

export const componentSearch: SearchProvider = {
  name: 'components',
  async search(tx, { text, limit, cap }) {
    // The function reads the organisation from the tenant transaction's `app.org_id` (ADR 6). It answers
    // part-number prefixes (3 exact, 2 prefix) and then word-prefix matches (1); duplicates are merged.
    const rows = await queryRows<Row>(
      tx,
      sql`select * from hosewright_search_components(${text}, ${limit}, ${cap})`,
    );
    const best = new Map<string, Row>();
    for (const row of rows) {
      const seen = best.get(row.id);
      if (!seen || seen.score < row.score) best.set(row.id, row);
    }
    const hits = [...best.values()].sort(
      (a, b) => b.score - a.score || a.part_number.localeCompare(b.part_number),
    );
    return {
      total: Math.max(rows[0]?.total ?? 0, hits.length),
      hits: hits.map((r) => ({
        score: r.score,
        result: {
          url: `${COMPONENT_KIND_INFO[r.kind].slug}/${r.id}`,
          objectType: r.kind,
          partNumber: r.part_number,
          ...(r.brand ? { brand: r.brand } : {}),
          description: r.description,
        },
      })),
    };
  },
};
