/**
 * The search of the tables a shop keeps by the hundreds or thousands (customers, assemblies, kits, estimates,
 * work orders): a substring match inside the tenant transaction, ranked 3 for an exact key (a part number, a
 * name), 2 for a key that starts with the text, 1 for the text anywhere in the key or the other columns. The
 * 100k-row component catalogue has its own indexed search (ADR 6).
 *
 * Every table's match is one parenthesised select, and the search route asks them all in one statement: on
 * the embedded database each statement has a fixed cost (about 0.8 ms) that the tables' few rows do not.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

export interface SubstringSearch {
  /** `select` list of what the provider needs from each row (aliased), besides score and total. */
  columns: SQL;
  from: SQL;
  /** The organisation filter and anything else every row must meet (latest revisions, say). */
  where: SQL;
  /** Columns an exact or prefix match ranks high on. */
  keys: readonly SQL[];
  /** Further columns the text may appear in. */
  others?: readonly SQL[];
  /** The order among equal scores, over the names in `columns`. */
  orderBy: SQL;
  text: string;
}

/** One table's match: its best `limit` rows, each as an object of `columns` with its `score`. */
function matchesOf(search: SubstringSearch, index: number, limit: number, cap: number): SQL {
  const needle = search.text.trim().toLowerCase();
  const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  const anyOf = (columns: readonly SQL[], pattern: string) =>
    sql.join(
      columns.map((c) => sql`lower(${c}) like ${pattern}`),
      sql` or `,
    );
  const exact = sql.join(
    search.keys.map((c) => sql`lower(${c}) = ${needle}`),
    sql` or `,
  );
  return sql`(with matches as (
      select ${search.columns},
        (case when ${exact} then 3
              when ${anyOf(search.keys, `${escaped}%`)} then 2
              else 1 end)::float8 as score
      from ${search.from}
      where ${search.where}
        and (${anyOf([...search.keys, ...(search.others ?? [])], `%${escaped}%`)})
      limit ${cap}
    )
    select ${index}::int as search, (select count(*) from matches)::int as total, to_jsonb(matches) as found,
      row_number() over (order by score desc, ${search.orderBy})::int as place
    from matches order by place limit ${limit})`;
}

/**
 * Each search's best `limit` rows with their `score`, and how many match in all (up to `cap`), in the order
 * given; asked in one statement.
 */
export async function substringSearches(
  tx: Tx,
  searches: readonly SubstringSearch[],
  { limit, cap }: { limit: number; cap: number },
): Promise<{ rows: Record<string, unknown>[]; total: number }[]> {
  const results = searches.map(() => ({ rows: [] as Record<string, unknown>[], total: 0 }));
  const asked = searches.flatMap((search, index) =>
    search.text.trim() ? [matchesOf(search, index, limit, cap)] : [],
  );
  if (asked.length === 0) return results;
  const rows = await queryRows<{
    search: number;
    total: number;
    found: Record<string, unknown>;
    place: number;
  }>(tx, sql.join(asked, sql` union all `));
  // A union keeps no order of its own: each search's rows go back in the order of their `place`.
  rows.sort((a, b) => a.place - b.place);
  for (const { search, total, found } of rows) {
    const result = results[search];
    if (!result) continue;
    result.rows.push(found);
    result.total = total;
  }
  return results;
}
