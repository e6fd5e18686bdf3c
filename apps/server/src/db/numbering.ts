/**
 * Numbers a shop's records take from its patterns (`SE-{00000}`, `WO-{00000}`, an assembly's generated part
 * number) are the next after every number used. Two creates at the same moment would read the same numbers
 * used, pick the same next one, and the second would fail on the unique index. `takeTurnsNumbering` makes
 * them take turns instead: a transaction-scoped advisory lock per organisation and series, held from before
 * the numbers used are read until the transaction ends (nothing stored, nothing to release). Each statement
 * of a READ COMMITTED transaction sees what committed before it, so the second reads the first's number.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

export type NumberSeries = 'part number' | 'estimate' | 'work order';

export async function takeTurnsNumbering(
  tx: Tx,
  organizationId: string,
  series: NumberSeries,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${series}:${organizationId}`}, 0))`);
}
