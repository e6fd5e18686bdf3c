/** Customers in the global search: title name, subtitle domain (SPEC 3 "Search result"), url `customer/{id}`. */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import type { SearchProvider } from '../search/registry.ts';
import { likePattern } from './service.ts';

interface Row {
  id: string;
  name: string;
  domain: string;
  score: number;
  total: number;
}

export const customerSearch: SearchProvider = {
  name: 'customers',
  async search(tx, { organizationId, text, limit, cap }) {
    // A shop has thousands of customers, not 100k: a substring match under row-level security is enough.
    // Exact name or account number ranks 3, a prefix 2, a substring of name, domain or account number 1.
    const lower = text.toLowerCase();
    const prefix = `${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = and(
      eq(customers.organizationId, organizationId),
      sql`lower(${customers.name} || ' ' || ${customers.domain} || ' ' || ${customers.accountNumber}) like ${likePattern(text)}`,
    );
    const rows = await queryRows<Row>(
      tx,
      sql`select ${customers.id} as id, ${customers.name} as name, ${customers.domain} as domain,
            case
              when lower(${customers.name}) = ${lower} or lower(${customers.accountNumber}) = ${lower} then 3
              when lower(${customers.name}) like ${prefix} or lower(${customers.accountNumber}) like ${prefix} then 2
              else 1
            end as score,
            count(*) over ()::int as total
          from ${customers}
          where ${where}
          order by score desc, lower(${customers.name}), ${customers.id}
          limit ${limit}`,
    );
    return {
      total: Math.min(rows[0]?.total ?? 0, cap),
      hits: rows.map((r) => ({
        score: r.score,
        result: { url: `customer/${r.id}`, objectType: 'customer', name: r.name, domain: r.domain },
      })),
    };
  },
};
