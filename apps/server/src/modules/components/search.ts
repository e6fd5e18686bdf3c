/** Components in the global search: title partNumber (+ ' - brand'), subtitle description. */
import {
  adaptorEndPattern,
  COMPONENT_KIND_INFO,
  type ComponentKind,
  parseLayline,
  standardPattern,
} from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { QuerySearchProvider } from '../search/registry.ts';

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
 * The text read as a layline (`parseLayline`), in the shape the search function takes: each term with the
 * patterns its dash and standard are matched by. A standard is looked up by its key, the way migration
 * 0030's `hosewright_standard_keys` indexes a part's text: an SAE R standard by 'r' and its number ('r2'
 * for R2AT), the others whole ('2sn', 'en853').
 */
function searchTerms(text: string) {
  return parseLayline(text).map((term) => ({
    text: term.text,
    ...(term.kind ? { kind: term.kind } : {}),
    ...(term.dash === undefined ? {} : { dash: term.dash, endPattern: adaptorEndPattern(term.dash) }),
    ...(term.pressurePsi ? { psiMin: term.pressurePsi.min, psiMax: term.pressurePsi.max } : {}),
    ...(term.standard
      ? {
          standard: term.standard,
          standardKey: /^r\d+/.exec(term.standard)?.[0] ?? term.standard,
          standardPattern: standardPattern(term.standard),
        }
      : {}),
  }));
}

export const componentSearch: QuerySearchProvider = {
  name: 'components',
  async search(tx, { text, limit, cap }) {
    // The function reads the organisation from the tenant transaction's `app.org_id` (ADR 6). It answers
    // part-number prefixes (3 exact, 2 prefix), then parts matching the layline (hoses 1.5 when it names a
    // dash, standard or pressure, the rest 1), each pass with its count; a part is in one pass at most
    // once, and the best score of a part in both wins.
    const rows = await queryRows<Row>(
      tx,
      sql`select * from hosewright_search_components(${text}, ${JSON.stringify(searchTerms(text))}::jsonb, ${limit}, ${cap})`,
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
      total: Math.max(0, hits.length, ...rows.map((r) => r.total)),
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
