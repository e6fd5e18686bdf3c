/**
 * Price lists (enterprise): a name, a currency and dated versions of item prices with quantity breaks. The
 * version in force on a date is the latest whose `effectiveFrom` is on or before it, so an estimate keeps the
 * prices of its own date after a new version is published. Prices are integers in the minor units of the
 * list's currency (`money.ts`). This file answers the version in force, the price for a quantity, the
 * differences an import would make and the margin alerts; storage is the server's.
 */
import { convertFromBase } from '../currencies/currencies.ts';
import { percentage, toMinorUnits } from './money.ts';

/** What a price list can price: any component (other items included), assembly or kit. */
export const PRICE_LIST_ITEM_TYPES = ['component', 'assembly', 'kit'] as const;
export type PriceListItemType = (typeof PRICE_LIST_ITEM_TYPES)[number];

/** From `minQuantity` units on a line, each costs `unitPrice` (minor units). */
export interface QuantityBreak {
  minQuantity: number;
  unitPrice: number;
}

export interface PriceListItem {
  itemType: PriceListItemType;
  itemId: string;
  /** Shown in reviews and alerts; the item is found by type and id. */
  partNumber: string;
  description?: string;
  /** Minor units of the list's currency, below the smallest break (or with none). */
  unitPrice: number;
  breaks?: readonly QuantityBreak[];
}

export interface PriceListVersion {
  id: string;
  /** ISO date (YYYY-MM-DD): the first day this version prices. */
  effectiveFrom: string;
  items: readonly PriceListItem[];
}

export interface PriceList {
  id: string;
  name: string;
  /** ISO 4217; a list prices only estimates in its own currency. */
  currency: string;
  versions: readonly PriceListVersion[];
}

/** The key an item is found by in a version: its type and id. */
export function priceListItemKey(itemType: PriceListItemType, itemId: string): string {
  return `${itemType}:${itemId}`;
}

/**
 * The version in force on `date` (ISO YYYY-MM-DD, or a date-time whose date part counts): the latest whose
 * `effectiveFrom` is on or before it; null before the first. Two versions on the same day: the later listed.
 */
export function versionInForce(versions: readonly PriceListVersion[], date: string): PriceListVersion | null {
  const day = date.slice(0, 10);
  let found: PriceListVersion | null = null;
  for (const version of versions) {
    if (version.effectiveFrom > day) continue;
    if (!found || version.effectiveFrom >= found.effectiveFrom) found = version;
  }
  return found;
}

const INDEXES = new WeakMap<readonly PriceListItem[], ReadonlyMap<string, PriceListItem>>();

/**
 * The version's items by `priceListItemKey`, built once per items array and kept while the array lives: a
 * 200-line estimate against 100,000 items looks each line up instead of scanning the list.
 */
export function indexVersionItems(version: PriceListVersion): ReadonlyMap<string, PriceListItem> {
  const cached = INDEXES.get(version.items);
  if (cached) return cached;
  const index = new Map<string, PriceListItem>();
  for (const item of version.items) index.set(priceListItemKey(item.itemType, item.itemId), item);
  INDEXES.set(version.items, index);
  return index;
}

/**
 * The unit price of `item` for a line of `quantity`: the break with the largest `minQuantity` not above the
 * quantity, else the item's own price. `minQuantity` is null when the item's own price applies.
 */
export function priceForQuantity(
  item: PriceListItem,
  quantity: number,
): { unitPrice: number; minQuantity: number | null } {
  let best: QuantityBreak | null = null;
  for (const b of item.breaks ?? []) {
    if (b.minQuantity <= quantity && (!best || b.minQuantity > best.minQuantity)) best = b;
  }
  return best
    ? { unitPrice: best.unitPrice, minQuantity: best.minQuantity }
    : { unitPrice: item.unitPrice, minQuantity: null };
}

// ---------------------------------------------------------------------------------------------------------
// Import review: what a new version changes against the version in force.

export interface PriceChange {
  itemType: PriceListItemType;
  itemId: string;
  partNumber: string;
  description: string;
  oldUnitPrice: number;
  newUnitPrice: number;
  /** New minus old, minor units: positive when the price goes up. */
  change: number;
  /** The change as a percentage of the old price, 2 decimals; null when the old price was 0. */
  changePct: number | null;
  direction: 'up' | 'down' | 'same';
  /** The quantity breaks differ (added, removed or re-priced), whatever the item's own price did. */
  breaksChanged: boolean;
}

export interface PriceListDiff {
  /** In the new version only, by part number. */
  added: PriceListItem[];
  /** In the version in force only, by part number. */
  removed: PriceListItem[];
  /** In both with a different price or breaks: the largest moves first (by percentage, either way). */
  changed: PriceChange[];
  unchangedCount: number;
  /** How many of `changed` go up and down (items whose breaks alone changed are in neither). */
  upCount: number;
  downCount: number;
}

const byPartNumber = (a: { partNumber: string }, b: { partNumber: string }) =>
  a.partNumber.localeCompare(b.partNumber, 'en', { numeric: true });

function sameBreaks(a: readonly QuantityBreak[] = [], b: readonly QuantityBreak[] = []): boolean {
  if (a.length !== b.length) return false;
  const sort = (list: readonly QuantityBreak[]) => [...list].sort((x, y) => x.minQuantity - y.minQuantity);
  const left = sort(a);
  const right = sort(b);
  return left.every((x, i) => x.minQuantity === right[i]?.minQuantity && x.unitPrice === right[i]?.unitPrice);
}

/**
 * What publishing `next` (the parsed rows of an import) would change against `current` (the version in force,
 * or null for a new list): items added, removed, and re-priced with the change in minor units and percent.
 * Items are matched by type and id; an item listed twice in `next` counts once, with its last row.
 */
export function diffPriceListItems(
  current: readonly PriceListItem[] | null,
  next: readonly PriceListItem[],
): PriceListDiff {
  const before = new Map<string, PriceListItem>();
  for (const item of current ?? []) before.set(priceListItemKey(item.itemType, item.itemId), item);
  const after = new Map<string, PriceListItem>();
  for (const item of next) after.set(priceListItemKey(item.itemType, item.itemId), item);

  const added: PriceListItem[] = [];
  const changed: PriceChange[] = [];
  let unchangedCount = 0;
  for (const [key, item] of after) {
    const old = before.get(key);
    if (!old) {
      added.push(item);
      continue;
    }
    const change = item.unitPrice - old.unitPrice;
    const breaksChanged = !sameBreaks(old.breaks, item.breaks);
    if (change === 0 && !breaksChanged) {
      unchangedCount += 1;
      continue;
    }
    changed.push({
      itemType: item.itemType,
      itemId: item.itemId,
      partNumber: item.partNumber,
      description: item.description ?? old.description ?? '',
      oldUnitPrice: old.unitPrice,
      newUnitPrice: item.unitPrice,
      change,
      changePct: percentage(change, old.unitPrice),
      direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same',
      breaksChanged,
    });
  }
  const removed = [...before].filter(([key]) => !after.has(key)).map(([, item]) => item);

  // A price from 0 has no percentage: it leads, as the largest move there is.
  const size = (c: PriceChange) => (c.changePct === null ? Number.POSITIVE_INFINITY : Math.abs(c.changePct));
  changed.sort((a, b) => size(b) - size(a) || Math.abs(b.change) - Math.abs(a.change) || byPartNumber(a, b));
  return {
    added: added.sort(byPartNumber),
    removed: removed.sort(byPartNumber),
    changed,
    unchangedCount,
    upCount: changed.filter((c) => c.direction === 'up').length,
    downCount: changed.filter((c) => c.direction === 'down').length,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Margin alerts: prices that give less than the organisation's target margin at today's cost.

/** Between the base currency (costs) and a price's currency: `rate` units of it buy one base unit. */
export interface CurrencyContext {
  baseCurrency: string;
  currency: string;
  /** `currencies.rate`; ignored (1) when the two currencies are the same. */
  rate: number;
}

/**
 * A base-currency amount (a decimal, as costs and `sellPrice` give it) in minor units of `ctx.currency`:
 * converted as `convertFromBase` does, so an estimate shows the price the kit and assembly screens show.
 */
export function baseToMinorUnits(amount: number, ctx: CurrencyContext): number {
  const rate = ctx.currency === ctx.baseCurrency ? 1 : ctx.rate;
  return toMinorUnits(convertFromBase(amount, rate), ctx.currency);
}

/** Margin on the sell price, percent to 2 decimals (price 100, cost 70: 30); null when the price is 0. */
export function marginPctOf(unitPrice: number, unitCost: number): number | null {
  return percentage(unitPrice - unitCost, unitPrice);
}

/**
 * Whether the margin of `unitPrice` over `unitCost` is below `targetPct` (a margin, percent of the price),
 * compared exactly: a price exactly on target is not below it. A price of 0 is below any target when the
 * item costs something.
 */
export function isBelowTargetMargin(unitPrice: number, unitCost: number, targetPct: number): boolean {
  if (unitPrice <= 0) return unitCost > 0;
  const target = BigInt(Math.round(targetPct * 1000));
  return BigInt(unitPrice - unitCost) * 100_000n < target * BigInt(unitPrice);
}

export interface MarginAlert {
  itemType: PriceListItemType;
  itemId: string;
  partNumber: string;
  description: string;
  /** The lowest price the item sells at (its deepest break, or its own price) and from which quantity. */
  unitPrice: number;
  minQuantity: number | null;
  /** Today's cost in the list's currency, minor units. */
  unitCost: number;
  marginPct: number | null;
  targetMarginPct: number;
}

/**
 * The items whose lowest price (own price or any break) gives a margin below `targetMarginPct` at today's
 * cost, worst margin first. `costs` holds today's unit cost in the base currency by `priceListItemKey`; an
 * item with no cost there cannot be judged and is left out.
 */
export function findMarginAlerts(
  items: readonly PriceListItem[],
  costs: ReadonlyMap<string, number | null>,
  targetMarginPct: number,
  ctx: CurrencyContext,
): MarginAlert[] {
  const alerts: MarginAlert[] = [];
  for (const item of items) {
    const cost = costs.get(priceListItemKey(item.itemType, item.itemId));
    if (cost === null || cost === undefined || !Number.isFinite(cost)) continue;
    const unitCost = baseToMinorUnits(cost, ctx);
    let lowest: { unitPrice: number; minQuantity: number | null } = {
      unitPrice: item.unitPrice,
      minQuantity: null,
    };
    for (const b of item.breaks ?? []) {
      if (b.unitPrice < lowest.unitPrice) lowest = { unitPrice: b.unitPrice, minQuantity: b.minQuantity };
    }
    if (!isBelowTargetMargin(lowest.unitPrice, unitCost, targetMarginPct)) continue;
    alerts.push({
      itemType: item.itemType,
      itemId: item.itemId,
      partNumber: item.partNumber,
      description: item.description ?? '',
      ...lowest,
      unitCost,
      marginPct: marginPctOf(lowest.unitPrice, unitCost),
      targetMarginPct,
    });
  }
  const worst = (a: MarginAlert) => a.marginPct ?? Number.NEGATIVE_INFINITY;
  return alerts.sort((a, b) => worst(a) - worst(b) || byPartNumber(a, b));
}
