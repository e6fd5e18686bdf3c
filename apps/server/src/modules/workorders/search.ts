/** Work orders in the global search: title the number, subtitle the description, url `workorder/{id}`. */
import { sql } from 'drizzle-orm';
import type { SearchProvider } from '../search/registry.ts';
import { substringSearch } from '../search/substring.ts';

export const workOrderSearch: SearchProvider = {
  name: 'workOrders',
  async search(tx, { organizationId, text, limit, cap }) {
    // An exact number ranks first, then one that starts with the text, then the text in the description.
    const { rows, total } = await substringSearch<{ id: string; number: string; description: string }>(tx, {
      columns: sql`id, number, description`,
      from: sql`work_orders`,
      where: sql`organization_id = ${organizationId}`,
      keys: [sql`number`],
      others: [sql`description`],
      orderBy: sql`lower(number) desc, id`,
      text,
      limit,
      cap,
    });
    return {
      total,
      hits: rows.map((r) => ({
        score: r.score,
        result: {
          url: `workorder/${r.id}`,
          objectType: 'workOrder',
          name: r.number,
          number: r.number,
          description: r.description,
        },
      })),
    };
  },
};
