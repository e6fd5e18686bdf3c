/**
 * The search of the tables a shop keeps by the hundreds or thousands (customers, assemblies, kits): a
 * substring match inside the tenant transaction, ranked 3 for an exact key (a part number, a name), 2 for a
 * key that starts with the text, 1 for the text anywhere in the key or the other columns. The 100k-row
 * component catalogue has its own indexed search (ADR 6).
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
  /** The order among equal scores. */
  orderBy: SQL;
  text: string;
  limit: number;
  cap: number;
}

/** The best `limit` matching rows with their `score`, and how many match in all (up to `cap`). */
export async function substringSearch<R>(
  tx: Tx,
  search: SubstringSearch,
): Promise<{ rows: (R & { score: number })[]; total: number }> {
  const needle = search.text.trim().toLowerCase();
  if (!needle) return { rows: [], total: 0 };
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
  const rows = await queryRows<R & { score: number; total: number }>(
    tx,
    sql`with matches as (
          select ${search.columns},
            (case when ${exact} then 3
                  when ${anyOf(search.keys, `${escaped}%`)} then 2
                  else 1 end)::float8 as score
          from ${search.from}
          where ${search.where}
            and (${anyOf([...search.keys, ...(search.others ?? [])], `%${escaped}%`)})
          limit ${search.cap}
        )
        select *, (select count(*) from matches)::int as total from matches
        order by score desc, ${search.orderBy} limit ${search.limit}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
