/**
 * Hose kits in the global search (SPEC 3 "Search result"): title partNumber + delimiter + revision, subtitle
 * description, url `hosekit/{id}`; latest revisions only. A shop has hundreds of kits, not 100k rows: a
 * substring match inside the tenant transaction is enough.
 */
import { DEFAULT_REVISION_DELIMITER, kitTitle } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';

interface Row {
  id: string;
  part_number: string;
  revision: string;
  description: string;
  delimiter: string | null;
  score: number;
  total: number;
}

export const kitSearch: SearchProvider = {
  name: 'hoseKits',
  async search(tx, { organizationId, text, limit, cap }) {
    const needle = text.trim().toLowerCase();
    if (!needle) return { hits: [], total: 0 };
    const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await queryRows<Row>(
      tx,
      sql`with matches as (
            select id, part_number, revision, description,
              (case when lower(part_number) = ${needle} then 3
                    when lower(part_number) like ${`${escaped}%`} then 2
                    else 1 end)::float8 as score
            from hose_kits
            where organization_id = ${organizationId} and latest
              and (lower(part_number) like ${`%${escaped}%`} or lower(description) like ${`%${escaped}%`}
                   or lower(machine) like ${`%${escaped}%`})
            limit ${cap}
          )
          select matches.*, (select count(*) from matches)::int as total,
            (select revision_delimiter from organization_settings where organization_id = ${organizationId}) as delimiter
          from matches
          order by score desc, part_number limit ${limit}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      hits: rows.map((r) => ({
        score: r.score,
        result: {
          url: `hosekit/${r.id}`,
          objectType: 'hoseKit',
          name: kitTitle(r.part_number, r.revision, r.delimiter ?? DEFAULT_REVISION_DELIMITER),
          partNumber: r.part_number,
          revision: r.revision,
          description: r.description,
        },
      })),
    };
  },
};
