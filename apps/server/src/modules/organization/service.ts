import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export async function getOrganization(database: Database, organizationId: string) {
  const [org] = await database.withTenant(organizationId, (tx) =>
    tx.select().from(organizations).where(eq(organizations.id, organizationId)),
  );
  if (!org) throw AppError.notFound('The organisation');
  return org;
}
