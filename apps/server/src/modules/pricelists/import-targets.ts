/**
 * Price list items as an import target (ADR 7, ADR 21), declared in the price lists module's manifest:
 * enterprise only, admins like every import. Each row names its list (which must exist), an item by part
 * number and a price in the list's currency with up to three quantity breaks. Writing replaces the draft of
 * every list the file names with exactly the file's rows for it (the draft is made when there is none); the
 * pipeline makes the whole file one transaction, so a file with any bad row changes no draft.
 *
 * A part number is matched, in this order, with a component (one of the shop's own before a catalogue
 * item), an assembly (`C-00042` is its latest revision, `C-00042_B` revision B with the organisation's
 * revision delimiter), then a kit the same way; an `itemType` column (component, assembly or kit) picks one.
 * Rows are written in batches while the rest of the file is validated (`writeBatch`, as the component kinds
 * do): one query resolves a batch's part numbers and one multi-row insert writes it.
 *
 * What changed is told against the list as it was: its draft, or (without one) the prices in force, which
 * the draft starts as (`ensureDraft`). A row of an item the list had is updated (its prices, money first)
 * or unchanged; the items the file leaves out are removed (`afterBatches`).
 */
import {
  fromMinorUnits,
  minorDigits,
  PRICE_LIST_ITEM_TYPES,
  type PriceListItemType,
  toMinorUnits,
} from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { priceListItems, priceLists } from '../../db/schema.ts';
import { settingsOf } from '../assemblies/service.ts';
import { fieldChanges } from '../imports/changes.ts';
import type { ImportTarget, KeyedRow, RowSchema, ValidRow, WrittenChange } from '../imports/targets.ts';
import type { ImportError } from '../imports/types.ts';
import { ensureDraft } from './service.ts';

export const PRICE_LIST_TARGET = 'priceList';
const BREAKS = [1, 2, 3] as const;

const required = (max: number, label: string, empty: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? empty : `${label} must be text`) })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .min(1, empty);

const price = (label: string) =>
  z
    .number({ error: `Enter ${label} as a number` })
    .min(0, `${label[0]?.toUpperCase()}${label.slice(1)} cannot be negative`)
    .max(10_000_000, `${label[0]?.toUpperCase()}${label.slice(1)} is too large`);

const breakQuantity = (n: number) =>
  z
    .number({ error: `Enter the quantity break ${n} starts at as a number` })
    .positive(`Break ${n} starts above 0`)
    .max(1_000_000, `Break ${n} must start at most at 1,000,000`)
    .optional();

/** One row of a price list import: a price in the list's currency (a decimal) and up to three breaks. */
export const priceListImportRowSchema = z
  .object({
    priceList: required(100, 'The price list name', 'Name the price list'),
    partNumber: required(100, 'The part number', 'Enter the part number'),
    itemType: z.enum(PRICE_LIST_ITEM_TYPES, { error: 'Write component, assembly or kit' }).optional(),
    unitPrice: price('the price'),
    break1Quantity: breakQuantity(1),
    break1Price: price('the price of break 1').optional(),
    break2Quantity: breakQuantity(2),
    break2Price: price('the price of break 2').optional(),
    break3Quantity: breakQuantity(3),
    break3Price: price('the price of break 3').optional(),
  })
  .superRefine((row, ctx) => {
    const starts = new Map<number, number>();
    for (const n of BREAKS) {
      const quantity = row[`break${n}Quantity`];
      const amount = row[`break${n}Price`];
      if (quantity !== undefined && amount === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [`break${n}Price`],
          message: `Enter the price from ${quantity}`,
        });
      } else if (quantity === undefined && amount !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [`break${n}Quantity`],
          message: `Enter the quantity the price of break ${n} starts at`,
        });
      } else if (quantity !== undefined) {
        const same = starts.get(quantity);
        if (same !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [`break${n}Quantity`],
            message: `Break ${n} starts at ${quantity} like break ${same}; each break starts at its own quantity`,
          });
        }
        starts.set(quantity, n);
      }
    }
  });
export type PriceListImportRow = z.infer<typeof priceListImportRowSchema>;

/** Headers shops commonly use, normalised (lower case, letters and digits only). */
export const PRICE_LIST_SYNONYMS: Record<string, string> = {
  list: 'priceList',
  listname: 'priceList',
  pricelistname: 'priceList',
  pricebook: 'priceList',
  part: 'partNumber',
  partno: 'partNumber',
  partnum: 'partNumber',
  partnr: 'partNumber',
  pn: 'partNumber',
  sku: 'partNumber',
  item: 'partNumber',
  itemnumber: 'partNumber',
  itemno: 'partNumber',
  type: 'itemType',
  kind: 'itemType',
  price: 'unitPrice',
  listprice: 'unitPrice',
  sellprice: 'unitPrice',
  sellingprice: 'unitPrice',
  netprice: 'unitPrice',
  priceeach: 'unitPrice',
  ...Object.fromEntries(
    BREAKS.flatMap((n) => [
      [`qty${n}`, `break${n}Quantity`],
      [`break${n}qty`, `break${n}Quantity`],
      [`breakqty${n}`, `break${n}Quantity`],
      [`minqty${n}`, `break${n}Quantity`],
      [`quantity${n}`, `break${n}Quantity`],
      [`price${n}`, `break${n}Price`],
      [`breakprice${n}`, `break${n}Price`],
    ]),
  ),
};

const lower = (text: string) => text.trim().toLowerCase();

interface ListInfo {
  id: string;
  name: string;
  currency: string;
}

/** The organisation's lists with these names (lower case), one query; a missing name is absent. */
async function findLists(
  tx: Tx,
  organizationId: string,
  names: Iterable<string>,
): Promise<Map<string, ListInfo>> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Map();
  const rows = await queryRows<ListInfo>(
    tx,
    sql`select id, name, currency from ${priceLists}
        where organization_id = ${organizationId}
          and lower(name) in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

interface Candidate {
  /** The lower-case text it matched. */
  p: string;
  type: PriceListItemType;
  id: string;
  title: string;
  description: string;
  /** Lower wins: a shop's own component before a catalogue one; an assembly's part number before a title. */
  rank: number;
  brand: string;
}

const PRIORITY: Record<PriceListItemType, number> = { component: 0, assembly: 1, kit: 2 };

/**
 * The items these part numbers (lower case) can name, in one query: components by part number, assemblies
 * and kits by part number (latest revision) or by title (part number + delimiter + revision).
 */
async function findItems(
  tx: Tx,
  organizationId: string,
  partNumbers: Iterable<string>,
): Promise<Map<string, Candidate[]>> {
  const wanted = [...new Set(partNumbers)];
  const out = new Map<string, Candidate[]>();
  if (wanted.length === 0) return out;
  const { delimiter, hasParker } = await settingsOf(tx, organizationId);
  const keys = JSON.stringify(wanted);
  const titled = (table: string, type: PriceListItemType) =>
    sql`select k.p, ${type} as type, t.id, t.part_number || ${delimiter} || t.revision as title, t.description,
          case when lower(t.part_number) = k.p then 0 else 1 end as rank, '' as brand
        from k join ${sql.raw(table)} t on t.organization_id = ${organizationId}
          and ((lower(t.part_number) = k.p and t.latest) or lower(t.part_number || ${delimiter} || t.revision) = k.p)`;
  const rows = await queryRows<Candidate>(
    tx,
    sql`with k as materialized (select jsonb_array_elements_text(${keys}::jsonb) as p)
        select k.p, 'component' as type, c.id, c.part_number as title, c.description,
          case when c.origin = 'custom' then 0 else 1 end as rank, c.brand
        from k join components c on c.organization_id = ${organizationId} and lower(c.part_number) = k.p
        where ${hasParker} or c.origin <> 'catalogue' or lower(c.brand) <> 'parker'
        union all ${titled('hose_assemblies', 'assembly')}
        union all ${titled('hose_kits', 'kit')}`,
  );
  for (const r of rows) {
    const list = out.get(r.p) ?? [];
    list.push(r);
    out.set(r.p, list);
  }
  for (const list of out.values()) {
    list.sort(
      (a, b) =>
        PRIORITY[a.type] - PRIORITY[b.type] ||
        Number(a.rank) - Number(b.rank) ||
        a.brand.localeCompare(b.brand) ||
        a.title.localeCompare(b.title),
    );
  }
  return out;
}

const TYPE_LABEL: Record<PriceListItemType, string> = {
  component: 'component',
  assembly: 'hose assembly',
  kit: 'hose kit',
};

const noListMessage = (name: string) => `No price list named "${name}": create it first`;
const noItemMessage = (partNumber: string, itemType: string | undefined) =>
  itemType && itemType in TYPE_LABEL
    ? `No ${TYPE_LABEL[itemType as PriceListItemType]} has part number ${partNumber}`
    : `No component, hose assembly or hose kit has part number ${partNumber}`;
const duplicateMessage = (partNumber: string, priceList: string, firstRow: number) =>
  `${partNumber} appears more than once for price list ${priceList}; first on row ${firstRow}. Keep one row per item.`;

/** The best candidate for a row: of its `itemType` when given. */
function pick(candidates: readonly Candidate[] | undefined, itemType: string | undefined): Candidate | null {
  return candidates?.find((c) => !itemType || c.type === itemType) ?? null;
}

interface Resolved {
  row: number;
  list: ListInfo | null;
  item: Candidate | null;
}

/** Lists and items of `rows`, two queries for all of them. */
async function resolve(
  tx: Tx,
  organizationId: string,
  rows: readonly { row: number; priceList: string; partNumber: string; itemType?: string }[],
  knownLists?: Map<string, ListInfo | null>,
): Promise<Resolved[]> {
  const names = rows.map((r) => lower(r.priceList)).filter((n) => !knownLists?.has(n));
  const found = await findLists(tx, organizationId, names);
  if (knownLists) for (const n of names) knownLists.set(n, found.get(n) ?? null);
  const items = await findItems(
    tx,
    organizationId,
    rows.map((r) => lower(r.partNumber)),
  );
  return rows.map((r) => {
    const name = lower(r.priceList);
    const list = knownLists ? (knownLists.get(name) ?? null) : (found.get(name) ?? null);
    return { row: r.row, list, item: pick(items.get(lower(r.partNumber)), r.itemType) };
  });
}

/** An item of a list as it was before the import. */
interface ListedItem {
  partNumber: string;
  description: string;
  unitPrice: number;
  breaks: { minQuantity: number; unitPrice: number }[];
}

/** What one import has written so far, on its transaction: the lists' drafts and the items in them. */
interface WriteState {
  lists: Map<string, ListInfo | null>;
  drafts: Map<string, string>;
  /** draft id + item key -> the row that wrote it. */
  written: Map<string, number>;
  /** The items each list had and no row has named yet, by list: draft id + item key -> the item. */
  before: Map<ListInfo, Map<string, ListedItem>>;
}

/** An item of a price list as the import log names it: 'F-JIC-0808-90 in Fleet 2027'. */
const listedItem = (partNumber: string, list: ListInfo) => `${partNumber} in ${list.name}`;

/** A list item's prices and title as fields of the file (breaks in order of quantity), amounts as shown. */
function itemFields(item: ListedItem, currency: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    unitPrice: fromMinorUnits(item.unitPrice, currency),
    partNumber: item.partNumber,
    description: item.description,
  };
  for (const [n, b] of item.breaks.entries()) {
    fields[`break${n + 1}Quantity`] = b.minQuantity;
    fields[`break${n + 1}Price`] = fromMinorUnits(b.unitPrice, currency);
  }
  return fields;
}

/** What a row changes in an item its list had; prices first. */
function itemChanges(was: ListedItem, now: ListedItem, currency: string) {
  const count = Math.max(was.breaks.length, now.breaks.length);
  const breaks = Array.from({ length: count }, (_, n) => n + 1);
  return fieldChanges(
    [
      'unitPrice',
      ...breaks.flatMap((n) => [`break${n}Quantity`, `break${n}Price`]),
      'partNumber',
      'description',
    ],
    itemFields(was, currency),
    itemFields(now, currency),
    { money: ['unitPrice', ...breaks.map((n) => `break${n}Price`)], digits: minorDigits(currency) },
  );
}
const STATES = new WeakMap<Tx, WriteState>();

/** Rows checked per query when rows never written are checked at the end. */
const CHECK_CHUNK = 5000;

export const priceListTarget: ImportTarget = {
  name: PRICE_LIST_TARGET,
  aliases: ['pricelist', 'price list', 'price lists', 'pricelists', 'pricelistitem', 'pricelistitems'],
  label: { one: 'price list item', other: 'price list items' },
  subscriptions: ['enterprise'],
  schema: priceListImportRowSchema as unknown as RowSchema,
  synonyms: PRICE_LIST_SYNONYMS,
  keyOf(values) {
    const { priceList, partNumber, itemType } = values;
    if (typeof priceList !== 'string' || typeof partNumber !== 'string') return null;
    const type = typeof itemType === 'string' ? itemType : '';
    return {
      key: `${lower(priceList)}|${type}|${lower(partNumber)}`,
      field: 'partNumber',
      ref: { priceList: priceList.trim(), partNumber: partNumber.trim(), itemType: type },
    };
  },
  duplicateMessage: ({ priceList, partNumber }, firstRow) =>
    duplicateMessage(partNumber ?? '', priceList ?? '', firstRow),
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const errors: ImportError[] = [];
    const all = [...rows.values()].map(({ row, ref }) => ({
      row,
      priceList: ref.priceList ?? '',
      partNumber: ref.partNumber ?? '',
      itemType: ref.itemType || undefined,
    }));
    const lists = new Map<string, ListInfo | null>();
    for (let i = 0; i < all.length; i += CHECK_CHUNK) {
      const chunk = all.slice(i, i + CHECK_CHUNK);
      const resolved = await resolve(tx, organizationId, chunk, lists);
      resolved.forEach((r, n) => {
        const given = chunk[n]!;
        if (!r.list)
          errors.push({ row: r.row, column: 'priceList', message: noListMessage(given.priceList) });
        if (!r.item) {
          errors.push({
            row: r.row,
            column: 'partNumber',
            message: noItemMessage(given.partNumber, given.itemType),
          });
        }
      });
    }
    return errors;
  },
  async writeBatch(tx, organizationId, rows: readonly ValidRow[]) {
    let state = STATES.get(tx);
    if (!state) {
      state = { lists: new Map(), drafts: new Map(), written: new Map(), before: new Map() };
      STATES.set(tx, state);
    }
    const inputs = rows.map((r) => ({ row: r.row, ...(r.input as PriceListImportRow) }));
    const resolved = await resolve(tx, organizationId, inputs, state.lists);
    const refused: ImportError[] = [];
    const values: unknown[][] = [];
    const outcome = { created: 0, updated: 0, unchanged: 0, changes: [] as WrittenChange[] };
    for (const [n, r] of resolved.entries()) {
      const input = inputs[n]!;
      if (!r.list) refused.push({ row: r.row, column: 'priceList', message: noListMessage(input.priceList) });
      if (!r.item) {
        refused.push({
          row: r.row,
          column: 'partNumber',
          message: noItemMessage(input.partNumber, input.itemType),
        });
      }
      if (!r.list || !r.item || refused.length > 0) continue;
      let draftId = state.drafts.get(r.list.id);
      if (!draftId) {
        // First row of this list in the file: what the draft had is kept to compare with, then it is
        // emptied and the file's rows are its items.
        draftId = (await ensureDraft(tx, organizationId, r.list.id)).id;
        const had = await queryRows<ListedItem & { key: string }>(
          tx,
          sql`delete from ${priceListItems} where organization_id = ${organizationId} and version_id = ${draftId}
              returning item_type || '|' || item_id as key, part_number as "partNumber", description,
                unit_price::float8 as "unitPrice", breaks`,
        );
        state.before.set(r.list, new Map(had.map(({ key, ...item }) => [key, item])));
        await tx.execute(sql`update ${priceLists} set updated_at = now() where id = ${r.list.id}`);
        state.drafts.set(r.list.id, draftId);
      }
      const key = `${draftId}|${r.item.type}|${r.item.id}`;
      const first = state.written.get(key);
      if (first !== undefined) {
        refused.push({
          row: r.row,
          column: 'partNumber',
          message: duplicateMessage(input.partNumber, r.list.name, first),
        });
        continue;
      }
      state.written.set(key, r.row);
      const currency = r.list.currency;
      const breaks = BREAKS.flatMap((b) => {
        const minQuantity = input[`break${b}Quantity`];
        const amount = input[`break${b}Price`];
        return minQuantity === undefined || amount === undefined
          ? []
          : [{ minQuantity, unitPrice: toMinorUnits(amount, currency) }];
      }).sort((a, b) => a.minQuantity - b.minQuantity);
      const now: ListedItem = {
        partNumber: r.item.title,
        description: r.item.description,
        unitPrice: toMinorUnits(input.unitPrice, currency),
        breaks,
      };
      values.push([draftId, r.item.type, r.item.id, now.partNumber, now.description, now.unitPrice, breaks]);
      const had = state.before.get(r.list);
      const itemKey = `${r.item.type}|${r.item.id}`;
      const was = had?.get(itemKey);
      const item = listedItem(r.item.title, r.list);
      if (!was) {
        outcome.created += 1;
        outcome.changes.push({ index: n, change: 'created', item, fields: [] });
        continue;
      }
      had?.delete(itemKey);
      const fields = itemChanges(was, now, currency);
      if (fields.length === 0) outcome.unchanged += 1;
      else {
        outcome.updated += 1;
        outcome.changes.push({ index: n, change: 'updated', item, fields });
      }
    }
    if (refused.length > 0) return { created: 0, updated: 0, unchanged: 0, changes: [], refused };
    if (values.length > 0) {
      await tx.execute(
        sql`insert into ${priceListItems}
              (organization_id, version_id, item_type, item_id, part_number, description, unit_price, breaks)
            select ${organizationId}, (e->>0)::uuid, e->>1, (e->>2)::uuid, e->>3, e->>4, (e->>5)::bigint, e->6
            from jsonb_array_elements(${JSON.stringify(values)}::jsonb) as e`,
      );
    }
    return { ...outcome, refused };
  },
  async afterBatches(tx) {
    const removed: string[] = [];
    for (const [list, items] of STATES.get(tx)?.before ?? []) {
      for (const item of items.values()) removed.push(listedItem(item.partNumber, list));
    }
    return removed;
  },
  url: () => 'pricelists',
  template: {
    fileStem: 'price-list',
    sheet: 'Price list',
    example: {
      priceList: 'Fleet 2027',
      partNumber: 'F-JIC-0808-90',
      itemType: 'component',
      unitPrice: 12.5,
      break1Quantity: 10,
      break1Price: 11.25,
      break2Quantity: 50,
      break2Price: 10.5,
      break3Quantity: 100,
      break3Price: 9.75,
    },
  },
};

export const PRICE_LIST_TARGETS: readonly ImportTarget[] = [priceListTarget];
