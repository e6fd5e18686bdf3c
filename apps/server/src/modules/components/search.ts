/** Components in the global search: title partNumber (+ ' - brand'), subtitle description. */
import { COMPONENT_KIND_INFO, type ComponentKind, hasLaylineReading, parseLayline } from '@hosewright/domain';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { components } from '../../db/schema.ts';
import type { SearchProvider } from '../search/registry.ts';
import { laylineCondition, visibility } from './service.ts';

interface Row {
  id: string;
  kind: ComponentKind;
  part_number: string;
  brand: string;
  description: string;
  score: number;
  total: number;
}

/**
 * The parts matching a search read as a layline ("2SN -8", "4000", "1/2"), as the component lists read `q`.
 * A layline is printed on hose: hoses come first (scored 1.5), then the other parts (1, a match inside the
 * text), each by part number. Up to `cap` of each are counted, so a common reading stops early. It runs
 * under row-level security with no index for the text, so it is asked only when the text names a dash, a
 * standard or a pressure; words alone stay with the indexed function.
 */
async function laylineRows(
  tx: Tx,
  { organizationId, text, limit, cap }: { organizationId: string; text: string; limit: number; cap: number },
): Promise<Row[]> {
  const terms = parseLayline(text);
  if (!terms.some(hasLaylineReading)) return [];
  const matching = (kind: SQL) =>
    sql`select ${components.id} as id, ${components.kind} as kind, ${components.partNumber} as part_number,
          ${components.brand} as brand, ${components.description} as description
        from ${components}
        where ${components.organizationId} = ${organizationId} and ${kind} and ${visibility(organizationId)}
          and ${laylineCondition(organizationId, terms)}
        limit ${cap}`;
  return queryRows<Row>(
    tx,
    sql`with hoses as (${matching(sql`${components.kind} = 'hose'`)}),
          others as (${matching(sql`${components.kind} <> 'hose'`)}),
          matches as (select *, 1.5::float8 as score from hoses union all select *, 1::float8 from others)
        select *, (select least(count(*), ${cap}) from matches)::int as total from matches
        order by score desc, part_number limit ${limit}`,
  );
}

export const componentSearch: SearchProvider = {
  name: 'components',
  async search(tx, input) {
    const { text, limit, cap } = input;
    // The function reads the organisation from the tenant transaction's `app.org_id` (ADR 6). It answers
    // part-number prefixes (3 exact, 2 prefix) and then word-prefix matches (1); duplicates are merged.
    const words = await queryRows<Row>(
      tx,
      sql`select * from hosewright_search_components(${text}, ${limit}, ${cap})`,
    );
    const layline = await laylineRows(tx, input);
    const best = new Map<string, Row>();
    for (const row of [...words, ...layline]) {
      const seen = best.get(row.id);
      if (!seen || seen.score < row.score) best.set(row.id, row);
    }
    const hits = [...best.values()].sort(
      (a, b) => b.score - a.score || a.part_number.localeCompare(b.part_number),
    );
    return {
      total: Math.max(words[0]?.total ?? 0, layline[0]?.total ?? 0, hits.length),
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
