/** Customers in the global search: title name, subtitle domain, url `customer/{id}`. */
import { sql } from 'drizzle-orm';
import { substringProvider } from '../search/registry.ts';

// An exact name or account number ranks first, then one that starts with the text.
export const customerSearch = substringProvider<{ id: string; name: string; domain: string }>({
  name: 'customers',
  substring: ({ organizationId, text }) => ({
    columns: sql`id, name, domain`,
    from: sql`customers`,
    where: sql`organization_id = ${organizationId}`,
    keys: [sql`name`, sql`account_number`],
    others: [sql`domain`],
    orderBy: sql`lower(name), id`,
    text,
  }),
  result: (r) => ({ url: `customer/${r.id}`, objectType: 'customer', name: r.name, domain: r.domain }),
});
