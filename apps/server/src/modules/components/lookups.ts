/** The organisation's lookup lists (product groups, suppliers, locations) and its next custom part number. */
import { type LookupEntry, type LookupList, nextPartNumber } from '@hosewright/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components, organizationLookups } from '../../db/schema.ts';
import { getSettings } from '../organization/service.ts';

/** The `list` column's value for each list's path segment. */
const LIST_NAMES = {
  productgroups: 'productGroup',
  suppliers: 'supplier',
  locations: 'location',
} as const satisfies Record<LookupList, string>;

export function readLookup(tx: Tx, organizationId: string, list: LookupList): Promise<LookupEntry[]> {
  return tx
    .select({ code: organizationLookups.code, name: organizationLookups.name })
    .from(organizationLookups)
    .where(
      and(
        eq(organizationLookups.organizationId, organizationId),
        eq(organizationLookups.list, LIST_NAMES[list]),
      ),
    )
    .orderBy(asc(organizationLookups.position));
}

/** Replaces the whole list (admins edit it as one), keeping the order given. */
export async function replaceLookup(
  tx: Tx,
  organizationId: string,
  list: LookupList,
  items: readonly LookupEntry[],
): Promise<LookupEntry[]> {
  const name = LIST_NAMES[list];
  await tx
    .delete(organizationLookups)
    .where(and(eq(organizationLookups.organizationId, organizationId), eq(organizationLookups.list, name)));
  if (items.length) {
    await tx
      .insert(organizationLookups)
      .values(items.map((item, position) => ({ ...item, position, list: name, organizationId })));
  }
  return readLookup(tx, organizationId, list);
}

/** The next free number in the organisation's part number pattern, after every custom item using it. */
export async function findNextPartNumber(
  tx: Tx,
  organizationId: string,
): Promise<{ partNumber: string; pattern: string }> {
  const { partNumberPattern: pattern } = await getSettings(tx, organizationId);
  const prefix = pattern.slice(0, pattern.indexOf('{'));
  const rows = await tx
    .select({ partNumber: components.partNumber })
    .from(components)
    .where(
      and(
        eq(components.organizationId, organizationId),
        eq(components.origin, 'custom'),
        sql`lower(${components.partNumber}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    );
  return {
    partNumber: nextPartNumber(
      pattern,
      rows.map((r) => r.partNumber),
    ),
    pattern,
  };
}
