/**
 * Price lists (ADR 21; contracts in packages/domain/src/estimates/price-list-contracts.ts). Every function
 * takes the tenant transaction and the organisation; another organisation's id answers like a missing one.
 *
 * A list has dated versions (`price_list_versions`) and at most one draft (`effective_from` null). Prices
 * change only in the draft, which starts as a copy of the version in force; publishing gives it its first
 * day in one statement. The engine (`price-lists.ts` in the domain) answers the version in force, the review
 * of a draft and the margin alerts; this file loads and stores.
 *
 * Today's cost of an item, in the base currency (`costsOf`): a component's `cost`, which is per its cost unit
 * (each, metre or foot), so a component's list price is per that unit too, as the kit screen prices a
 * component line; an assembly's roll-up (`computeAssembly` over today's parts, as the builder computes it);
 * a kit's roll-up (`getKit`'s totals, as the kit screen shows it; lines without a cost count nothing).
 */
import {
  AppErrorCode,
  assemblyTitle,
  baseToMinorUnits,
  type CurrencyContext,
  computeAssembly,
  diffPriceListItems,
  findMarginAlerts,
  isBelowTargetMargin,
  kitTitle,
  type ListResponse,
  type MarginAlert,
  marginPctOf,
  minorDigits,
  type PriceListDetail,
  type PriceListInput,
  type PriceListItem,
  type PriceListItemInput,
  type PriceListItemRow,
  type PriceListItemsQuery,
  type PriceListItemType,
  type PriceListPublish,
  type PriceListReview,
  type PriceListSummary,
  type PriceListUpdate,
  type PriceListVersionInfo,
  type PriceListVersion as PublishedVersion,
  priceListItemKey,
  type priceListListQuerySchema,
  type QuantityBreak,
  versionInForce,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  components,
  customers,
  hoseAssemblies,
  hoseKits,
  priceListItems,
  priceLists,
  priceListVersions,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { today } from '../../lib/today.ts';
import { loadParts, type StoredSpec, settingsOf } from '../assemblies/service.ts';
import { assertCurrencyAvailable, currencyRates, pricingFor } from '../currencies/service.ts';
import { likePattern } from '../customers/service.ts';
import { kitUnitCosts } from '../kits/service.ts';
import { getSettings } from '../organization/service.ts';

type ListRow = typeof priceLists.$inferSelect;
type VersionRow = typeof priceListVersions.$inferSelect;
type PriceListListQuery = z.infer<typeof priceListListQuerySchema>;

interface Version {
  row: VersionRow;
  /** A draft's items counted now; a published version's as stored when it was published. */
  itemCount: number;
  publishedByName: string | null;
}

const LIST = 'This price list';
const ITEM_LABEL: Record<PriceListItemType, string> = {
  component: 'This component',
  assembly: 'This hose assembly',
  kit: 'This hose kit',
};

function conflict(message: string, field?: string): AppError {
  return new AppError(AppErrorCode.Conflict, message, field ? { field } : undefined);
}

function badInput(field: string, message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path: [field], message }] });
}

// ---------------------------------------------------------------------------------------------------------
// Reading lists and versions
// ---------------------------------------------------------------------------------------------------------

export async function findPriceListRow(tx: Tx, organizationId: string, id: string): Promise<ListRow> {
  const [row] = await tx
    .select()
    .from(priceLists)
    .where(and(eq(priceLists.organizationId, organizationId), eq(priceLists.id, id)));
  if (!row) throw AppError.notFound(LIST);
  return row;
}

/** A list of the organisation by name (case-insensitive), or null. */
export async function findPriceListByName(
  tx: Tx,
  organizationId: string,
  name: string,
): Promise<ListRow | null> {
  const [row] = await tx
    .select()
    .from(priceLists)
    .where(
      and(
        eq(priceLists.organizationId, organizationId),
        sql`lower(${priceLists.name}) = ${name.toLowerCase()}`,
      ),
    );
  return row ?? null;
}

/** Every version of these lists, by list, in the order they were published (the draft last). */
async function versionsOf(
  tx: Tx,
  organizationId: string,
  listIds: string[],
): Promise<Map<string, Version[]>> {
  const out = new Map<string, Version[]>();
  if (listIds.length === 0) return out;
  const rows = await tx
    .select({
      row: priceListVersions,
      publishedByName: users.name,
      draftCount: sql<number | null>`case when ${priceListVersions.effectiveFrom} is null
        then (select count(*) from price_list_items i where i.version_id = ${priceListVersions.id})::int end`,
    })
    .from(priceListVersions)
    .leftJoin(users, eq(users.id, priceListVersions.publishedBy))
    .where(
      and(
        eq(priceListVersions.organizationId, organizationId),
        inArray(priceListVersions.priceListId, listIds),
      ),
    )
    .orderBy(sql`${priceListVersions.publishedAt} asc nulls last`, asc(priceListVersions.createdAt));
  for (const r of rows) {
    const list = out.get(r.row.priceListId) ?? [];
    list.push({
      row: r.row,
      itemCount: r.draftCount === null ? r.row.itemCount : Number(r.draftCount),
      publishedByName: r.publishedByName,
    });
    out.set(r.row.priceListId, list);
  }
  return out;
}

const draftOf = (versions: readonly Version[]) => versions.find((v) => v.row.effectiveFrom === null) ?? null;

/** The published version in force on `date` (`versionInForce`; two on one day, the later published). */
function inForceOf(versions: readonly Version[], date: string): Version | null {
  const published = versions.filter((v) => v.row.effectiveFrom !== null);
  const found = versionInForce(
    published.map(
      (v): PublishedVersion => ({ id: v.row.id, effectiveFrom: v.row.effectiveFrom ?? '', items: [] }),
    ),
    date,
  );
  return found ? (published.find((v) => v.row.id === found.id) ?? null) : null;
}

function toSummary(row: ListRow, versions: readonly Version[], customerCount: number): PriceListSummary {
  const inForce = inForceOf(versions, today());
  const draft = draftOf(versions);
  return {
    _id: row.id,
    name: row.name,
    currency: row.currency,
    description: row.description,
    inForce: inForce
      ? { _id: inForce.row.id, effectiveFrom: inForce.row.effectiveFrom ?? '', itemCount: inForce.itemCount }
      : null,
    draft: draft ? { _id: draft.row.id, itemCount: draft.itemCount } : null,
    customerCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function customerCounts(
  tx: Tx,
  organizationId: string,
  listIds: string[],
): Promise<Map<string, number>> {
  if (listIds.length === 0) return new Map();
  const rows = await tx
    .select({ listId: customers.priceListId, n: count() })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), inArray(customers.priceListId, listIds)))
    .groupBy(customers.priceListId);
  return new Map(rows.map((r) => [r.listId ?? '', r.n]));
}

const SORT_COLUMNS = {
  name: sql`lower(${priceLists.name})`,
  currency: priceLists.currency,
  updatedAt: priceLists.updatedAt,
} as const;

export async function listPriceLists(
  tx: Tx,
  organizationId: string,
  query: PriceListListQuery,
): Promise<ListResponse<PriceListSummary>> {
  const conditions: (SQL | undefined)[] = [eq(priceLists.organizationId, organizationId)];
  if (query.q) {
    conditions.push(
      sql`lower(${priceLists.name} || ' ' || ${priceLists.description}) like ${likePattern(query.q)}`,
    );
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await tx
    .select()
    .from(priceLists)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), asc(sql`lower(${priceLists.name})`), asc(priceLists.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(priceLists).where(where);
    return counted?.n ?? 0;
  });
  const ids = rows.map((r) => r.id);
  const [versions, counts] = await Promise.all([
    versionsOf(tx, organizationId, ids),
    customerCounts(tx, organizationId, ids),
  ]);
  return {
    items: rows.map((r) => toSummary(r, versions.get(r.id) ?? [], counts.get(r.id) ?? 0)),
    total,
    page: query.page,
  };
}

function toVersionInfo(v: Version, inForceId: string | null): PriceListVersionInfo {
  return {
    _id: v.row.id,
    effectiveFrom: v.row.effectiveFrom,
    publishedAt: v.row.publishedAt?.toISOString() ?? null,
    publishedBy:
      v.row.publishedBy && v.publishedByName !== null
        ? { _id: v.row.publishedBy, name: v.publishedByName }
        : null,
    itemCount: v.itemCount,
    note: v.row.note,
    inForce: v.row.id === inForceId,
  };
}

export async function getPriceList(tx: Tx, organizationId: string, id: string): Promise<PriceListDetail> {
  const row = await findPriceListRow(tx, organizationId, id);
  const [versionMap, listCustomers, settings] = await Promise.all([
    versionsOf(tx, organizationId, [id]),
    tx
      .select({ _id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.organizationId, organizationId), eq(customers.priceListId, id)))
      .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id)),
    getSettings(tx, organizationId),
  ]);
  const versions = versionMap.get(id) ?? [];
  const inForce = inForceOf(versions, today());
  const targetMarginPct = Number(settings.targetMarginPct);
  const alertCount = inForce
    ? await alertCountOf(tx, organizationId, row, inForce.row.id, targetMarginPct)
    : 0;
  // The draft first, then the newest first.
  const ordered = [...versions].sort((a, b) => {
    if (a.row.effectiveFrom === null) return -1;
    if (b.row.effectiveFrom === null) return 1;
    return (
      b.row.effectiveFrom.localeCompare(a.row.effectiveFrom) ||
      (b.row.publishedAt?.getTime() ?? 0) - (a.row.publishedAt?.getTime() ?? 0)
    );
  });
  return {
    ...toSummary(row, versions, listCustomers.length),
    versions: ordered.map((v) => toVersionInfo(v, inForce?.row.id ?? null)),
    customers: listCustomers,
    alertCount,
    targetMarginPct,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing lists
// ---------------------------------------------------------------------------------------------------------

async function assertNameFree(
  tx: Tx,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const clash = await findPriceListByName(tx, organizationId, name);
  if (clash && clash.id !== exceptId) throw conflict(`A price list named ${clash.name} exists`, 'name');
}

/** The list prices exactly these customers' estimates: any other customer it priced no longer uses it. */
async function setCustomers(
  tx: Tx,
  organizationId: string,
  listId: string,
  customerIds: string[],
): Promise<void> {
  const ids = [...new Set(customerIds)];
  if (ids.length > 0) {
    const found = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, ids)));
    if (found.length !== ids.length) throw AppError.notFound('This customer');
  }
  await tx
    .update(customers)
    .set({ priceListId: null })
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.priceListId, listId),
        ids.length > 0 ? notInArray(customers.id, ids) : undefined,
      ),
    );
  if (ids.length > 0) {
    await tx
      .update(customers)
      .set({ priceListId: listId })
      .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, ids)));
  }
}

export async function createPriceList(
  tx: Tx,
  organizationId: string,
  input: PriceListInput,
): Promise<PriceListDetail> {
  await assertNameFree(tx, organizationId, input.name);
  const currency = input.currency ?? (await getSettings(tx, organizationId)).baseCurrency;
  await assertCurrencyAvailable(tx, organizationId, currency);
  const [row] = await tx
    .insert(priceLists)
    .values({ organizationId, name: input.name, currency, description: input.description })
    .returning({ id: priceLists.id });
  if (!row) throw new Error('price list was not created');
  if (input.customerIds) await setCustomers(tx, organizationId, row.id, input.customerIds);
  return getPriceList(tx, organizationId, row.id);
}

export async function updatePriceList(
  tx: Tx,
  organizationId: string,
  id: string,
  input: PriceListUpdate,
): Promise<PriceListDetail> {
  const row = await findPriceListRow(tx, organizationId, id);
  const changes: Partial<typeof priceLists.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined && input.name !== row.name) {
    await assertNameFree(tx, organizationId, input.name, id);
    changes.name = input.name;
  }
  if (input.currency !== undefined && input.currency !== row.currency) {
    const [published] = await tx
      .select({ id: priceListVersions.id })
      .from(priceListVersions)
      .where(
        and(
          eq(priceListVersions.organizationId, organizationId),
          eq(priceListVersions.priceListId, id),
          sql`${priceListVersions.effectiveFrom} is not null`,
        ),
      )
      .limit(1);
    if (published) {
      throw conflict(
        `The currency of ${row.name} cannot change: a version is published in ${row.currency}. Make a new price list instead.`,
        'currency',
      );
    }
    await assertCurrencyAvailable(tx, organizationId, input.currency);
    changes.currency = input.currency;
  }
  if (input.description !== undefined) changes.description = input.description;
  if (input.customerIds) await setCustomers(tx, organizationId, id, input.customerIds);
  await tx.update(priceLists).set(changes).where(eq(priceLists.id, id));
  return getPriceList(tx, organizationId, id);
}

/** Every version goes with it; its customers' `price_list_id` is cleared by the foreign key. */
export async function deletePriceList(tx: Tx, organizationId: string, id: string): Promise<void> {
  await findPriceListRow(tx, organizationId, id);
  await tx
    .delete(priceLists)
    .where(and(eq(priceLists.organizationId, organizationId), eq(priceLists.id, id)));
}

// ---------------------------------------------------------------------------------------------------------
// Items, costs and margins
// ---------------------------------------------------------------------------------------------------------

type ItemRow = typeof priceListItems.$inferSelect;

function toEngineItem(r: ItemRow): PriceListItem {
  return {
    itemType: r.itemType as PriceListItemType,
    itemId: r.itemId,
    partNumber: r.partNumber,
    description: r.description,
    unitPrice: Number(r.unitPrice),
    breaks: (r.breaks ?? []) as QuantityBreak[],
  };
}

/** Every item of a version, for the engine (a review, the alerts). */
async function itemsOf(tx: Tx, organizationId: string, versionId: string): Promise<PriceListItem[]> {
  const rows = await tx
    .select()
    .from(priceListItems)
    .where(and(eq(priceListItems.organizationId, organizationId), eq(priceListItems.versionId, versionId)));
  return rows.map(toEngineItem);
}

/** The list's currency against the base currency of costs; null when the organisation lost its rate. */
async function currencyContext(
  tx: Tx,
  organizationId: string,
  currency: string,
): Promise<CurrencyContext | null> {
  const { base, rates } = await currencyRates(tx, organizationId);
  if (currency === base) return { baseCurrency: base, currency, rate: 1 };
  const rate = rates.get(currency);
  return rate === undefined ? null : { baseCurrency: base, currency, rate };
}

/** Today's cost of each assembly (base currency): `computeAssembly` over today's parts; null if a part is gone. */
async function assemblyCosts(
  tx: Tx,
  organizationId: string,
  ids: string[],
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  if (ids.length === 0) return out;
  const rows = await tx
    .select({ id: hoseAssemblies.id, spec: hoseAssemblies.spec })
    .from(hoseAssemblies)
    .where(and(eq(hoseAssemblies.organizationId, organizationId), inArray(hoseAssemblies.id, ids)));
  const settings = await settingsOf(tx, organizationId);
  const pricing = await pricingFor(tx, organizationId, null);
  for (const r of rows) {
    const { input } = r.spec as StoredSpec;
    try {
      const parts = await loadParts(tx, organizationId, input, settings);
      out.set(r.id, computeAssembly(parts, input, pricing).costs.unitCost);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.set(r.id, null);
    }
  }
  return out;
}

/**
 * Today's cost of `items` in the base currency, by `priceListItemKey`: components by their ids in one query
 * (a page of items), assemblies through their roll-ups one by one (lists hold few of them), kits in one query.
 */
async function costsOf(
  tx: Tx,
  organizationId: string,
  items: readonly { itemType: string; itemId: string }[],
): Promise<Map<string, number | null>> {
  const costs = new Map<string, number | null>();
  const idsOf = (type: PriceListItemType) => items.filter((i) => i.itemType === type).map((i) => i.itemId);
  const componentIds = idsOf('component');
  const componentRows =
    componentIds.length > 0
      ? await tx
          .select({ id: components.id, cost: components.cost })
          .from(components)
          .where(and(eq(components.organizationId, organizationId), inArray(components.id, componentIds)))
      : [];
  for (const r of componentRows) {
    costs.set(priceListItemKey('component', r.id), r.cost === null ? null : Number(r.cost));
  }
  for (const [id, cost] of await assemblyCosts(tx, organizationId, idsOf('assembly'))) {
    costs.set(priceListItemKey('assembly', id), cost);
  }
  const { hasParker } = await settingsOf(tx, organizationId);
  for (const [id, cost] of await kitUnitCosts(tx, organizationId, idsOf('kit'), hasParker)) {
    costs.set(priceListItemKey('kit', id), cost);
  }
  return costs;
}

/**
 * Every item of a version (that `where` also allows) with today's cost: components joined in the same
 * query, so a version of 100,000 items is judged in one statement; assemblies and kits by their roll-ups.
 */
async function itemsWithCosts(
  tx: Tx,
  organizationId: string,
  versionId: string,
  where?: SQL,
): Promise<{ items: PriceListItem[]; costs: Map<string, number | null> }> {
  const rows = await tx
    .select({ item: priceListItems, componentCost: components.cost })
    .from(priceListItems)
    .leftJoin(
      components,
      and(
        eq(priceListItems.itemType, 'component'),
        eq(components.id, priceListItems.itemId),
        eq(components.organizationId, organizationId),
      ),
    )
    .where(
      and(eq(priceListItems.organizationId, organizationId), eq(priceListItems.versionId, versionId), where),
    );
  const items = rows.map((r) => toEngineItem(r.item));
  const costs = await costsOf(
    tx,
    organizationId,
    items.filter((i) => i.itemType !== 'component'),
  );
  for (const r of rows) {
    if (r.item.itemType !== 'component' || r.componentCost === null) continue;
    costs.set(priceListItemKey('component', r.item.itemId), Number(r.componentCost));
  }
  return { items, costs };
}

/** The items of a version below the target margin at today's cost (`findMarginAlerts`), worst first. */
async function alertsOf(
  tx: Tx,
  organizationId: string,
  list: ListRow,
  versionId: string,
  targetMarginPct: number,
): Promise<MarginAlert[]> {
  const ctx = await currencyContext(tx, organizationId, list.currency);
  if (!ctx) return [];
  const { items, costs } = await itemsWithCosts(tx, organizationId, versionId);
  return findMarginAlerts(items, costs, targetMarginPct, ctx);
}

/**
 * How many items of a version `alertsOf` would list, without reading a large version into memory: the
 * components are judged in one statement (the same rule as `isBelowTargetMargin` on each item's lowest price,
 * the cost converted as `baseToMinorUnits` does), assemblies and kits by their roll-ups.
 */
async function alertCountOf(
  tx: Tx,
  organizationId: string,
  list: ListRow,
  versionId: string,
  targetMarginPct: number,
): Promise<number> {
  const ctx = await currencyContext(tx, organizationId, list.currency);
  if (!ctx) return 0;
  const rate = ctx.currency === ctx.baseCurrency ? 1 : ctx.rate;
  const scale = 10 ** minorDigits(ctx.currency);
  const target = Math.round(targetMarginPct * 1000);
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`with judged as (
          select least(i.unit_price, coalesce((select min((b->>'unitPrice')::bigint)
                   from jsonb_array_elements(i.breaks) b), i.unit_price)) as price,
                 round(round(c.cost::numeric * ${rate}::numeric * 100) / 100 * ${scale}) as cost
            from price_list_items i
            join components c on c.id = i.item_id and c.organization_id = i.organization_id
           where i.organization_id = ${organizationId} and i.version_id = ${versionId}
             and i.item_type = 'component' and c.cost is not null)
        select count(*)::int as n from judged
         where (price <= 0 and cost > 0) or (price > 0 and (price - cost) * 100000 < ${target}::numeric * price)`,
  );
  const { items, costs } = await itemsWithCosts(
    tx,
    organizationId,
    versionId,
    sql`${priceListItems.itemType} <> 'component'`,
  );
  return (counted?.n ?? 0) + findMarginAlerts(items, costs, targetMarginPct, ctx).length;
}

export async function listPriceListAlerts(tx: Tx, organizationId: string, id: string) {
  const row = await findPriceListRow(tx, organizationId, id);
  const versions = (await versionsOf(tx, organizationId, [id])).get(id) ?? [];
  const inForce = inForceOf(versions, today());
  const targetMarginPct = Number((await getSettings(tx, organizationId)).targetMarginPct);
  const alerts = inForce ? await alertsOf(tx, organizationId, row, inForce.row.id, targetMarginPct) : [];
  return { targetMarginPct, versionId: inForce?.row.id ?? null, alerts };
}

/**
 * One item as the items list shows it: today's cost in the list's currency, the margin of its own price,
 * and whether its lowest price (own or any break) is below the target, as the alerts judge it.
 */
function toItemRow(
  item: PriceListItem,
  cost: number | null | undefined,
  ctx: CurrencyContext | null,
  targetMarginPct: number,
): PriceListItemRow {
  const unitCost = cost === null || cost === undefined || !ctx ? null : baseToMinorUnits(cost, ctx);
  const breaks = [...(item.breaks ?? [])];
  const lowest = Math.min(item.unitPrice, ...breaks.map((b) => b.unitPrice));
  return {
    itemType: item.itemType,
    itemId: item.itemId,
    partNumber: item.partNumber,
    description: item.description ?? '',
    unitPrice: item.unitPrice,
    breaks,
    unitCost,
    marginPct: unitCost === null ? null : marginPctOf(item.unitPrice, unitCost),
    belowTargetMargin: unitCost !== null && isBelowTargetMargin(lowest, unitCost, targetMarginPct),
  };
}

const byPartNumber = (a: PriceListItemRow, b: PriceListItemRow) =>
  a.partNumber.localeCompare(b.partNumber, 'en', { numeric: true });

/**
 * One page of a version's items (the version in force when none is named, else the draft). Costs are
 * computed for the page only, unless the filter or the order needs every margin.
 */
export async function listPriceListItems(
  tx: Tx,
  organizationId: string,
  id: string,
  query: PriceListItemsQuery,
): Promise<ListResponse<PriceListItemRow>> {
  const row = await findPriceListRow(tx, organizationId, id);
  const versions = (await versionsOf(tx, organizationId, [id])).get(id) ?? [];
  const version = query.versionId
    ? versions.find((v) => v.row.id === query.versionId)
    : (inForceOf(versions, today()) ?? draftOf(versions));
  if (query.versionId && !version) throw AppError.notFound('This version');
  if (!version) return { items: [], total: 0, page: query.page };
  const [ctx, settings] = await Promise.all([
    currencyContext(tx, organizationId, row.currency),
    getSettings(tx, organizationId),
  ]);
  const target = Number(settings.targetMarginPct);
  const conditions: (SQL | undefined)[] = [
    eq(priceListItems.organizationId, organizationId),
    eq(priceListItems.versionId, version.row.id),
  ];
  const search = query.q
    ? sql`lower(${priceListItems.partNumber} || ' ' || ${priceListItems.description}) like ${likePattern(query.q)}`
    : undefined;
  conditions.push(search);
  const where = and(...conditions);
  const start = (query.page - 1) * query.itemsPerPage;

  if (query.belowTarget || query.sort === 'marginPct') {
    const { items, costs } = await itemsWithCosts(tx, organizationId, version.row.id, search);
    let rows = items.map((i) => toItemRow(i, costs.get(priceListItemKey(i.itemType, i.itemId)), ctx, target));
    if (query.belowTarget) rows = rows.filter((r) => r.belowTargetMargin);
    const sign = query.order === 'desc' ? -1 : 1;
    rows.sort((a, b) => {
      if (query.sort === 'marginPct') {
        if (a.marginPct === null || b.marginPct === null) {
          if (a.marginPct !== b.marginPct) return a.marginPct === null ? 1 : -1;
        } else if (a.marginPct !== b.marginPct) return sign * (a.marginPct - b.marginPct);
        return byPartNumber(a, b);
      }
      if (query.sort === 'unitPrice' && a.unitPrice !== b.unitPrice)
        return sign * (a.unitPrice - b.unitPrice);
      return sign * byPartNumber(a, b);
    });
    return { items: rows.slice(start, start + query.itemsPerPage), total: rows.length, page: query.page };
  }

  const direction = query.order === 'desc' ? desc : asc;
  const column =
    query.sort === 'unitPrice' ? priceListItems.unitPrice : sql`lower(${priceListItems.partNumber})`;
  const page = await tx
    .select()
    .from(priceListItems)
    .where(where)
    .orderBy(direction(column), asc(sql`lower(${priceListItems.partNumber})`), asc(priceListItems.itemId))
    .limit(query.itemsPerPage)
    .offset(start);
  const total = await totalOf(page.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(priceListItems).where(where);
    return counted?.n ?? 0;
  });
  const items = page.map(toEngineItem);
  const costs = await costsOf(tx, organizationId, items);
  return {
    items: items.map((i) => toItemRow(i, costs.get(priceListItemKey(i.itemType, i.itemId)), ctx, target)),
    total,
    page: query.page,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The draft
// ---------------------------------------------------------------------------------------------------------

async function draftIdOf(tx: Tx, organizationId: string, listId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: priceListVersions.id })
    .from(priceListVersions)
    .where(
      and(
        eq(priceListVersions.organizationId, organizationId),
        eq(priceListVersions.priceListId, listId),
        isNull(priceListVersions.effectiveFrom),
      ),
    );
  return row?.id ?? null;
}

/**
 * The list's draft, made when there is none: a copy of the version in force today (one INSERT ... SELECT),
 * or empty before the first version.
 */
export async function ensureDraft(
  tx: Tx,
  organizationId: string,
  listId: string,
): Promise<{ id: string; created: boolean }> {
  const existing = await draftIdOf(tx, organizationId, listId);
  if (existing) return { id: existing, created: false };
  const [made] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${priceListVersions} (organization_id, price_list_id)
        values (${organizationId}, ${listId})
        on conflict (price_list_id) where effective_from is null do nothing
        returning id`,
  );
  // Another request made it a moment ago.
  if (!made) return { id: (await draftIdOf(tx, organizationId, listId)) ?? '', created: false };
  const versions = (await versionsOf(tx, organizationId, [listId])).get(listId) ?? [];
  const inForce = inForceOf(versions, today());
  if (inForce) {
    await tx.execute(
      sql`insert into ${priceListItems}
            (organization_id, version_id, item_type, item_id, part_number, description, unit_price, breaks)
          select organization_id, ${made.id}, item_type, item_id, part_number, description, unit_price, breaks
          from ${priceListItems} where organization_id = ${organizationId} and version_id = ${inForce.row.id}`,
    );
  }
  return { id: made.id, created: true };
}

async function touch(tx: Tx, listId: string): Promise<void> {
  await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, listId));
}

/** An item of the organisation as a list shows it (an assembly or a kit by its title), or 404. */
async function describeItem(
  tx: Tx,
  organizationId: string,
  itemType: PriceListItemType,
  itemId: string,
): Promise<{ partNumber: string; description: string }> {
  if (itemType === 'component') {
    const [row] = await tx
      .select({ partNumber: components.partNumber, description: components.description })
      .from(components)
      .where(and(eq(components.organizationId, organizationId), eq(components.id, itemId)));
    if (row) return row;
  } else {
    const table = itemType === 'assembly' ? hoseAssemblies : hoseKits;
    const [row] = await tx
      .select({ partNumber: table.partNumber, revision: table.revision, description: table.description })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), eq(table.id, itemId)));
    if (row) {
      const { delimiter } = await settingsOf(tx, organizationId);
      const title = itemType === 'assembly' ? assemblyTitle : kitTitle;
      return { partNumber: title(row.partNumber, row.revision, delimiter), description: row.description };
    }
  }
  throw AppError.notFound(ITEM_LABEL[itemType]);
}

const sortedBreaks = (breaks: readonly QuantityBreak[]) =>
  [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);

export async function savePriceListItem(
  tx: Tx,
  organizationId: string,
  id: string,
  input: PriceListItemInput,
): Promise<PriceListDetail> {
  await findPriceListRow(tx, organizationId, id);
  const item = await describeItem(tx, organizationId, input.itemType, input.itemId);
  const draft = await ensureDraft(tx, organizationId, id);
  const breaks = sortedBreaks(input.breaks);
  await tx
    .insert(priceListItems)
    .values({
      organizationId,
      versionId: draft.id,
      itemType: input.itemType,
      itemId: input.itemId,
      partNumber: item.partNumber,
      description: item.description,
      unitPrice: input.unitPrice,
      breaks,
    })
    .onConflictDoUpdate({
      target: [priceListItems.versionId, priceListItems.itemType, priceListItems.itemId],
      set: { partNumber: item.partNumber, description: item.description, unitPrice: input.unitPrice, breaks },
    });
  await touch(tx, id);
  return getPriceList(tx, organizationId, id);
}

export async function removePriceListItem(
  tx: Tx,
  organizationId: string,
  id: string,
  ref: { itemType: PriceListItemType; itemId: string },
): Promise<PriceListDetail> {
  await findPriceListRow(tx, organizationId, id);
  const draft = await ensureDraft(tx, organizationId, id);
  const removed = await tx
    .delete(priceListItems)
    .where(
      and(
        eq(priceListItems.organizationId, organizationId),
        eq(priceListItems.versionId, draft.id),
        eq(priceListItems.itemType, ref.itemType),
        eq(priceListItems.itemId, ref.itemId),
      ),
    )
    .returning({ itemId: priceListItems.itemId });
  if (removed.length === 0) throw AppError.notFound(`${ITEM_LABEL[ref.itemType]} in the draft`);
  await touch(tx, id);
  return getPriceList(tx, organizationId, id);
}

export async function discardPriceListDraft(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<PriceListDetail> {
  await findPriceListRow(tx, organizationId, id);
  const deleted = await tx
    .delete(priceListVersions)
    .where(
      and(
        eq(priceListVersions.organizationId, organizationId),
        eq(priceListVersions.priceListId, id),
        isNull(priceListVersions.effectiveFrom),
      ),
    )
    .returning({ id: priceListVersions.id });
  if (deleted.length > 0) await touch(tx, id);
  return getPriceList(tx, organizationId, id);
}

/** What publishing the draft on `effectiveFrom` (today when left out) would change (`diffPriceListItems`). */
export async function reviewPriceListDraft(
  tx: Tx,
  organizationId: string,
  id: string,
  effectiveFrom: string | undefined,
): Promise<PriceListReview> {
  const row = await findPriceListRow(tx, organizationId, id);
  const versions = (await versionsOf(tx, organizationId, [id])).get(id) ?? [];
  const draft = draftOf(versions);
  if (!draft) throw conflict('There is no draft to review: import prices or change one first');
  const compared = inForceOf(versions, effectiveFrom ?? today());
  const [drafted, currentItems] = await Promise.all([
    itemsWithCosts(tx, organizationId, draft.row.id),
    compared ? itemsOf(tx, organizationId, compared.row.id) : Promise.resolve(null),
  ]);
  const draftItems = drafted.items;
  const diff = diffPriceListItems(currentItems, draftItems);
  const target = Number((await getSettings(tx, organizationId)).targetMarginPct);
  const ctx = await currencyContext(tx, organizationId, row.currency);
  const alertCount = ctx ? findMarginAlerts(draftItems, drafted.costs, target, ctx).length : 0;
  const reviewItem = (i: PriceListItem) => ({
    itemType: i.itemType,
    itemId: i.itemId,
    partNumber: i.partNumber,
    description: i.description ?? '',
    unitPrice: i.unitPrice,
  });
  return {
    draftId: draft.row.id,
    comparedWith: compared ? { _id: compared.row.id, effectiveFrom: compared.row.effectiveFrom ?? '' } : null,
    added: diff.added.map(reviewItem),
    removed: diff.removed.map(reviewItem),
    changed: diff.changed,
    unchangedCount: diff.unchangedCount,
    upCount: diff.upCount,
    downCount: diff.downCount,
    alertCount,
  };
}

/**
 * The draft becomes the version from `effectiveFrom` (today or later): its day, when and by whom, and its
 * item count are set in one statement.
 */
export async function publishPriceListDraft(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
  input: PriceListPublish,
): Promise<PriceListDetail> {
  await findPriceListRow(tx, organizationId, id);
  const first = today();
  if (input.effectiveFrom < first) {
    throw badInput(
      'effectiveFrom',
      `Publish from today (${first}) or a later day: estimates already dated keep their prices`,
    );
  }
  const [published] = await queryRows<{ itemCount: number }>(
    tx,
    sql`update ${priceListVersions} v set effective_from = ${input.effectiveFrom}, published_at = now(),
          published_by = ${userId}, note = ${input.note},
          item_count = (select count(*) from ${priceListItems} i where i.version_id = v.id)
        where v.organization_id = ${organizationId} and v.price_list_id = ${id} and v.effective_from is null
        returning v.item_count as "itemCount"`,
  );
  if (!published) throw conflict('There is no draft to publish: import prices or change one first');
  if (Number(published.itemCount) === 0) {
    throw conflict('The draft has no prices: add items before publishing it');
  }
  await touch(tx, id);
  return getPriceList(tx, organizationId, id);
}
