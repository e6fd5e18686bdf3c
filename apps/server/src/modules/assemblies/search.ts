/** Hose assemblies in the global search: title partNumber, subtitle description, latest revisions only. */
import { sql } from 'drizzle-orm';
import type { SearchProvider } from '../search/registry.ts';
import { substringSearch } from '../search/substring.ts';

export const assemblySearch: SearchProvider = {
  name: 'hoseAssemblies',
  async search(tx, { organizationId, text, limit, cap }) {
    const { rows, total } = await substringSearch<{
      id: string;
      part_number: string;
      revision: string;
      description: string;
    }>(tx, {
      columns: sql`id, part_number, revision, description`,
      from: sql`hose_assemblies`,
      where: sql`organization_id = ${organizationId} and latest`,
      keys: [sql`part_number`],
      others: [sql`description`],
      orderBy: sql`part_number`,
      text,
      limit,
      cap,
    });
    return {
      total,
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
