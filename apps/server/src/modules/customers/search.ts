/** Customers in the global search: title name, subtitle domain, url `customer/{id}`. */
import { sql } from 'drizzle-orm';
import type { SearchProvider } from '../search/registry.ts';
import { substringSearch } from '../search/substring.ts';

export const customerSearch: SearchProvider = {
  name: 'customers',
  async search(tx, { organizationId, text, limit, cap }) {
    // An exact name or account number ranks first, then one that starts with the text.
    const { rows, total } = await substringSearch<{ id: string; name: string; domain: string }>(tx, {
      columns: sql`id, name, domain`,
      from: sql`customers`,
      where: sql`organization_id = ${organizationId}`,
      keys: [sql`name`, sql`account_number`],
      others: [sql`domain`],
      orderBy: sql`lower(name), id`,
      text,
      limit,
      cap,
    });
    return {
      total,
      hits: rows.map((r) => ({
        score: r.score,
        result: { url: `customer/${r.id}`, objectType: 'customer', name: r.name, domain: r.domain },
      })),
    };
  },
};
