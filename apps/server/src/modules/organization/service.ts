import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizationSettings, organizations } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export async function getOrganization(tx: Tx, organizationId: string) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw AppError.notFound('The organisation');
  return org;
}

/** The organisation's settings row, made with the defaults the first time it is asked for. */
export async function getSettings(tx: Tx, organizationId: string) {
  const [row] = await tx
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (row) return row;
  const [created] = await tx
    .insert(organizationSettings)
    .values({ organizationId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await tx
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (!again) throw new Error('organisation settings could not be created');
  return again;
}
