/**
 * Which objects have a picture: the records that can have one say so in their answers (the organisation its
 * logo, a kit's revisions theirs), so that the app asks `getImage` only for pictures that exist and shows
 * its placeholder for the others without a request that can only answer 404.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

/** The ids among `objectIds` that have a picture in the organisation. */
export async function withPictures(
  tx: Tx,
  organizationId: string,
  objectIds: readonly string[],
): Promise<Set<string>> {
  if (objectIds.length === 0) return new Set();
  const rows = await tx
    .select({ objectId: images.objectId })
    .from(images)
    .where(and(eq(images.organizationId, organizationId), inArray(images.objectId, [...objectIds])));
  return new Set(rows.map((row) => row.objectId));
}
