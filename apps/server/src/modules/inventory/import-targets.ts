/**
 * The stock take import target (ADR 7): `stockCount`, rows of `stockCountImportRowSchema`. `check` reports
 * every row whose item, warehouse, location or unit cannot be told; `write` records one `count` movement per
 * line whose count differs from what is on hand (the count sets the truth, so it is never refused for going
 * below zero), all in the import's one transaction: such a line is updated (on hand before and after, in
 * the reader's units), a line the count confirms unchanged.
 */
import {
  formatStockQuantity,
  PREMIUM_TIERS,
  type StockCountCheck,
  type StockCountImportRow,
  stockCountImportRowSchema,
} from '@hosewright/domain';
import type { Tx } from '../../db/client.ts';
import { validateUploadedImport } from '../imports/service.ts';
import type { ImportTarget, KeyedRow, RowKey, RowSchema, WrittenChange } from '../imports/targets.ts';
import { getSettings, unitsOf } from '../organization/service.ts';
import { openLedger, placeName } from './ledger.ts';
import { countDifferences, resolveCountRows } from './stock-count.ts';

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

export const STOCK_COUNT_SYNONYMS: Record<string, string> = {
  part: 'partNumber',
  partno: 'partNumber',
  pn: 'partNumber',
  item: 'partNumber',
  sku: 'partNumber',
  make: 'brand',
  manufacturer: 'brand',
  warehouse: 'warehouseCode',
  whse: 'warehouseCode',
  wh: 'warehouseCode',
  store: 'warehouseCode',
  van: 'warehouseCode',
  location: 'locationCode',
  loc: 'locationCode',
  bin: 'locationCode',
  shelf: 'locationCode',
  count: 'counted',
  qty: 'counted',
  quantity: 'counted',
  onhand: 'counted',
  countedqty: 'counted',
  countedquantity: 'counted',
  uom: 'unit',
  units: 'unit',
};

export const STOCK_COUNT_TARGET = 'stockCount';

/** The reference every stock take movement carries. */
export const STOCK_TAKE_REASON = 'Stock take';

export const stockCountTarget: ImportTarget = {
  name: STOCK_COUNT_TARGET,
  aliases: ['stockcount', 'stockcounts', 'stocktake'],
  label: { one: 'stock count', other: 'stock counts' },
  subscriptions: PREMIUM_TIERS,
  schema: stockCountImportRowSchema as unknown as RowSchema,
  synonyms: STOCK_COUNT_SYNONYMS,
  keyOf(values): RowKey | null {
    const partNumber = text(values.partNumber);
    const warehouseCode = text(values.warehouseCode);
    if (!partNumber || !warehouseCode) return null;
    const brand = text(values.brand);
    const locationCode = text(values.locationCode);
    return {
      key: [partNumber, brand, warehouseCode, locationCode].map((v) => v.toLowerCase()).join('|'),
      field: 'partNumber',
      ref: {
        partNumber,
        brand,
        warehouseCode,
        locationCode,
        unit: text(values.unit),
        counted: typeof values.counted === 'number' ? String(values.counted) : '',
      },
    };
  },
  duplicateMessage: (ref, firstRow) =>
    `${ref.partNumber}${ref.brand ? ` (${ref.brand})` : ''} in ${ref.warehouseCode}${ref.locationCode ? ` / ${ref.locationCode}` : ''} appears more than once in the file; first on row ${firstRow}`,
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const refs = [...rows.values()].map(({ row, ref }) => ({
      row,
      partNumber: ref.partNumber ?? '',
      brand: ref.brand || undefined,
      warehouseCode: ref.warehouseCode ?? '',
      locationCode: ref.locationCode || undefined,
      unit: ref.unit || undefined,
      counted: ref.counted ? Number(ref.counted) : undefined,
    }));
    const { errors } = await resolveCountRows(tx, organizationId, refs);
    return errors;
  },
  async write(tx, organizationId, inputs, onProgress, userId) {
    const rows = (inputs as StockCountImportRow[]).map((r, i) => ({ ...r, row: i + 2 }));
    const { resolved, errors } = await resolveCountRows(tx, organizationId, rows);
    // Checked before the write; an item or place removed since then rolls the import back.
    if (errors.length > 0) throw new Error(`stock count import: ${errors[0]?.message}`);
    // What is on hand before the count, for every line at once.
    const { differences } = await countDifferences(tx, organizationId, resolved);
    const placeKey = (componentId: string, warehouseId: string, locationId: string | null | undefined) =>
      `${componentId}|${warehouseId}|${locationId ?? ''}`;
    const onHand = new Map(
      differences.map((d) => [placeKey(d.component._id, d.warehouse._id, d.location?._id), d.onHand]),
    );
    const units = userId
      ? (await unitsOf(tx, organizationId, userId)).units
      : (await getSettings(tx, organizationId)).unitSystem === 'imperial'
        ? 'imperial'
        : 'metric';
    const ledger = openLedger(tx, organizationId, userId);
    const changes: WrittenChange[] = [];
    for (const [i, r] of resolved.entries()) {
      const written = await ledger.record({
        type: 'count',
        componentId: r.component.id,
        warehouseId: r.warehouse.id,
        locationId: r.location?.id ?? null,
        counted: r.counted ?? 0,
        reason: STOCK_TAKE_REASON,
      });
      if (written.length > 0) {
        const { stockUnit } = r.component;
        const before = onHand.get(placeKey(r.component.id, r.warehouse.id, r.location?.id)) ?? 0;
        const brand = r.component.brand ? ` (${r.component.brand})` : '';
        changes.push({
          index: i,
          change: 'updated',
          item: `${r.component.partNumber}${brand} in ${placeName(r.warehouse, r.location)}`,
          fields: [
            {
              field: 'counted',
              before: formatStockQuantity(before, stockUnit, units),
              after: formatStockQuantity(r.counted ?? 0, stockUnit, units),
            },
          ],
        });
      }
      if ((i + 1) % 200 === 0) onProgress(i + 1);
    }
    onProgress(resolved.length);
    // Updated: lines the count changed; unchanged: lines it confirmed.
    return {
      created: 0,
      updated: changes.length,
      unchanged: resolved.length - changes.length,
      changes,
    };
  },
  url: (importLogId) => `inventory/import?importId=${importLogId}`,
  template: {
    fileStem: 'stock-count',
    sheet: 'Stock count',
    example: {
      partNumber: 'GEN-2SN-08',
      brand: 'ACME',
      warehouseCode: 'MAIN',
      locationCode: 'A1',
      counted: 30.5,
      unit: 'm',
    },
  },
};

export const INVENTORY_TARGETS: readonly ImportTarget[] = [stockCountTarget];

/**
 * `checkStockCount`: the uploaded stock take read and validated as its import would be (every row, then
 * the same database checks), and, when every row passes, what it would change against the ledger now.
 * Writes nothing.
 */
export async function checkStockCount(
  tx: Tx,
  organizationId: string,
  importId: string,
  mapping: Record<string, string | null>,
): Promise<StockCountCheck> {
  const result = await validateUploadedImport(tx, stockCountTarget, organizationId, importId, mapping);
  const { baseCurrency } = await getSettings(tx, organizationId);
  const base = { rowsTotal: result.rowsTotal, currency: baseCurrency };
  if (result.badRows.size > 0) {
    return { ...base, errors: result.errors, differences: [], unchanged: 0, totalValueDifference: 0 };
  }
  const rows = (result.inputs as StockCountImportRow[]).map((r, i) => ({ ...r, row: i + 2 }));
  const { resolved, errors } = await resolveCountRows(tx, organizationId, rows);
  if (errors.length > 0) throw new Error(`stock count check: ${errors[0]?.message}`);
  return { ...base, errors: [], ...(await countDifferences(tx, organizationId, resolved)) };
}
