/** Hose assemblies in the global search: title partNumber, subtitle description, latest revisions only. */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SearchProvider } from '../search/registry.ts';

interface Row {
  id: string;
  part_number: string;
  revision: string;
  description: string;
  score: number;
  total: number;
}

export const assemblySearch: SearchProvider = {
  name: 'hoseAssemblies',
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
            from hose_assemblies
            where organization_id = ${organizationId} and latest
              and (lower(part_number) like ${`%${escaped}%`} or lower(description) like ${`%${escaped}%`})
            limit ${cap}
          )
          select *, (select count(*) from matches)::int as total from matches
          order by score desc, part_number limit ${limit}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      hits: rows.map((r) => ({
        score: r.score,
        result: {
          url: `hoseassembly/${r.id}`,
          objectType: 'hoseAssembly',
          name: r.part_number,
          partNumber: r.part_number,
          revision: r.revision,
          description: r.description,
        },
      })),
    };
  },
};
