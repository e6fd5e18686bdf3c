/**
 * Warehouses and their locations as an import target (ADR 7), declared in the warehouses module's manifest;
 * professional and enterprise only, like the warehouses contracts.
 *
 * - A row without a location code is a warehouse: it updates the warehouse with the same code
 *   (case-insensitive) or creates one, which needs a name. Empty cells leave values as they are, so
 *   re-importing a file changes nothing (a row whose filled cells are what is saved is not written; an
 *   update lists the columns it changed). `isDefault` yes makes it the organisation's default; the
 *   organisation's first warehouse becomes the default anyway.
 * - A row with a location code is a location of the warehouse its code names, created by a warehouse row of
 *   the same file or already saved: it updates the location with the same code or adds one at the end.
 *   Its warehouse columns are not read (a warehouse row sets them).
 */
import {
  type Address,
  PREMIUM_TIERS,
  type WarehouseImportRow,
  warehouseImportRowSchema,
  warehouseInputSchema,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { warehouseLocations, warehouses } from '../../db/schema.ts';
import { fieldChanges } from '../imports/changes.ts';
import type { ImportTarget, KeyedRow, RowKey, RowSchema, WrittenChange } from '../imports/targets.ts';
import type { ImportError } from '../imports/types.ts';
import { makeDefaultWarehouse } from './default.ts';

const lower = (value: string | undefined) => (value ?? '').trim().toLowerCase();
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const yesNo = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : '');

type WarehouseRow = typeof warehouses.$inferSelect;
type LocationRow = typeof warehouseLocations.$inferSelect;

async function warehousesByCode(tx: Tx, organizationId: string): Promise<Map<string, WarehouseRow>> {
  const rows = await tx.select().from(warehouses).where(eq(warehouses.organizationId, organizationId));
  return new Map(rows.map((r) => [lower(r.code), r]));
}

/** The address columns of a row over the address already stored; undefined when the row gives none. */
function mergeAddress(row: WarehouseImportRow, current: Address | null): Address | undefined {
  const given = {
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.addressRegion,
    postalCode: row.postalCode,
    country: row.country,
  };
  if (Object.values(given).every((v) => v === undefined)) return undefined;
  const next: Address = {
    line1: '',
    line2: '',
    city: '',
    region: '',
    postalCode: '',
    country: '',
    ...(current ?? {}),
  };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) next[key as keyof Address] = value;
  }
  return next;
}

/** The columns a warehouse row sets (its filled cells); `isDefault` is applied separately. */
function changesFor(row: WarehouseImportRow, current: WarehouseRow | null): Record<string, unknown> {
  const values: Record<string, unknown> = { code: row.code };
  for (const field of ['name', 'kind', 'region', 'notes', 'active'] as const) {
    if (row[field] !== undefined) values[field] = row[field];
  }
  const address = mergeAddress(row, (current?.address ?? null) as Address | null);
  if (address !== undefined) values.address = address;
  return values;
}

/** A warehouse's columns and the address part each address column fills. */
const WAREHOUSE_COLUMNS = ['code', 'name', 'kind', 'region', 'notes', 'active'] as const;
const ADDRESS_COLUMNS = {
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  addressRegion: 'region',
  postalCode: 'postalCode',
  country: 'country',
} as const satisfies Record<string, keyof Address>;

/** The columns of a warehouse row that would change `current` (`changes` are what it writes). */
function changedColumns(row: WarehouseImportRow, current: WarehouseRow, changes: Record<string, unknown>) {
  const before: Record<string, unknown> = { isDefault: current.isDefault };
  const after: Record<string, unknown> = { isDefault: row.isDefault ?? current.isDefault };
  for (const field of WAREHOUSE_COLUMNS) {
    before[field] = current[field];
    after[field] = field in changes ? changes[field] : current[field];
  }
  const was = (current.address ?? null) as Address | null;
  const now = (changes.address ?? was) as Address | null;
  for (const [column, part] of Object.entries(ADDRESS_COLUMNS)) {
    before[column] = was?.[part];
    after[column] = now?.[part];
  }
  return fieldChanges([...WAREHOUSE_COLUMNS, ...Object.keys(ADDRESS_COLUMNS), 'isDefault'], before, after);
}

export const WAREHOUSE_SYNONYMS: Record<string, string> = {
  warehouse: 'code',
  warehousecode: 'code',
  whcode: 'code',
  wh: 'code',
  warehousename: 'name',
  description: 'name',
  type: 'kind',
  area: 'region',
  territory: 'region',
  address: 'line1',
  street: 'line1',
  address1: 'line1',
  addressline1: 'line1',
  address2: 'line2',
  addressline2: 'line2',
  town: 'city',
  province: 'addressRegion',
  state: 'addressRegion',
  postcode: 'postalCode',
  zip: 'postalCode',
  zipcode: 'postalCode',
  note: 'notes',
  default: 'isDefault',
  defaultwarehouse: 'isDefault',
  location: 'locationCode',
  bin: 'locationCode',
  bincode: 'locationCode',
  shelf: 'locationCode',
  binname: 'locationName',
  locationdescription: 'locationName',
};

const warehouseTarget: ImportTarget = {
  name: 'warehouse',
  aliases: ['warehouses'],
  label: { one: 'warehouse', other: 'warehouses' },
  subscriptions: PREMIUM_TIERS,
  schema: warehouseImportRowSchema as unknown as RowSchema,
  synonyms: WAREHOUSE_SYNONYMS,
  keyOf(values): RowKey | null {
    const code = text(values.code);
    if (!code) return null;
    const location = text(values.locationCode);
    if (location) {
      return {
        key: `l|${code.toLowerCase()}|${location.toLowerCase()}`,
        field: 'locationCode',
        ref: { code, location },
      };
    }
    return {
      key: `w|${code.toLowerCase()}`,
      field: 'code',
      ref: {
        code,
        name: text(values.name),
        isDefault: yesNo(values.isDefault),
        active: yesNo(values.active),
      },
    };
  },
  duplicateMessage: (ref, firstRow) =>
    ref.location
      ? `Location ${ref.location} of warehouse ${ref.code} appears more than once in the file; first on row ${firstRow}`
      : `Warehouse ${ref.code} appears more than once in the file; first on row ${firstRow}`,
  /**
   * A new warehouse needs a name; a location's warehouse must be in the file or saved; one default at most,
   * and the default stays active and stays the default until another one is made the default.
   */
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const saved = await warehousesByCode(tx, organizationId);
    const all = [...rows.values()];
    const warehouseRows = all.filter((r) => !r.ref.location);
    const inFile = new Set(warehouseRows.map((r) => lower(r.ref.code)));
    const errors: ImportError[] = [];
    const defaults = warehouseRows.filter((r) => r.ref.isDefault === 'yes').sort((a, b) => a.row - b.row);
    const newDefault = defaults[0];
    for (const { row, ref } of all) {
      const code = lower(ref.code);
      if (ref.location) {
        if (!inFile.has(code) && !saved.has(code)) {
          errors.push({
            row,
            column: 'code',
            message: `No warehouse has code ${ref.code}. Add a row for the warehouse (without a location code) or create it first.`,
          });
        }
        continue;
      }
      const current = saved.get(code);
      if (!current && !ref.name) {
        errors.push({ row, column: 'name', message: `Warehouse ${ref.code} is new: enter its name` });
      }
      if (ref.isDefault === 'yes' && newDefault && newDefault.row !== row) {
        errors.push({
          row,
          column: 'isDefault',
          message: `Only one warehouse can be the default; row ${newDefault.row} already makes ${newDefault.ref.code} the default`,
        });
      }
      const staysDefault = current?.isDefault === true && !newDefault;
      if (ref.isDefault === 'no' && staysDefault) {
        errors.push({
          row,
          column: 'isDefault',
          message: `${current.code} is the default warehouse. Make another warehouse the default first`,
        });
      }
      const becomesDefault = ref.isDefault === 'yes' || staysDefault;
      if (ref.active === 'no' && becomesDefault) {
        errors.push({ row, column: 'active', message: 'The default warehouse must stay active' });
      }
    }
    return errors;
  },
  async write(tx, organizationId, inputs, onProgress) {
    const rows = inputs as WarehouseImportRow[];
    const byCode = await warehousesByCode(tx, organizationId);
    const hadDefault = [...byCode.values()].some((w) => w.isDefault);
    const written: WrittenChange[] = [];
    let created = 0;
    let unchanged = 0;
    let done = 0;
    let makeDefault: string | undefined;
    let firstCreated: string | undefined;

    // Warehouses first: a location row may name a warehouse a later row of the file creates.
    for (const [index, row] of rows.entries()) {
      if (row.locationCode) continue;
      const current = byCode.get(lower(row.code)) ?? null;
      const changes = changesFor(row, current);
      let saved: WarehouseRow | undefined;
      if (current) {
        const fields = changedColumns(row, current, changes);
        if (fields.length === 0) {
          saved = current;
          unchanged += 1;
        } else {
          [saved] = await tx
            .update(warehouses)
            .set({ ...changes, updatedAt: new Date() })
            .where(eq(warehouses.id, current.id))
            .returning();
          written.push({ index, change: 'updated', item: row.code, fields });
        }
      } else {
        // The contract's defaults for everything the file leaves out (a new warehouse has a name: checked).
        const input = warehouseInputSchema.parse({ code: row.code, name: row.name });
        const { locations: _l, isDefault: _d, ...columns } = input;
        [saved] = await tx
          .insert(warehouses)
          .values({ ...columns, ...changes, organizationId, isDefault: false })
          .returning();
        created += 1;
        written.push({ index, change: 'created', item: row.code, fields: [] });
        if (saved && !firstCreated && saved.active) firstCreated = saved.id;
      }
      if (!saved) throw new Error(`warehouse import: writing ${row.code} returned nothing`);
      byCode.set(lower(saved.code), saved);
      // The default already: nothing to make.
      if (row.isDefault === true && !saved.isDefault) makeDefault = saved.id;
      done += 1;
      if (done % 500 === 0) onProgress(done);
    }
    const target = makeDefault ?? (hadDefault ? undefined : firstCreated);
    if (target) await makeDefaultWarehouse(tx, organizationId, target);

    const locations = await tx
      .select()
      .from(warehouseLocations)
      .where(eq(warehouseLocations.organizationId, organizationId));
    const byPlace = new Map<string, LocationRow>();
    const lastPosition = new Map<string, number>();
    for (const l of locations) {
      byPlace.set(`${l.warehouseId}|${lower(l.code)}`, l);
      lastPosition.set(l.warehouseId, Math.max(lastPosition.get(l.warehouseId) ?? -1, l.position));
    }
    for (const [index, row] of rows.entries()) {
      if (!row.locationCode) continue;
      const warehouse = byCode.get(lower(row.code));
      // Checked before the write; a warehouse removed since then rolls the import back.
      if (!warehouse) throw new Error(`warehouse import: location row for ${row.code} lost its warehouse`);
      const current = byPlace.get(`${warehouse.id}|${lower(row.locationCode)}`);
      const item = `${warehouse.code} / ${row.locationCode}`;
      if (current) {
        const fields = fieldChanges(
          ['locationCode', 'locationName'],
          { locationCode: current.code, locationName: current.name },
          { locationCode: row.locationCode, locationName: row.locationName ?? current.name },
        );
        if (fields.length === 0) unchanged += 1;
        else {
          await tx
            .update(warehouseLocations)
            .set({
              code: row.locationCode,
              ...(row.locationName === undefined ? {} : { name: row.locationName }),
            })
            .where(eq(warehouseLocations.id, current.id));
          written.push({ index, change: 'updated', item, fields });
        }
      } else {
        const position = (lastPosition.get(warehouse.id) ?? -1) + 1;
        lastPosition.set(warehouse.id, position);
        const [saved] = await tx
          .insert(warehouseLocations)
          .values({
            organizationId,
            warehouseId: warehouse.id,
            code: row.locationCode,
            name: row.locationName ?? '',
            position,
          })
          .returning();
        if (saved) byPlace.set(`${warehouse.id}|${lower(saved.code)}`, saved);
        created += 1;
        written.push({ index, change: 'created', item, fields: [] });
      }
      done += 1;
      if (done % 500 === 0) onProgress(done);
    }
    onProgress(rows.length);
    // Warehouses were written before locations: the log lists them in file order.
    written.sort((a, b) => a.index - b.index);
    return { created, updated: written.length - created, unchanged, changes: written };
  },
  url: (importLogId) => `warehouses/import?log=${importLogId}`,
  template: {
    fileStem: 'warehouses',
    sheet: 'Warehouses',
    example: {
      code: 'MAIN',
      name: 'Main warehouse',
      kind: 'warehouse',
      region: 'Central Alberta',
      line1: '4810 Gaetz Ave',
      line2: 'Bay 3',
      city: 'Red Deer',
      addressRegion: 'AB',
      postalCode: 'T4N 4A4',
      country: 'Canada',
      notes: 'Receiving at the back door',
      isDefault: true,
      active: true,
    },
  },
};

export const WAREHOUSE_TARGETS: readonly ImportTarget[] = [warehouseTarget];
