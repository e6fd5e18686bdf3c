/**
 * The GEN sample catalogue (apps/server/src/modules/components/sample-catalogue.json): loaded for the
 * demo organisation and offered to every new organisation as sample data it can remove in one go.
 * Rows are catalogue items (read-only brand data) marked `sample`.
 */
import {
  COMPONENT_INPUT_SCHEMAS,
  type ComponentInput,
  type CouplingSeriesInput,
  couplingSeriesInputSchema,
} from '@hosewright/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components, couplingSeries, crimpSpecs } from '../../db/schema.ts';
import catalogue from './sample-catalogue.json' with { type: 'json' };
import { upsertComponents } from './service.ts';

export const SAMPLE_BRAND = catalogue.brand;

/** The demo catalogue in the contracts' shape (validated, so a bad edit of the JSON fails loudly). */
export function sampleComponents(): ComponentInput[] {
  const brand = catalogue.brand;
  const raw: unknown[] = [
    ...catalogue.hoses.map((h) => ({
      kind: 'hose',
      partNumber: h.partNumber,
      brand,
      description: `${h.standard} hose, ${h.idMm} mm ID`,
      series: h.series,
      dash: h.dash,
      standard: h.standard,
      workingPressurePsi: h.workingPressurePsi,
      burstPressurePsi: h.burstPressurePsi,
      tempMinC: h.tempMinC,
      tempMaxC: h.tempMaxC,
      minBendRadiusMm: h.minBendRadiusMm,
      skive: h.skive,
      cost: h.costPerFoot,
      costUnit: 'ft',
    })),
    ...catalogue.crimpFittings.map((f) => ({
      kind: 'crimpFitting',
      partNumber: f.partNumber,
      brand,
      description:
        `${f.endType} ${f.gender === 'M' ? 'male' : f.gender === 'F' ? 'female' : ''}${f.swivel ? ' swivel' : ''} ${f.angle}°, ${f.thread}`
          .replace(/\s+/g, ' ')
          .trim(),
      series: f.series,
      dash: f.hoseDash,
      endType: f.endType,
      thread: f.thread,
      gender: f.gender,
      swivel: f.swivel,
      angle: f.angle,
      pieces: f.pieces,
      cutoffMm: f.cutoffMm,
      workingPressurePsi: f.workingPressurePsi,
      cost: f.cost,
      costUnit: 'each',
    })),
    ...catalogue.ferrules.map((r) => ({
      kind: 'ferrule',
      partNumber: r.partNumber,
      brand,
      description: `Ferrule, series ${r.series}, ${r.hoseDash}`,
      series: r.series,
      dash: r.hoseDash,
      skive: r.skive,
      cost: r.cost,
      costUnit: 'each',
    })),
    ...catalogue.adaptors.map((a) => ({
      kind: 'adaptor',
      partNumber: a.partNumber,
      brand,
      description: `${a.endA} x ${a.endB}${a.angle ? ` ${a.angle}°` : ''}`,
      endA: a.endA,
      endB: a.endB,
      angle: a.angle,
      workingPressurePsi: a.workingPressurePsi,
      cost: a.cost,
      costUnit: 'each',
    })),
    ...catalogue.wraps.map((w) => ({
      kind: 'wrap',
      partNumber: w.partNumber,
      brand,
      description: w.style,
      style: w.style,
      fitsOdMinMm: w.fitsOdMinMm,
      fitsOdMaxMm: w.fitsOdMaxMm,
      tempMaxC: 'tempMaxC' in w ? w.tempMaxC : undefined,
      fitAfterAssembly: w.fitAfterAssembly,
      cost: w.costPerMetre,
      costUnit: 'm',
    })),
  ];
  return raw.map((r) => {
    const kind = (r as { kind: keyof typeof COMPONENT_INPUT_SCHEMAS }).kind;
    return COMPONENT_INPUT_SCHEMAS[kind].parse(r) as ComponentInput;
  });
}

function sampleSeries(): CouplingSeriesInput[] {
  return catalogue.couplingSeries.map((s) =>
    couplingSeriesInputSchema.parse({ ...s, brand: catalogue.brand }),
  );
}

export async function countSampleData(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(components)
    .where(and(eq(components.organizationId, organizationId), eq(components.sample, true)));
  return row?.n ?? 0;
}

/** Load (or reload) the sample catalogue: idempotent by kind, brand and part number. */
export async function loadSampleData(tx: Tx, organizationId: string): Promise<number> {
  await upsertComponents(tx, organizationId, sampleComponents(), { origin: 'catalogue', sample: true });
  for (const s of sampleSeries()) {
    await tx
      .insert(couplingSeries)
      .values({ ...s, organizationId, origin: 'catalogue', sample: true })
      .onConflictDoNothing();
  }
  const hoses = await tx
    .select({ id: components.id, partNumber: components.partNumber })
    .from(components)
    .where(
      and(
        eq(components.organizationId, organizationId),
        eq(components.kind, 'hose'),
        eq(components.sample, true),
      ),
    );
  const hoseId = new Map(hoses.map((h) => [h.partNumber, h.id]));
  for (const spec of catalogue.crimpSpecs) {
    const id = hoseId.get(spec.hose);
    if (!id) continue;
    await tx
      .insert(crimpSpecs)
      .values({
        organizationId,
        hoseId: id,
        fittingSeries: spec.fittingSeries,
        crimpOdMm: spec.crimpOdMm,
        toleranceMm: spec.toleranceMm,
        die: spec.die,
        revision: spec.revision,
        sample: true,
      })
      .onConflictDoNothing();
  }
  return countSampleData(tx, organizationId);
}

/** Remove every sample row the organisation still has (its own items are untouched). */
export async function removeSampleData(tx: Tx, organizationId: string): Promise<void> {
  const ids = tx
    .select({ id: components.id })
    .from(components)
    .where(and(eq(components.organizationId, organizationId), eq(components.sample, true)));
  await tx
    .delete(crimpSpecs)
    .where(and(eq(crimpSpecs.organizationId, organizationId), inArray(crimpSpecs.hoseId, ids)));
  await tx
    .delete(components)
    .where(and(eq(components.organizationId, organizationId), eq(components.sample, true)));
  await tx
    .delete(couplingSeries)
    .where(and(eq(couplingSeries.organizationId, organizationId), eq(couplingSeries.sample, true)));
}
