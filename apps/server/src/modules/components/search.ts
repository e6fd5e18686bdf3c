/** Components in the global search: title partNumber (+ ' - brand'), subtitle description (SPEC 3). */
import { COMPONENT_KIND_INFO, type ComponentKind } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { likeEscape, type SearchProvider } from '../search/registry.ts';

interface Row {
  id: string;
  kind: ComponentKind;
  part_number: string;
  brand: string;
  description: string;
  score: number;
}

export const componentSearch: SearchProvider = {
  name: 'components',
  async search(tx, { organizationId, text, limit, cap }) {
    const q = text.toLowerCase();
    const contains = `%${likeEscape(q)}%`;
    const prefix = `${likeEscape(q)}%`;
    // Parker's catalogue only where the organisation has it, as in the lists.
    const visible = sql`(c.origin <> 'catalogue' or lower(c.brand) <> 'parker' or coalesce(
      (select has_parker from organization_settings s where s.organization_id = ${organizationId}), false))`;
    // The trigram index answers `like '%text%'` on exactly this expression; the score ranks exact part
    // numbers first, then prefixes, then the closest text.
    const matches = sql`c.organization_id = ${organizationId}
      and lower(c.part_number || ' ' || c.brand || ' ' || c.description) like ${contains} and ${visible}`;
    const rows = await queryRows<Row>(
      tx,
      sql`select c.id, c.kind, c.part_number, c.brand, c.description,
            (case when lower(c.part_number) = ${q} then 3
                  when lower(c.part_number) like ${prefix} then 2 else 1 end)
            + similarity(lower(c.part_number), ${q}) as score
          from components c where ${matches}
          order by score desc, c.part_number limit ${limit}`,
    );
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from components c where ${matches} limit ${cap}) m`,
    );
    return {
      total: counted?.n ?? 0,
      hits: rows.map((r) => ({
        score: Number(r.score),
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
