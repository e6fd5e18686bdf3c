/** Work orders in the global search: title the number, subtitle the description, url `workorder/{id}`. */
import { sql } from 'drizzle-orm';
import { substringProvider } from '../search/registry.ts';

// An exact number ranks first, then one that starts with the text, then the text in the description.
export const workOrderSearch = substringProvider<{ id: string; number: string; description: string }>({
  name: 'workOrders',
  substring: ({ organizationId, text }) => ({
    columns: sql`id, number, description`,
    from: sql`work_orders`,
    where: sql`organization_id = ${organizationId}`,
    keys: [sql`number`],
    others: [sql`description`],
    orderBy: sql`lower(number) desc, id`,
    text,
  }),
  result: (r) => ({
    url: `workorder/${r.id}`,
    objectType: 'workOrder',
    name: r.number,
    number: r.number,
    description: r.description,
  }),
});
