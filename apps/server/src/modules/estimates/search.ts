/** Sales estimates in the global search: title the number, subtitle the description, url `salesestimate/{id}`. */
import { sql } from 'drizzle-orm';
import { substringProvider } from '../search/registry.ts';

// An exact number ranks first, then one that starts with the text, then the text in the description. Only
// the latest revision of each number: the one a person means by the number.
export const estimateSearch = substringProvider<{ id: string; number: string; description: string }>({
  name: 'salesEstimates',
  substring: ({ organizationId, text }) => ({
    columns: sql`id, number, description`,
    from: sql`sales_estimates e`,
    where: sql`organization_id = ${organizationId} and not exists (select 1 from sales_estimates later
      where later.organization_id = e.organization_id and lower(later.number) = lower(e.number)
        and later.revision > e.revision)`,
    keys: [sql`number`],
    others: [sql`description`],
    orderBy: sql`lower(number) desc, id`,
    text,
  }),
  result: (r) => ({
    url: `salesestimate/${r.id}`,
    objectType: 'salesEstimate',
    name: r.number,
    number: r.number,
    description: r.description,
  }),
});
