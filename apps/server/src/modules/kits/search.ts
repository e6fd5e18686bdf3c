/**
 * Hose kits in the global search: title partNumber + delimiter + revision, subtitle
 * description, url `hosekit/{id}`; latest revisions only.
 */
import { DEFAULT_REVISION_DELIMITER, kitTitle } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { substringProvider } from '../search/registry.ts';

export const kitSearch = substringProvider<{
  id: string;
  part_number: string;
  revision: string;
  description: string;
  delimiter: string | null;
}>({
  name: 'hoseKits',
  substring: ({ organizationId, text }) => ({
    columns: sql`id, part_number, revision, description,
      (select revision_delimiter from organization_settings s where s.organization_id = hose_kits.organization_id) as delimiter`,
    from: sql`hose_kits`,
    where: sql`organization_id = ${organizationId} and latest`,
    keys: [sql`part_number`],
    others: [sql`description`, sql`machine`],
    orderBy: sql`part_number`,
    text,
  }),
  result: (r) => ({
    url: `hosekit/${r.id}`,
    objectType: 'hoseKit',
    name: kitTitle(r.part_number, r.revision, r.delimiter ?? DEFAULT_REVISION_DELIMITER),
    partNumber: r.part_number,
    revision: r.revision,
    description: r.description,
  }),
});
