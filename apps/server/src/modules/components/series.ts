/**
 * Coupling series (which fittings and ferrules a maker approves for which hoses) and crimp specs (per hose and
 * fitting series: the crimped diameter, its tolerance and the die, versioned by revision).
 */
import type {
  CouplingSeries,
  CouplingSeriesDetails,
  CouplingSeriesInput,
  CrimpSpec,
  CrimpSpecInput,
} from '@hosewright/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components, couplingSeries, crimpSpecs } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { findComponentRow, listSeries, toSeries } from './service.ts';

/** Every series with how many hoses, crimp fittings and ferrules of the library name it. */
export async function listSeriesDetails(tx: Tx, organizationId: string): Promise<CouplingSeriesDetails[]> {
  const series = await listSeries(tx, organizationId);
  const counts = await tx
    .select({
      brand: sql<string>`lower(${components.brand})`,
      series: sql<string>`lower(${components.series})`,
      kind: components.kind,
      n: sql<number>`count(*)::int`,
    })
    .from(components)
    .where(
      and(
        eq(components.organizationId, organizationId),
        inArray(components.kind, ['hose', 'crimpFitting', 'ferrule']),
      ),
    )
    .groupBy(sql`lower(${components.brand})`, sql`lower(${components.series})`, components.kind);
  const n = (s: CouplingSeries, kind: string) =>
    counts.find(
      (c) => c.brand === s.brand.toLowerCase() && c.series === s.code.toLowerCase() && c.kind === kind,
    )?.n ?? 0;
  return series.map((s) => ({
    ...s,
    hoses: n(s, 'hose'),
    crimpFittings: n(s, 'crimpFitting'),
    ferrules: n(s, 'ferrule'),
  }));
}

/** Create (id `new`) or change a custom series; a brand and code are unique, case-insensitively. */
export async function saveSeries(
  tx: Tx,
  organizationId: string,
  id: string,
  input: CouplingSeriesInput,
): Promise<CouplingSeries> {
  const [clash] = await tx
    .select({ id: couplingSeries.id })
    .from(couplingSeries)
    .where(
      and(
        eq(couplingSeries.organizationId, organizationId),
        sql`lower(${couplingSeries.brand}) = ${input.brand.toLowerCase()}`,
        sql`lower(${couplingSeries.code}) = ${input.code.toLowerCase()}`,
      ),
    );
  if (id === 'new') {
    if (clash) throw new AppError('CONFLICT', `Series ${input.code} already exists`);
    const [row] = await tx
      .insert(couplingSeries)
      .values({ ...input, organizationId, origin: 'custom' })
      .returning();
    return toSeries(row as typeof couplingSeries.$inferSelect);
  }
  const [existing] = await tx
    .select()
    .from(couplingSeries)
    .where(and(eq(couplingSeries.organizationId, organizationId), eq(couplingSeries.id, id)));
  if (!existing) throw AppError.notFound('This coupling series');
  if (clash && clash.id !== id) throw new AppError('CONFLICT', `Series ${input.code} already exists`);
  if (existing.origin === 'catalogue') {
    throw new AppError('BAD_REQUEST', `Series ${existing.code} is catalogue data and cannot be changed`);
  }
  const [row] = await tx.update(couplingSeries).set(input).where(eq(couplingSeries.id, id)).returning();
  return toSeries(row as typeof couplingSeries.$inferSelect);
}

function toSpec(s: typeof crimpSpecs.$inferSelect, hosePartNumber: string): CrimpSpec {
  return {
    _id: s.id,
    hoseId: s.hoseId,
    hosePartNumber,
    fittingSeries: s.fittingSeries,
    crimpOdMm: s.crimpOdMm,
    toleranceMm: s.toleranceMm,
    die: s.die,
    revision: s.revision,
    createdAt: s.createdAt.toISOString(),
  };
}

export async function listCrimpSpecs(tx: Tx, organizationId: string, hoseId: string): Promise<CrimpSpec[]> {
  const hose = await findComponentRow(tx, organizationId, hoseId, 'hose');
  const rows = await tx
    .select()
    .from(crimpSpecs)
    .where(and(eq(crimpSpecs.organizationId, organizationId), eq(crimpSpecs.hoseId, hoseId)))
    .orderBy(asc(crimpSpecs.fittingSeries), asc(crimpSpecs.revision));
  return rows.map((r) => toSpec(r, hose.partNumber));
}

/** Create (id `new`) or change a crimp spec. A revision is never overwritten by a new one: that is a 409. */
export async function saveCrimpSpec(
  tx: Tx,
  organizationId: string,
  id: string,
  input: CrimpSpecInput,
): Promise<CrimpSpec> {
  const hose = await findComponentRow(tx, organizationId, input.hoseId, 'hose');
  if (id === 'new') {
    const [row] = await tx
      .insert(crimpSpecs)
      .values({ ...input, organizationId })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError(
        'CONFLICT',
        `Revision ${input.revision} of the ${input.fittingSeries} crimp spec already exists; use a new revision`,
      );
    }
    return toSpec(row, hose.partNumber);
  }
  const [row] = await tx
    .update(crimpSpecs)
    .set(input)
    .where(and(eq(crimpSpecs.organizationId, organizationId), eq(crimpSpecs.id, id)))
    .returning();
  if (!row) throw AppError.notFound('This crimp spec');
  return toSpec(row, hose.partNumber);
}
