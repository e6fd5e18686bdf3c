/**
 * The component library's business operations. Every function takes the tenant transaction and the
 * organisation; row-level security backs the explicit organisation filters up.
 */
import { randomUUID } from 'node:crypto';
import {
  adaptorEndPattern,
  COMPONENT_KINDS,
  type Component,
  type ComponentInput,
  type ComponentKind,
  type ComponentListQuery,
  type CouplingSeries,
  type CrimpFitting,
  type Ferrule,
  type FittingWithFerrule,
  ferrulesForFitting,
  findSeries,
  type LaylineTerm,
  type ListResponse,
  matchesLayline,
  matchParts,
  parseLayline,
  standardPattern,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  components,
  couplingSeries,
  hoseAssemblies,
  hoseKitLines,
  organizationSettings,
  stockMovements,
  workOrderItems,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';

type Row = typeof components.$inferSelect;
type Insert = typeof components.$inferInsert;

/** The columns each kind owns beyond the shared ones; the rest stay null. */
const KIND_COLUMNS: Record<ComponentKind, readonly (keyof Row)[]> = {
  hose: [
    'series',
    'dash',
    'standard',
    'workingPressurePsi',
    'burstPressurePsi',
    'tempMinC',
    'tempMaxC',
    'minBendRadiusMm',
    'odMm',
    'skive',
  ],
  crimpFitting: [
    'series',
    'dash',
    'endType',
    'thread',
    'gender',
    'swivel',
    'angle',
    'pieces',
    'cutoffMm',
    'workingPressurePsi',
  ],
  ferrule: ['series', 'dash', 'skive'],
  adaptor: ['endA', 'endB', 'angle', 'workingPressurePsi'],
  wrap: ['style', 'fitsOdMinMm', 'fitsOdMaxMm', 'tempMaxC', 'fitAfterAssembly'],
  otherItem: [],
};
const KIND_SPECIFIC = [...new Set(Object.values(KIND_COLUMNS).flat())];

/** A row as the API answers it: shared fields plus the kind's own, optional ones left out when empty. */
export function toComponent(row: Row): Component {
  const kind = row.kind as ComponentKind;
  const out: Record<string, unknown> = {
    _id: row.id,
    kind,
    origin: row.origin,
    sample: row.sample,
    partNumber: row.partNumber,
    brand: row.brand,
    description: row.description,
    cost: row.cost,
    costUnit: row.costUnit,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.productGroup) out.productGroup = row.productGroup;
  if (row.supplier) out.supplier = row.supplier;
  for (const column of KIND_COLUMNS[kind] ?? []) {
    const value = row[column];
    if (value !== null && value !== undefined) out[column] = value;
  }
  return out as unknown as Component;
}

/** Columns to write for an input: every kind-specific column is set (null when the kind lacks it). */
export function toColumns(input: ComponentInput): Omit<Insert, 'organizationId' | 'origin'> {
  const values: Record<string, unknown> = {
    kind: input.kind,
    partNumber: input.partNumber,
    brand: input.brand,
    description: input.description,
    productGroup: input.productGroup ?? null,
    supplier: input.supplier ?? null,
    cost: input.cost ?? null,
    costUnit: input.costUnit,
    active: input.active,
  };
  const own = new Set<string>(KIND_COLUMNS[input.kind]);
  const source = input as unknown as Record<string, unknown>;
  for (const column of KIND_SPECIFIC) values[column] = own.has(column) ? (source[column] ?? null) : null;
  return values as Omit<Insert, 'organizationId' | 'origin'>;
}

/** Parker's catalogue shows only where the organisation has it (its `hasParker` setting). */
export function visibility(organizationId: string): SQL {
  // The setting is read inside the statement: one round trip, and no settings row needs to exist.
  return sql`(${components.origin} <> 'catalogue' or lower(${components.brand}) <> 'parker' or coalesce((select ${organizationSettings.hasParker} from ${organizationSettings} where ${organizationSettings.organizationId} = ${organizationId}), false))`;
}

/** The text a word may be part of: part number, brand and description (the search function is ADR 6). */
const searchText = sql`lower(${components.partNumber} || ' ' || ${components.brand} || ' ' || ${components.description})`;
/** The text a standard is looked for in (`standardPattern`). */
const standardText = sql`lower(coalesce(${components.standard}, '') || ' ' || ${components.description} || ' ' || ${components.partNumber})`;

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The rows matching a search read as a layline (`parseLayline`): every term, each by any of its readings,
 * by the rules `matchesLayline` states. The cheap equalities come first; there is no index for a
 * substring, so the text is read row by row as the plain substring was (ADR 6), and a fitting's or ferrule's
 * coupling series is looked up once per statement.
 */
export function laylineCondition(organizationId: string, terms: readonly LaylineTerm[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  const termConditions = terms.map((term) => {
    const readings: SQL[] = [];
    if (term.kind) readings.push(sql`${components.kind} = ${term.kind}`);
    if (term.dash !== undefined) {
      readings.push(
        sql`${components.dash} = ${term.dash}`,
        sql`(${components.kind} = 'adaptor' and lower(${components.endA} || ' ' || ${components.endB}) ~ ${adaptorEndPattern(term.dash)})`,
      );
    }
    if (term.pressurePsi) {
      readings.push(
        sql`${components.workingPressurePsi} between ${term.pressurePsi.min} and ${term.pressurePsi.max}`,
      );
    }
    readings.push(sql`lower(trim(${components.series})) = ${term.text}`);
    if (!term.standard) readings.push(sql`${searchText} like ${likePattern(term.text)}`);
    else {
      const pattern = standardPattern(term.standard);
      // Its letters and digits in order: a LIKE any row fails fast, before the regular expression.
      const runs = `%${term.standard.match(/[a-z]+|\d+/g)?.join('%')}%`;
      readings.push(
        sql`(${standardText} like ${runs} and ${standardText} ~ ${pattern})`,
        sql`(${components.kind} in ('crimpFitting', 'ferrule') and (lower(trim(${components.brand})), lower(trim(${components.series}))) in (
          select lower(trim(${couplingSeries.brand})), lower(trim(${couplingSeries.code})) from ${couplingSeries}
          where ${couplingSeries.organizationId} = ${organizationId} and lower(${couplingSeries.description}) ~ ${pattern}))`,
      );
    }
    return sql`(${sql.join(readings, sql` or `)})`;
  });
  return and(...termConditions);
}

const SORT_COLUMNS = {
  partNumber: components.partNumber,
  brand: components.brand,
  description: components.description,
  series: components.series,
  dash: components.dash,
  endType: components.endType,
  angle: components.angle,
  workingPressurePsi: components.workingPressurePsi,
  cost: components.cost,
  updatedAt: components.updatedAt,
} as const;

export interface ListOptions {
  /** One kind, or every kind (the generic `/items` list). */
  kind?: ComponentKind;
  /** Only this origin (the `custom*` lists force 'custom'). */
  origin?: 'catalogue' | 'custom';
}

export async function listComponents(
  tx: Tx,
  organizationId: string,
  query: ComponentListQuery,
  options: ListOptions = {},
): Promise<ListResponse<Component>> {
  const conditions: (SQL | undefined)[] = [
    eq(components.organizationId, organizationId),
    options.kind ? eq(components.kind, options.kind) : undefined,
    visibility(organizationId),
  ];
  const origin = options.origin ?? query.origin;
  if (origin) conditions.push(eq(components.origin, origin));
  if (query.q) conditions.push(laylineCondition(organizationId, parseLayline(query.q)));
  const lowerIn = (column: AnyPgColumn, values?: string[]) =>
    values?.length
      ? inArray(
          sql`lower(${column})`,
          values.map((v) => v.toLowerCase()),
        )
      : undefined;
  conditions.push(
    lowerIn(components.brand, query.brand),
    lowerIn(components.series, query.series),
    lowerIn(components.endType, query.endType),
    lowerIn(components.productGroup, query.productGroup),
    lowerIn(components.supplier, query.supplier),
    query.dash?.length ? inArray(components.dash, query.dash) : undefined,
    query.angle?.length ? inArray(components.angle, query.angle) : undefined,
    query.gender?.length ? inArray(components.gender, query.gender) : undefined,
    query.active === undefined ? undefined : eq(components.active, query.active),
    query.skive === undefined ? undefined : eq(components.skive, query.skive),
  );
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await tx
    .select()
    .from(components)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), asc(components.partNumber), asc(components.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(components).where(where);
    return counted?.n ?? 0;
  });
  return { items: rows.map(toComponent), total, page: query.page };
}

export async function findComponentRow(
  tx: Tx,
  organizationId: string,
  id: string,
  kind?: ComponentKind,
): Promise<Row> {
  const [row] = await tx
    .select()
    .from(components)
    .where(
      and(
        eq(components.organizationId, organizationId),
        eq(components.id, id),
        kind ? eq(components.kind, kind) : undefined,
        visibility(organizationId),
      ),
    );
  if (!row) throw AppError.notFound(kind ? labelOf(kind) : 'This item');
  return row;
}

function labelOf(kind: ComponentKind): string {
  return (
    {
      hose: 'This hose',
      crimpFitting: 'This crimp fitting',
      ferrule: 'This ferrule',
      adaptor: 'This adaptor',
      wrap: 'This wrap',
      otherItem: 'This item',
    } as const
  )[kind];
}

function duplicateError(input: { partNumber: string; brand: string }): AppError {
  const brand = input.brand ? ` (${input.brand})` : '';
  return new AppError('CONFLICT', `Part number ${input.partNumber}${brand} already exists`, {
    issues: [{ path: ['partNumber'], message: 'This part number is already in the library' }],
  });
}

async function assertFree(tx: Tx, organizationId: string, input: ComponentInput, exceptId?: string) {
  const [clash] = await tx
    .select({ id: components.id })
    .from(components)
    .where(
      and(
        eq(components.organizationId, organizationId),
        eq(components.kind, input.kind),
        sql`lower(${components.brand}) = ${input.brand.toLowerCase()}`,
        sql`lower(${components.partNumber}) = ${input.partNumber.toLowerCase()}`,
        exceptId ? ne(components.id, exceptId) : undefined,
      ),
    );
  if (clash) throw duplicateError(input);
}

/** Create one custom component (admins; approved pending items). */
export async function createComponent(
  tx: Tx,
  organizationId: string,
  input: ComponentInput,
): Promise<Component> {
  await assertFree(tx, organizationId, input);
  const [row] = await tx
    .insert(components)
    .values({ ...toColumns(input), organizationId, origin: 'custom' })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return toComponent(row);
}

/** Update a custom component. Catalogue items are the brand's published data and stay read-only. */
export async function updateComponent(
  tx: Tx,
  organizationId: string,
  id: string,
  input: ComponentInput,
): Promise<Component> {
  const existing = await findComponentRow(tx, organizationId, id, input.kind);
  if (existing.origin === 'catalogue') {
    throw new AppError(
      'BAD_REQUEST',
      `${existing.partNumber} is catalogue data from ${existing.brand || 'its brand'} and cannot be changed. Create a custom item instead.`,
    );
  }
  await assertFree(tx, organizationId, input, id);
  const [row] = await tx
    .update(components)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(and(eq(components.organizationId, organizationId), eq(components.id, id)))
    .returning();
  if (!row) throw AppError.notFound(labelOf(input.kind));
  return toComponent(row);
}

export async function deleteComponent(tx: Tx, organizationId: string, id: string, kind?: ComponentKind) {
  const existing = await findComponentRow(tx, organizationId, id, kind);
  if (existing.origin === 'catalogue' && !existing.sample) {
    throw new AppError('BAD_REQUEST', `${existing.partNumber} is catalogue data and cannot be deleted`);
  }
  const use = await usedBy(tx, organizationId, id);
  if (use) {
    throw new AppError('CONFLICT', `${existing.partNumber} ${use}: make it inactive instead of deleting it`);
  }
  await tx
    .delete(components)
    .where(and(eq(components.organizationId, organizationId), eq(components.id, id)));
}

/** What keeps a component (the foreign keys that restrict its deletion), said for a person; null if nothing. */
async function usedBy(tx: Tx, organizationId: string, id: string): Promise<string | null> {
  const [row] = await queryRows<{ assemblies: boolean; kits: boolean; stock: boolean; workOrders: boolean }>(
    tx,
    sql`select
      exists (select 1 from ${hoseAssemblies} where ${hoseAssemblies.organizationId} = ${organizationId}
        and (${hoseAssemblies.hoseId} = ${id} or ${hoseAssemblies.endAId} = ${id} or ${hoseAssemblies.endBId} = ${id}))
        as assemblies,
      exists (select 1 from ${hoseKitLines} where ${hoseKitLines.organizationId} = ${organizationId}
        and ${hoseKitLines.componentId} = ${id}) as kits,
      exists (select 1 from ${stockMovements} where ${stockMovements.organizationId} = ${organizationId}
        and ${stockMovements.componentId} = ${id}) as stock,
      exists (select 1 from ${workOrderItems} where ${workOrderItems.organizationId} = ${organizationId}
        and ${workOrderItems.componentId} = ${id}) as "workOrders"`,
  );
  if (row?.assemblies) return 'is used in hose assemblies';
  if (row?.kits) return 'is a line of hose kits';
  if (row?.workOrders) return 'is picked by work orders';
  if (row?.stock) return 'has stock history';
  return null;
}

export function componentKey(c: { kind: string; brand: string; partNumber: string }): string {
  return `${c.kind}|${c.brand.toLowerCase()}|${c.partNumber.toLowerCase()}`;
}

/** The SQL type of every column a bulk upsert writes (json_to_recordset needs them spelled out). */
const BULK_COLUMNS = [
  ['kind', 'text'],
  ['partNumber', 'text'],
  ['brand', 'text'],
  ['description', 'text'],
  ['productGroup', 'text'],
  ['supplier', 'text'],
  ['cost', 'numeric'],
  ['costUnit', 'text'],
  ['active', 'boolean'],
  ['series', 'text'],
  ['dash', 'integer'],
  ['standard', 'text'],
  ['workingPressurePsi', 'integer'],
  ['burstPressurePsi', 'integer'],
  ['tempMinC', 'numeric'],
  ['tempMaxC', 'numeric'],
  ['minBendRadiusMm', 'numeric'],
  ['odMm', 'numeric'],
  ['skive', 'boolean'],
  ['endType', 'text'],
  ['thread', 'text'],
  ['gender', 'text'],
  ['swivel', 'boolean'],
  ['angle', 'integer'],
  ['pieces', 'integer'],
  ['cutoffMm', 'numeric'],
  ['endA', 'text'],
  ['endB', 'text'],
  ['style', 'text'],
  ['fitsOdMinMm', 'numeric'],
  ['fitsOdMaxMm', 'numeric'],
  ['fitAfterAssembly', 'boolean'],
] as const satisfies readonly (readonly [keyof Row, string])[];

const quoted = (field: keyof Row) => `"${components[field].name}"`;
const BULK_NAMES = sql.raw(BULK_COLUMNS.map(([field]) => quoted(field)).join(', '));
/**
 * A row travels as a JSON array: its index, a new id, then BULK_COLUMNS in order. The id is made here:
 * PGlite's gen_random_uuid() opens and reads /dev/urandom once per row.
 */
const BULK_SELECT = sql.raw(
  [
    '(e->>0)::integer as i',
    '(e->>1)::uuid as id',
    ...BULK_COLUMNS.map(([field, type], n) => `(e->>${n + 2})::${type} as ${quoted(field)}`),
  ].join(', '),
);
const BULK_UPDATES = sql.raw(
  BULK_COLUMNS.filter(([field]) => !['kind', 'partNumber', 'brand'].includes(field))
    .map(([field]) => `${quoted(field)} = excluded.${quoted(field)}`)
    .join(', '),
);
const SHARED_FIELDS: readonly string[] = [
  'kind',
  'partNumber',
  'brand',
  'description',
  'productGroup',
  'supplier',
  'cost',
  'costUnit',
  'active',
];
/** For each kind, whether each of BULK_COLUMNS is its own (the others are written as null). */
const BULK_OWNED = Object.fromEntries(
  COMPONENT_KINDS.map((kind) => {
    const own = new Set<string>([...SHARED_FIELDS, ...KIND_COLUMNS[kind]]);
    return [kind, BULK_COLUMNS.map(([field]) => own.has(field))];
  }),
) as Record<ComponentKind, boolean[]>;

function bulkRow(input: ComponentInput, index: number): unknown[] {
  const owned = BULK_OWNED[input.kind];
  const source = input as unknown as Record<string, unknown>;
  const row: unknown[] = [index, randomUUID()];
  for (let n = 0; n < BULK_COLUMNS.length; n++) {
    const field = (BULK_COLUMNS[n] as readonly [string, string])[0];
    row.push(owned[n] ? (source[field] ?? null) : null);
  }
  return row;
}

/**
 * Insert or update components by kind, brand and part number, in the caller's transaction. A batch travels
 * as one JSON parameter of arrays: building tens of thousands of bind parameters costs more than the insert
 * itself, and arrays read in half the time of objects. A key that belongs to an item of another origin (a
 * catalogue item, for a shop's own) is left untouched: `skipped` lists those inputs by index, compared by
 * the database's own lower-casing.
 */
export async function upsertComponents(
  tx: Tx,
  organizationId: string,
  inputs: readonly ComponentInput[],
  options: { sample?: boolean; origin?: 'catalogue' | 'custom'; onProgress?: (done: number) => void } = {},
): Promise<{ created: number; updated: number; skipped: number[] }> {
  let created = 0;
  let updated = 0;
  const skipped: number[] = [];
  const batch = 5000;
  const origin = options.origin ?? 'custom';
  for (let i = 0; i < inputs.length; i += batch) {
    const rows: unknown[][] = [];
    for (let n = i; n < Math.min(i + batch, inputs.length); n++) {
      rows.push(bulkRow(inputs[n] as ComponentInput, n));
    }
    const [row] = await queryRows<{ created: number; updated: number; skipped: number[] }>(
      tx,
      sql`with x as materialized (
          select ${BULK_SELECT} from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as e
        ), written as (
          insert into components (id, organization_id, origin, sample, ${BULK_NAMES})
          select id, ${organizationId}::uuid, ${origin}, ${options.sample ?? false}, ${BULK_NAMES} from x
          on conflict (organization_id, kind, part_key) do update set ${BULK_UPDATES}, updated_at = now()
          where components.origin = ${origin}
          returning part_key, (xmax = 0) as inserted
        )
        select (select count(*) from written where inserted)::integer as created,
          (select count(*) from written where not inserted)::integer as updated,
          (select coalesce(json_agg(x.i order by x.i), '[]') from x
            where lower(x.brand) || '|' || lower(x.part_number) not in (select part_key from written)) as skipped`,
    );
    created += row?.created ?? 0;
    updated += row?.updated ?? 0;
    skipped.push(...(row?.skipped ?? []));
    options.onProgress?.(Math.min(i + batch, inputs.length));
  }
  return { created, updated, skipped };
}

/** Near misses shown with their reasons, per kind of miss: a large catalogue has thousands of them. */
export const NEAR_MISSES_SHOWN = 25;

/**
 * Which fittings and ferrules fit this hose (`matchParts`), with the reasons of the exclusions. Every
 * part of the hose's series and dash is checked; of the parts that miss on one of the two (another dash of
 * the series, another series at this dash) the first NEAR_MISSES_SHOWN of each are shown with their reason,
 * so the counter sees why a familiar part is not offered without paging through the whole catalogue.
 * Series compare by equality on the stored code (its given, upper and lower case), so the query can use
 * the (organisation, kind, series, dash) index under row-level security; the domain check decides.
 */
export async function findCompatibleParts(tx: Tx, organizationId: string, hoseId: string) {
  const hose = toComponent(await findComponentRow(tx, organizationId, hoseId, 'hose'));
  if (hose.kind !== 'hose') throw AppError.notFound('This hose');
  const codes = [...new Set([hose.series, hose.series.toUpperCase(), hose.series.toLowerCase()])];
  const partsWhere = (...where: (SQL | undefined)[]) =>
    tx
      .select()
      .from(components)
      .where(and(eq(components.organizationId, organizationId), visibility(organizationId), ...where))
      .orderBy(asc(components.partNumber));
  const sameSeries = inArray(components.series, codes);
  const parts = [
    ...(await partsWhere(
      inArray(components.kind, ['crimpFitting', 'ferrule']),
      sameSeries,
      eq(components.dash, hose.dash),
    )),
    ...(await partsWhere(
      inArray(components.kind, ['crimpFitting', 'ferrule']),
      sameSeries,
      ne(components.dash, hose.dash),
    ).limit(NEAR_MISSES_SHOWN)),
    ...(await partsWhere(
      eq(components.kind, 'crimpFitting'),
      eq(components.dash, hose.dash),
      notInArray(components.series, codes),
    ).limit(NEAR_MISSES_SHOWN)),
  ];
  const series = await listSeries(tx, organizationId);
  const items = parts.map(toComponent);
  const match = matchParts({
    hose,
    fittings: items.filter((c): c is CrimpFitting => c.kind === 'crimpFitting'),
    ferrules: items.filter((c): c is Ferrule => c.kind === 'ferrule'),
    series,
  });
  return { ...match, series: findSeries(series, hose.brand, hose.series) };
}

/** A coupling series as the API answers it. */
export function toSeries(s: typeof couplingSeries.$inferSelect): CouplingSeries {
  return {
    _id: s.id,
    code: s.code,
    brand: s.brand,
    description: s.description,
    skive: s.skive,
    origin: s.origin as CouplingSeries['origin'],
  };
}

/** Every coupling series of the organisation, by brand and code. */
export async function listSeries(tx: Tx, organizationId: string): Promise<CouplingSeries[]> {
  const rows = await tx
    .select()
    .from(couplingSeries)
    .where(eq(couplingSeries.organizationId, organizationId))
    .orderBy(asc(couplingSeries.brand), asc(couplingSeries.code));
  return rows.map(toSeries);
}

/**
 * A page of crimp fittings (the `crimpfittings` list), each with the ferrule of its maker, series and dash
 * (`ferrulesForFitting`): what the counter sees before a hose is chosen. The rating is the fitting's own.
 */
export async function listFittingsWithFerrules(
  tx: Tx,
  organizationId: string,
  query: ComponentListQuery,
): Promise<ListResponse<FittingWithFerrule>> {
  const page = await listComponents(tx, organizationId, query, { kind: 'crimpFitting' });
  const fittings = page.items as CrimpFitting[];
  const twoPiece = fittings.filter((f) => f.pieces === 2);
  const ferrules = twoPiece.length
    ? (
        await tx
          .select()
          .from(components)
          .where(
            and(
              eq(components.organizationId, organizationId),
              eq(components.kind, 'ferrule'),
              visibility(organizationId),
              eq(components.active, true),
              inArray(components.dash, [...new Set(twoPiece.map((f) => f.dash))]),
              inArray(sql`lower(trim(${components.series}))`, [
                ...new Set(twoPiece.map((f) => f.series.trim().toLowerCase())),
              ]),
            ),
          )
          .orderBy(asc(components.partNumber))
      ).map((row) => toComponent(row) as Ferrule)
    : [];
  const series = await listSeries(tx, organizationId);
  return {
    items: fittings.map((f) => ({
      ...f,
      ferrule: ferrulesForFitting(f, ferrules, series)[0] ?? null,
      maxWorkingPressurePsi: f.workingPressurePsi,
    })),
    total: page.total,
    page: page.page,
  };
}

/** The fittings compatible with a hose and matching `q` (`matchesLayline`), each with its ferrule (one page). */
export async function listCompatibleFittings(
  tx: Tx,
  organizationId: string,
  hoseId: string,
  q?: string,
): Promise<ListResponse<FittingWithFerrule>> {
  const match = await findCompatibleParts(tx, organizationId, hoseId);
  const terms = parseLayline(q ?? '');
  const items = match.fittings
    .filter((f) => f.compatible && matchesLayline(terms, f.item, match.series?.description))
    .map((f) => ({
      ...f.item,
      ferrule: f.ferrule,
      maxWorkingPressurePsi: f.maxWorkingPressurePsi ?? f.item.workingPressurePsi,
    }));
  return { items, total: items.length, page: 1 };
}

/**
 * The ferrules of the `ferrule` call: with a hose and a fitting, the one chosen for them (0 or 1); with a
 * hose, those compatible with it; with a fitting, those it takes (paged); with neither, every ferrule. Each
 * answer holds only the ferrules matching `q` (`parseLayline`).
 */
export async function listMatchingFerrules(
  tx: Tx,
  organizationId: string,
  query: ComponentListQuery & { hoseId?: string; crimpFittingId?: string },
): Promise<ListResponse<Ferrule>> {
  const { hoseId, crimpFittingId } = query;
  const fitting = crimpFittingId
    ? (toComponent(
        await findComponentRow(tx, organizationId, crimpFittingId, 'crimpFitting'),
      ) as CrimpFitting)
    : undefined;
  if (hoseId) {
    const match = await findCompatibleParts(tx, organizationId, hoseId);
    const terms = parseLayline(query.q ?? '');
    const items = (
      fitting
        ? match.fittings.flatMap((f) => (f.item._id === fitting._id && f.ferrule ? [f.ferrule] : []))
        : match.ferrules.filter((f) => f.compatible).map((f) => f.item)
    ).filter((f) => matchesLayline(terms, f, match.series?.description));
    return { items, total: items.length, page: 1 };
  }
  if (!fitting) {
    return (await listComponents(tx, organizationId, query, { kind: 'ferrule' })) as ListResponse<Ferrule>;
  }
  if (fitting.pieces !== 2) return { items: [], total: 0, page: query.page };
  // The same ferrules as `ferrulesForFitting`, paged by the database.
  const own = findSeries(await listSeries(tx, organizationId), fitting.brand, fitting.series);
  const takes: ComponentListQuery = {
    ...query,
    brand: [fitting.brand],
    series: [fitting.series],
    dash: [fitting.dash],
    active: true,
    skive: own ? own.skive : query.skive,
  };
  return (await listComponents(tx, organizationId, takes, { kind: 'ferrule' })) as ListResponse<Ferrule>;
}
