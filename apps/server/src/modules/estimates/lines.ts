/**
 * What an estimate's lines sell, looked up in the organisation's catalogue (ADR 21): the part number (a kit's
 * or assembly's with its revision), the description, the product group and today's unit cost in the base
 * currency, the cost the kit and assembly screens show (an assembly's saved roll-up `hose_assemblies.cost`;
 * a kit's lines rolled up by `kitUnitCosts` in `modules/kits/service.ts`). Pricing is the domain's
 * `priceEstimate` (packages/domain/src/estimates/pricing.ts).
 *
 * An `other` line may name a component of kind otherItem only; any other component is sold on a component
 * line.
 */
import {
  AppErrorCode,
  assemblyTitle,
  type EstimateLineInput,
  type EstimateLineType,
  kitTitle,
} from '@hosewright/domain';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components, hoseAssemblies, hoseKits } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { kitUnitCosts } from '../kits/service.ts';

/** A line as the editor sends it or as it is stored. */
export interface LineSource {
  type: EstimateLineType;
  itemId: string | null;
  description: string;
  quantity: number;
  unitPriceOverride: number | null;
  /** What the line showed when saved: kept when the item is no longer in the catalogue. */
  partNumber?: string;
  productGroup?: string | null;
}

/** A line with what the catalogue says of its item today. */
export interface ResolvedLine {
  type: EstimateLineType;
  itemId: string | null;
  partNumber: string;
  description: string;
  productGroup: string | null;
  quantity: number;
  unitPriceOverride: number | null;
  /** Base currency; null when unknown. */
  unitCost: number | null;
  /** The item as the catalogue has it today; null for lines that name none, or when it is gone. */
  item: {
    /** Assemblies and kits: whether this is the latest revision. */
    latest: boolean;
    /** Components: whether it is still sold. */
    active: boolean;
    partNumber: string;
    revision: string;
  } | null;
}

/** How a line's item is named in a refusal: "Line 3: this hose assembly was not found". */
const ITEM_WORDS: Readonly<Record<EstimateLineType, string>> = {
  kit: 'hose kit',
  assembly: 'hose assembly',
  component: 'component',
  other: 'other item',
  labour: 'item',
  freight: 'item',
};

const idsOf = (lines: readonly LineSource[], types: readonly EstimateLineType[]) => [
  ...new Set(lines.flatMap((l) => (l.itemId && types.includes(l.type) ? [l.itemId] : []))),
];

/** Components hidden when the organisation does not sell Parker (as the component lists and kits hide them). */
const visibleComponent = (hasParker: boolean) =>
  hasParker ? undefined : or(ne(components.origin, 'catalogue'), sql`lower(${components.brand}) <> 'parker'`);

/**
 * Looks up every line's item. With `strict` (lines a person just sent), an item the organisation does not
 * have is a 404 naming the line and nothing is written; otherwise (lines saved earlier) the line keeps what
 * it showed and has no cost.
 */
export async function resolveLines(
  tx: Tx,
  organizationId: string,
  lines: readonly LineSource[],
  settings: { revisionDelimiter: string; hasParker: boolean },
  strict: boolean,
): Promise<ResolvedLine[]> {
  const delimiter = settings.revisionDelimiter;
  const assemblyIds = idsOf(lines, ['assembly']);
  const kitIds = idsOf(lines, ['kit']);
  const componentIds = idsOf(lines, ['component', 'other']);
  const [assemblyRows, kitRows, componentRows, costsOfKits] = await Promise.all([
    assemblyIds.length
      ? tx
          .select({
            id: hoseAssemblies.id,
            partNumber: hoseAssemblies.partNumber,
            revision: hoseAssemblies.revision,
            description: hoseAssemblies.description,
            cost: hoseAssemblies.cost,
            latest: hoseAssemblies.latest,
          })
          .from(hoseAssemblies)
          .where(
            and(eq(hoseAssemblies.organizationId, organizationId), inArray(hoseAssemblies.id, assemblyIds)),
          )
      : Promise.resolve([]),
    kitIds.length
      ? tx
          .select({
            id: hoseKits.id,
            partNumber: hoseKits.partNumber,
            revision: hoseKits.revision,
            description: hoseKits.description,
            latest: hoseKits.latest,
          })
          .from(hoseKits)
          .where(and(eq(hoseKits.organizationId, organizationId), inArray(hoseKits.id, kitIds)))
      : Promise.resolve([]),
    componentIds.length
      ? tx
          .select({
            id: components.id,
            kind: components.kind,
            partNumber: components.partNumber,
            description: components.description,
            productGroup: components.productGroup,
            cost: components.cost,
            active: components.active,
          })
          .from(components)
          .where(
            and(
              eq(components.organizationId, organizationId),
              inArray(components.id, componentIds),
              visibleComponent(settings.hasParker),
            ),
          )
      : Promise.resolve([]),
    kitUnitCosts(tx, organizationId, kitIds, settings.hasParker),
  ]);
  const assemblies = new Map(assemblyRows.map((r) => [r.id, r]));
  const kits = new Map(kitRows.map((r) => [r.id, r]));
  const parts = new Map(componentRows.map((r) => [r.id, r]));

  return lines.map((line, index): ResolvedLine => {
    const base: ResolvedLine = {
      type: line.type,
      itemId: line.itemId,
      partNumber: line.partNumber ?? '',
      description: line.description,
      productGroup: line.productGroup ?? null,
      quantity: line.quantity,
      unitPriceOverride: line.unitPriceOverride,
      unitCost: null,
      item: null,
    };
    if (!line.itemId || line.type === 'labour' || line.type === 'freight') return base;
    const found =
      line.type === 'assembly'
        ? assemblies.get(line.itemId)
        : line.type === 'kit'
          ? kits.get(line.itemId)
          : parts.get(line.itemId);
    const wrongKind = line.type === 'other' && found && 'kind' in found && found.kind !== 'otherItem';
    if (!found || wrongKind) {
      if (strict) {
        const message = `Line ${index + 1}: this ${ITEM_WORDS[line.type]} was not found`;
        throw new AppError(AppErrorCode.NotFound, message, {
          issues: [{ path: ['lines', index, 'itemId'], message }],
        });
      }
      return base;
    }
    if (line.type === 'assembly' || line.type === 'kit') {
      const row = found as { partNumber: string; revision: string; description: string; latest: boolean };
      const title =
        line.type === 'kit'
          ? kitTitle(row.partNumber, row.revision, delimiter)
          : assemblyTitle(row.partNumber, row.revision, delimiter);
      const cost =
        line.type === 'kit'
          ? (costsOfKits.get(line.itemId) ?? null)
          : (assemblies.get(line.itemId)?.cost ?? null);
      return {
        ...base,
        partNumber: title,
        description: line.description || row.description,
        productGroup: null,
        unitCost: cost,
        item: { latest: row.latest, active: true, partNumber: row.partNumber, revision: row.revision },
      };
    }
    const part = parts.get(line.itemId);
    if (!part) return base;
    return {
      ...base,
      partNumber: part.partNumber,
      description: line.description || part.description,
      productGroup: part.productGroup,
      unitCost: part.cost,
      item: { latest: true, active: part.active, partNumber: part.partNumber, revision: '' },
    };
  });
}

/** What the pricing engine reads of a resolved line (`id` is its index). */
export function engineInputOf(line: ResolvedLine, index: number): EstimateLineInput {
  return {
    id: String(index),
    type: line.type,
    itemId: line.itemId,
    quantity: line.quantity,
    unitCost: line.unitCost,
    productGroup: line.productGroup,
    unitPriceOverride: line.unitPriceOverride,
  };
}

/**
 * The latest revision of each assembly or kit part number named: by lower-cased part number, its id and
 * revision (a line moved to it by a revise; named by a re-check).
 */
export async function latestRevisions(
  tx: Tx,
  organizationId: string,
  type: 'assembly' | 'kit',
  partNumbers: readonly string[],
): Promise<Map<string, { id: string; revision: string }>> {
  const wanted = [...new Set(partNumbers.map((p) => p.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const table = type === 'kit' ? hoseKits : hoseAssemblies;
  const rows = await tx
    .select({ id: table.id, partNumber: table.partNumber, revision: table.revision })
    .from(table)
    .where(
      and(
        eq(table.organizationId, organizationId),
        eq(table.latest, true),
        inArray(sql`lower(${table.partNumber})`, wanted),
      ),
    );
  return new Map(rows.map((r) => [r.partNumber.toLowerCase(), { id: r.id, revision: r.revision }]));
}
