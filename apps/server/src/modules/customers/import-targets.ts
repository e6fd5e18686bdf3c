/**
 * Customers and customer items as import targets (ADR 7), declared in the customers module's manifest.
 *
 * - Customers: a row updates the customer with the same account number, or, without one, the customer with
 *   the same name; otherwise it creates one, within the plan's maxCustomers. Empty cells leave values as
 *   they are, so re-importing a file changes nothing: a row whose filled cells are what the customer has is
 *   not written, an update lists the columns it changed.
 * - Customer items (professional and enterprise): a row names the customer by account number and our item
 *   by type and part number; it updates the item with the same customer part number or creates it, and is
 *   not written when it would change nothing (compared in one read), prices listed first.
 */
import {
  type Address,
  type Contact,
  type CustomerImportRow,
  type CustomerItemImportRow,
  type CustomerItemTargetType,
  customerImportRowSchema,
  customerInputSchema,
  customerItemImportRowSchema,
  type ImportFieldChange,
  isKnownCurrency,
  PREMIUM_TIERS,
} from '@hosewright/domain';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { components, customerItems, customers, hoseAssemblies, hoseKits } from '../../db/schema.ts';
import { assertWithinPlanLimit } from '../../lib/plan-limits.ts';
import { currencyRates, notAvailableMessage } from '../currencies/service.ts';
import { fieldChanges, numberOrNull } from '../imports/changes.ts';
import type { ImportTarget, KeyedRow, RowKey, RowSchema, WrittenChange } from '../imports/targets.ts';
import type { ImportError } from '../imports/types.ts';
import { getSettings } from '../organization/service.ts';
import { countCustomers } from './service.ts';

const lower = (value: string | undefined) => (value ?? '').trim().toLowerCase();
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

// ---------------------------------------------------------------------------------------------------------
// Customers

const ADDRESS_PARTS = ['Line1', 'Line2', 'City', 'Region', 'PostalCode', 'Country'] as const;
const addressKey = (part: (typeof ADDRESS_PARTS)[number]) =>
  (part.charAt(0).toLowerCase() + part.slice(1)) as keyof Address;

/** The address columns of a row (`billingCity` ...) over the address already stored; null when none given. */
function mergeAddress(
  row: CustomerImportRow,
  prefix: 'billing' | 'shipping',
  current: Address | null,
): Address | null | undefined {
  const given = ADDRESS_PARTS.filter((p) => row[`${prefix}${p}`] !== undefined);
  if (given.length === 0) return undefined;
  const next: Address = {
    line1: '',
    line2: '',
    city: '',
    region: '',
    postalCode: '',
    country: '',
    ...(current ?? {}),
  };
  for (const part of given) next[addressKey(part)] = row[`${prefix}${part}`] ?? '';
  return next;
}

/** The row's contact first, replacing a stored contact of the same name. */
function mergeContacts(row: CustomerImportRow, current: Contact[]): Contact[] | undefined {
  if (!row.contactName) return undefined;
  const existing = current.find((c) => lower(c.name) === lower(row.contactName));
  const contact: Contact = {
    name: row.contactName,
    role: row.contactRole ?? existing?.role ?? '',
    email: row.contactEmail ?? existing?.email ?? '',
    phone: row.contactPhone ?? existing?.phone ?? '',
  };
  return [contact, ...current.filter((c) => c !== existing)];
}

/** Plain columns a row sets when its cell is filled. */
const PLAIN_FIELDS = [
  'name',
  'accountNumber',
  'domain',
  'currency',
  'taxNumber',
  'taxExempt',
  'erpId',
  'active',
  'marginPct',
  'discountPct',
  'notes',
] as const;

type CustomerRow = typeof customers.$inferSelect;

function changesFor(row: CustomerImportRow, current: CustomerRow | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) {
    if (row[field] !== undefined) values[field] = row[field];
  }
  const contacts = mergeContacts(row, (current?.contacts ?? []) as Contact[]);
  if (contacts) values.contacts = contacts;
  const billing = mergeAddress(row, 'billing', (current?.billingAddress ?? null) as Address | null);
  if (billing !== undefined) values.billingAddress = billing;
  const shipping = mergeAddress(row, 'shipping', (current?.shippingAddress ?? null) as Address | null);
  if (shipping !== undefined) values.shippingAddress = shipping;
  return values;
}

/**
 * The columns of `row` that would change `current` (its `changes`, column by column): the plain columns,
 * the contact's and the address parts the row fills; the margin and discount first.
 */
function changedColumns(
  row: CustomerImportRow,
  current: CustomerRow,
  changes: Record<string, unknown>,
): ImportFieldChange[] {
  const fields: string[] = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const compare = (field: string, was: unknown, now: unknown) => {
    fields.push(field);
    before[field] = was;
    after[field] = now;
  };
  for (const field of PLAIN_FIELDS) {
    if (row[field] === undefined) continue;
    const was =
      field === 'marginPct' || field === 'discountPct' ? numberOrNull(current[field]) : current[field];
    compare(field, was, row[field]);
  }
  const [contact] = (changes.contacts ?? []) as Contact[];
  if (contact) {
    const was = ((current.contacts ?? []) as Contact[]).find((c) => lower(c.name) === lower(contact.name));
    compare('contactName', was?.name, contact.name);
    compare('contactRole', was?.role, contact.role);
    compare('contactEmail', was?.email, contact.email);
    compare('contactPhone', was?.phone, contact.phone);
  }
  for (const prefix of ['billing', 'shipping'] as const) {
    const address = current[`${prefix}Address`] as Address | null;
    for (const part of ADDRESS_PARTS) {
      const value = row[`${prefix}${part}`];
      if (value !== undefined) compare(`${prefix}${part}`, address?.[addressKey(part)], value);
    }
  }
  return fieldChanges(fields, before, after, { first: ['marginPct', 'discountPct'] });
}

/** A customer as an import log names it: 'Red Deer Excavating Ltd. (RDX-1001)'. */
const customerItem = (row: CustomerImportRow) =>
  row.accountNumber ? `${row.name} (${row.accountNumber})` : row.name;

export const CUSTOMER_SYNONYMS: Record<string, string> = {
  customer: 'name',
  customername: 'name',
  company: 'name',
  companyname: 'name',
  account: 'accountNumber',
  accountno: 'accountNumber',
  accountnum: 'accountNumber',
  acct: 'accountNumber',
  acctno: 'accountNumber',
  customernumber: 'accountNumber',
  customerno: 'accountNumber',
  website: 'domain',
  web: 'domain',
  url: 'domain',
  taxid: 'taxNumber',
  gst: 'taxNumber',
  gstnumber: 'taxNumber',
  vat: 'taxNumber',
  exempt: 'taxExempt',
  erp: 'erpId',
  margin: 'marginPct',
  discount: 'discountPct',
  note: 'notes',
  contact: 'contactName',
  email: 'contactEmail',
  phone: 'contactPhone',
  telephone: 'contactPhone',
};

const customerTarget: ImportTarget = {
  name: 'customer',
  aliases: ['customers'],
  label: { one: 'customer', other: 'customers' },
  schema: customerImportRowSchema as unknown as RowSchema,
  synonyms: CUSTOMER_SYNONYMS,
  keyOf(values): RowKey | null {
    // The currency goes along for `check` (is it one of the organisation's?).
    const currency = text(values.currency).toUpperCase();
    const account = text(values.accountNumber);
    if (account) {
      return { key: `a|${account.toLowerCase()}`, field: 'accountNumber', ref: { account, currency } };
    }
    const name = text(values.name);
    return name ? { key: `n|${name.toLowerCase()}`, field: 'name', ref: { name, currency } } : null;
  },
  duplicateMessage: (ref, firstRow) =>
    ref.account
      ? `Account number ${ref.account} appears more than once in the file; first on row ${firstRow}`
      : `Customer ${ref.name} appears more than once in the file without an account number; first on row ${firstRow}`,
  /** A currency must be the base currency or one of the organisation's (a code that is none is the row's own error). */
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const { base, rates } = await currencyRates(tx, organizationId);
    const errors: ImportError[] = [];
    for (const { row, ref } of rows.values()) {
      const code = ref.currency ?? '';
      if (!/^[A-Z]{3}$/.test(code) || !isKnownCurrency(code) || code === base || rates.has(code)) continue;
      errors.push({ row, column: 'currency', message: notAvailableMessage(code, base, rates) });
    }
    return errors;
  },
  async write(tx, organizationId, inputs, onProgress) {
    const rows = inputs as CustomerImportRow[];
    const { baseCurrency } = await getSettings(tx, organizationId);
    const existing = await tx.select().from(customers).where(eq(customers.organizationId, organizationId));
    const byAccount = new Map<string, CustomerRow>();
    const byName = new Map<string, CustomerRow>();
    for (const c of existing) {
      if (c.accountNumber) byAccount.set(lower(c.accountNumber), c);
      if (!byName.has(lower(c.name))) byName.set(lower(c.name), c);
    }
    const matches = rows.map((row) =>
      row.accountNumber
        ? (byAccount.get(lower(row.accountNumber)) ?? null)
        : (byName.get(lower(row.name)) ?? null),
    );
    const creating = matches.filter((m) => m === null).length;
    if (creating > 0) {
      await assertWithinPlanLimit(
        tx,
        organizationId,
        'maxCustomers',
        (t) => countCustomers(t, organizationId),
        creating,
      );
    }
    const written: WrittenChange[] = [];
    let unchanged = 0;
    for (const [i, row] of rows.entries()) {
      const match = matches[i] ?? null;
      const changes = changesFor(row, match);
      if (match) {
        const fields = changedColumns(row, match, changes);
        if (fields.length === 0) unchanged += 1;
        else {
          await tx
            .update(customers)
            .set({ ...changes, updatedAt: new Date() })
            .where(and(eq(customers.organizationId, organizationId), eq(customers.id, match.id)));
          written.push({ index: i, change: 'updated', item: customerItem(row), fields });
        }
      } else {
        // The contract's defaults for everything the file leaves out; the base currency unless it names one.
        const input = customerInputSchema.parse({ name: row.name });
        await tx.insert(customers).values({ ...input, currency: baseCurrency, ...changes, organizationId });
        written.push({ index: i, change: 'created', item: customerItem(row), fields: [] });
      }
      if ((i + 1) % 500 === 0) onProgress(i + 1);
    }
    onProgress(rows.length);
    return { created: creating, updated: written.length - creating, unchanged, changes: written };
  },
  url: (importLogId) => `customers/import?log=${importLogId}`,
  template: {
    fileStem: 'customers',
    sheet: 'Customers',
    example: {
      name: 'Red Deer Excavating Ltd.',
      accountNumber: 'RDX-1001',
      domain: 'reddeerex.ca',
      // Every organisation has its base currency; USD is the base of a new one.
      currency: 'USD',
      taxNumber: '123456789 RT0001',
      taxExempt: false,
      erpId: 'C-20417',
      active: true,
      marginPct: 35,
      discountPct: 5,
      notes: 'Net 30. Call before delivery.',
      contactName: 'Pat Morrison',
      contactRole: 'Purchasing',
      contactEmail: 'pat@reddeerex.ca',
      contactPhone: '403-555-0100',
      billingLine1: '4810 Gaetz Ave',
      billingLine2: 'Unit 3',
      billingCity: 'Red Deer',
      billingRegion: 'AB',
      billingPostalCode: 'T4N 4A4',
      billingCountry: 'Canada',
      shippingLine1: '27 Industrial Dr',
      shippingLine2: '',
      shippingCity: 'Red Deer County',
      shippingRegion: 'AB',
      shippingPostalCode: 'T4E 1B2',
      shippingCountry: 'Canada',
    },
  },
};

// ---------------------------------------------------------------------------------------------------------
// Customer items

const TARGET_LABEL: Record<CustomerItemTargetType, string> = {
  hoseAssembly: 'hose assembly',
  hoseKit: 'hose kit',
  component: 'component',
};

interface Found {
  id: string;
  partNumber: string;
}

/** Our items of each type by lower-case part number (latest revisions; a custom component before the catalogue). */
async function findTargets(
  tx: Tx,
  organizationId: string,
  wanted: { type: CustomerItemTargetType; partNumber: string }[],
): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  for (const type of ['component', 'hoseAssembly', 'hoseKit'] as const) {
    const list = [...new Set(wanted.filter((w) => w.type === type).map((w) => lower(w.partNumber)))];
    if (list.length === 0) continue;
    const json = JSON.stringify(list);
    const rows =
      type === 'component'
        ? await queryRows<Found>(
            tx,
            sql`select ${components.id} as id, ${components.partNumber} as "partNumber" from ${components}
                where ${components.organizationId} = ${organizationId}
                  and lower(${components.partNumber}) in (select jsonb_array_elements_text(${json}::jsonb))
                order by (${components.origin} = 'custom') desc, ${components.brand}`,
          )
        : await queryRows<Found>(
            tx,
            sql`select t.id, t.part_number as "partNumber" from ${type === 'hoseAssembly' ? hoseAssemblies : hoseKits} t
                where t.organization_id = ${organizationId} and t.latest
                  and lower(t.part_number) in (select jsonb_array_elements_text(${json}::jsonb))`,
          );
    for (const r of rows) {
      const key = `${type}|${lower(r.partNumber)}`;
      if (!out.has(key)) out.set(key, r);
    }
  }
  return out;
}

async function findCustomersByAccount(
  tx: Tx,
  organizationId: string,
  accounts: string[],
): Promise<Map<string, string>> {
  const list = [...new Set(accounts.map(lower))];
  if (list.length === 0) return new Map();
  const rows = await queryRows<{ id: string; account: string }>(
    tx,
    sql`select ${customers.id} as id, lower(${customers.accountNumber}) as account from ${customers}
        where ${customers.organizationId} = ${organizationId} and ${customers.accountNumber} <> ''
          and lower(${customers.accountNumber}) in (select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.account, r.id]));
}

interface SavedItem {
  i: number;
  customerPartNumber: string;
  description: string;
  targetType: string;
  targetId: string | null;
  targetPartNumber: string;
  price: string | null;
}

/** The saved customer items `records` name (customer and customer part number), by index, in one read. */
async function savedItems(
  tx: Tx,
  organizationId: string,
  records: readonly { customer_id: string; customer_part_number: string }[],
): Promise<Map<number, SavedItem>> {
  if (records.length === 0) return new Map();
  const keys = records.map((r, i) => ({ i, c: r.customer_id, p: r.customer_part_number }));
  const rows = await queryRows<SavedItem>(
    tx,
    sql`select k.i, ci.customer_part_number as "customerPartNumber", ci.description,
          ci.target_type as "targetType", ci.target_id as "targetId",
          ci.target_part_number as "targetPartNumber", ci.price::text as price
        from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(i integer, c uuid, p text)
        join ${customerItems} ci on ci.organization_id = ${organizationId} and ci.customer_id = k.c
          and lower(ci.customer_part_number) = lower(k.p)`,
  );
  return new Map(rows.map((r) => [r.i, r]));
}

export const CUSTOMER_ITEM_SYNONYMS: Record<string, string> = {
  account: 'customerAccountNumber',
  accountnumber: 'customerAccountNumber',
  accountno: 'customerAccountNumber',
  customeraccount: 'customerAccountNumber',
  customer: 'customerAccountNumber',
  customerpart: 'customerPartNumber',
  customerpartno: 'customerPartNumber',
  customerpn: 'customerPartNumber',
  theirpart: 'customerPartNumber',
  type: 'targetType',
  itemtype: 'targetType',
  ourpart: 'targetPartNumber',
  ourpartnumber: 'targetPartNumber',
  ourpn: 'targetPartNumber',
  partnumber: 'targetPartNumber',
  desc: 'description',
  unitprice: 'price',
};

const customerItemTarget: ImportTarget = {
  name: 'customerItem',
  aliases: ['customeritem', 'customeritems'],
  label: { one: 'customer item', other: 'customer items' },
  subscriptions: PREMIUM_TIERS,
  schema: customerItemImportRowSchema as unknown as RowSchema,
  synonyms: CUSTOMER_ITEM_SYNONYMS,
  keyOf(values) {
    const account = text(values.customerAccountNumber);
    const part = text(values.customerPartNumber);
    if (!account || !part) return null;
    return {
      key: `${account.toLowerCase()}|${part.toLowerCase()}`,
      field: 'customerPartNumber',
      ref: {
        account,
        part,
        targetType: text(values.targetType),
        targetPartNumber: text(values.targetPartNumber),
      },
    };
  },
  duplicateMessage: (ref, firstRow) =>
    `Customer part number ${ref.part} of account ${ref.account} appears more than once in the file; first on row ${firstRow}`,
  async check(tx, organizationId, rows: ReadonlyMap<string, KeyedRow>) {
    const all = [...rows.values()];
    const accounts = await findCustomersByAccount(
      tx,
      organizationId,
      all.map((r) => r.ref.account ?? ''),
    );
    const isType = (t: string | undefined): t is CustomerItemTargetType =>
      t === 'component' || t === 'hoseAssembly' || t === 'hoseKit';
    const targets = await findTargets(
      tx,
      organizationId,
      all.flatMap((r) =>
        isType(r.ref.targetType) && r.ref.targetPartNumber
          ? [{ type: r.ref.targetType, partNumber: r.ref.targetPartNumber }]
          : [],
      ),
    );
    const errors: ImportError[] = [];
    for (const { row, ref } of all) {
      if (!accounts.has(lower(ref.account))) {
        errors.push({
          row,
          column: 'customerAccountNumber',
          message: `No customer has account number ${ref.account}. Import or create the customer first.`,
        });
      }
      if (isType(ref.targetType) && ref.targetPartNumber) {
        if (!targets.has(`${ref.targetType}|${lower(ref.targetPartNumber)}`)) {
          errors.push({
            row,
            column: 'targetPartNumber',
            message: `No ${TARGET_LABEL[ref.targetType]} has part number ${ref.targetPartNumber}.`,
          });
        }
      }
    }
    return errors;
  },
  async write(tx, organizationId, inputs, onProgress) {
    const rows = inputs as CustomerItemImportRow[];
    const accounts = await findCustomersByAccount(
      tx,
      organizationId,
      rows.map((r) => r.customerAccountNumber),
    );
    const targets = await findTargets(
      tx,
      organizationId,
      rows.map((r) => ({ type: r.targetType, partNumber: r.targetPartNumber })),
    );
    const records = rows.map((r) => {
      const customerId = accounts.get(lower(r.customerAccountNumber));
      const target = targets.get(`${r.targetType}|${lower(r.targetPartNumber)}`);
      // Checked before the write; a customer or item removed since then rolls the import back.
      if (!customerId || !target)
        throw new Error(`customer item import: row for ${r.customerPartNumber} lost its match`);
      return {
        customer_id: customerId,
        customer_part_number: r.customerPartNumber,
        description: r.description ?? null,
        target_type: r.targetType,
        target_id: target.id,
        target_part_number: target.partNumber,
        price: r.price ?? null,
      };
    });
    const saved = await savedItems(tx, organizationId, records);
    const changes: WrittenChange[] = [];
    const writing: typeof records = [];
    for (const [index, r] of records.entries()) {
      const row = rows[index] as CustomerItemImportRow;
      const item = `${r.customer_part_number} (${row.customerAccountNumber})`;
      const was = saved.get(index);
      if (!was) {
        changes.push({ index, change: 'created', item, fields: [] });
        writing.push(r);
        continue;
      }
      // What the upsert below writes: an empty description or price keeps the saved one.
      const fields = fieldChanges(
        ['price', 'customerPartNumber', 'description', 'targetType', 'targetPartNumber'],
        {
          price: numberOrNull(was.price),
          customerPartNumber: was.customerPartNumber,
          description: was.description,
          targetType: was.targetType,
          targetPartNumber: was.targetPartNumber,
        },
        {
          price: r.price ?? numberOrNull(was.price),
          customerPartNumber: r.customer_part_number,
          description: r.description || was.description,
          targetType: r.target_type,
          targetPartNumber: r.target_part_number,
        },
        { money: ['price'] },
      );
      // The same part number naming another item (an assembly's latest revision) is a change too.
      if (fields.length === 0 && was.targetId !== r.target_id) {
        fields.push({
          field: 'targetPartNumber',
          before: was.targetPartNumber,
          after: r.target_part_number,
        });
      }
      if (fields.length === 0) continue;
      changes.push({ index, change: 'updated', item, fields });
      writing.push(r);
    }
    let created = 0;
    let updated = 0;
    const batch = 2000;
    for (let i = 0; i < writing.length; i += batch) {
      const result = await queryRows<{ inserted: boolean }>(
        tx,
        sql`insert into ${customerItems} (organization_id, customer_id, customer_part_number, description,
              target_type, target_id, target_part_number, price)
            select ${organizationId}::uuid, x.customer_id, x.customer_part_number, coalesce(x.description, ''),
              x.target_type, x.target_id, x.target_part_number, x.price
            from json_to_recordset(${JSON.stringify(writing.slice(i, i + batch))}::json) as x(
              customer_id uuid, customer_part_number text, description text, target_type text,
              target_id uuid, target_part_number text, price numeric)
            on conflict (organization_id, customer_id, lower(customer_part_number)) do update set
              customer_part_number = excluded.customer_part_number,
              description = case when excluded.description = '' then ${customerItems.description}
                else excluded.description end,
              target_type = excluded.target_type,
              target_id = excluded.target_id,
              target_part_number = excluded.target_part_number,
              price = coalesce(excluded.price, ${customerItems.price}),
              updated_at = now()
            returning (xmax = 0) as inserted`,
      );
      for (const r of result) {
        if (r.inserted) created += 1;
        else updated += 1;
      }
      onProgress(Math.min(i + batch, writing.length));
    }
    onProgress(records.length);
    return { created, updated, unchanged: records.length - writing.length, changes };
  },
  url: (importLogId) => `customers/items/import?log=${importLogId}`,
  template: {
    fileStem: 'customer-items',
    sheet: 'Customer items',
    example: {
      customerAccountNumber: 'RDX-1001',
      customerPartNumber: 'RDX-HYD-0042',
      targetType: 'component',
      targetPartNumber: 'GEN-2SN-08',
      description: 'Boom lift hose, their part number',
      price: 48.5,
    },
  },
};

export const CUSTOMER_TARGETS: ImportTarget[] = [customerTarget, customerItemTarget];
