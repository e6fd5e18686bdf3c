/**
 * Customers and their items. Every function takes the tenant transaction and the organisation;
 * row-level security backs the explicit organisation filters up. Another organisation's id answers exactly
 * like a missing one.
 */
import {
  type Customer,
  type CustomerInput,
  type CustomerItem,
  type CustomerItemInput,
  type CustomerItemListQuery,
  type CustomerItemTargetType,
  type CustomerListQuery,
  type ListResponse,
  normalizeDomain,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components, customerItems, customers, hoseAssemblies, hoseKits } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { assertWithinPlanLimit } from '../../lib/plan-limits.ts';
import { assertCurrencyAvailable } from '../currencies/service.ts';
import { getSettings } from '../organization/service.ts';

type Row = typeof customers.$inferSelect;
type ItemRow = typeof customerItems.$inferSelect;

export function toCustomer(row: Row): Customer {
  return {
    _id: row.id,
    name: row.name,
    domain: row.domain,
    accountNumber: row.accountNumber,
    contacts: (row.contacts ?? []) as Customer['contacts'],
    billingAddress: (row.billingAddress ?? null) as Customer['billingAddress'],
    shippingAddress: (row.shippingAddress ?? null) as Customer['shippingAddress'],
    currency: row.currency,
    taxNumber: row.taxNumber,
    taxExempt: row.taxExempt,
    taxes: (row.taxes ?? []) as Customer['taxes'],
    priceListId: row.priceListId ?? null,
    notes: row.notes,
    erpId: row.erpId,
    active: row.active,
    marginPct: row.marginPct ?? null,
    discountPct: row.discountPct ?? null,
    productGroupTerms: (row.productGroupTerms ?? []) as Customer['productGroupTerms'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Free text of the list: a substring of name, domain or account number. */
const searchText = sql`lower(${customers.name} || ' ' || ${customers.domain} || ' ' || ${customers.accountNumber})`;

export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORT_COLUMNS = {
  name: sql`lower(${customers.name})`,
  domain: customers.domain,
  accountNumber: sql`lower(${customers.accountNumber})`,
  currency: customers.currency,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
} as const;

export async function listCustomers(
  tx: Tx,
  organizationId: string,
  query: CustomerListQuery,
): Promise<ListResponse<Customer>> {
  const conditions: (SQL | undefined)[] = [eq(customers.organizationId, organizationId)];
  if (query.q) conditions.push(sql`${searchText} like ${likePattern(query.q)}`);
  if (query.active !== undefined) conditions.push(eq(customers.active, query.active));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await tx
    .select()
    .from(customers)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), asc(customers.name), asc(customers.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(customers).where(where);
    return counted?.n ?? 0;
  });
  return { items: rows.map(toCustomer), total, page: query.page };
}

export async function findCustomerRow(tx: Tx, organizationId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
  if (!row) throw AppError.notFound('This customer');
  return row;
}

/** How many customers the organisation has (what `maxCustomers` caps). */
export async function countCustomers(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(customers)
    .where(eq(customers.organizationId, organizationId));
  return row?.n ?? 0;
}

/** Another customer of the organisation already using this account number (case-insensitive). */
async function assertAccountNumberFree(
  tx: Tx,
  organizationId: string,
  accountNumber: string,
  exceptId?: string,
): Promise<void> {
  if (!accountNumber) return;
  const [clash] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        sql`lower(${customers.accountNumber}) = ${accountNumber.toLowerCase()}`,
      ),
    );
  if (clash && clash.id !== exceptId) {
    throw new AppError(
      'CONFLICT',
      `Account number ${accountNumber} already belongs to ${clash.name}. Use another account number.`,
      { field: 'accountNumber' },
    );
  }
}

/** The input's columns; `currency` is the one already resolved (the input's, or the base or current one). */
function toColumns(input: CustomerInput, currency: string) {
  return {
    name: input.name,
    domain: normalizeDomain(input.domain),
    accountNumber: input.accountNumber,
    contacts: input.contacts,
    billingAddress: input.billingAddress,
    shippingAddress: input.shippingAddress,
    currency,
    taxNumber: input.taxNumber,
    taxExempt: input.taxExempt,
    taxes: input.taxes,
    notes: input.notes,
    erpId: input.erpId,
    active: input.active,
    marginPct: input.marginPct,
    discountPct: input.discountPct,
    productGroupTerms: input.productGroupTerms,
  };
}

/**
 * Creates a customer within the plan's `maxCustomers` (the subscription row is locked meanwhile), priced
 * in the base currency unless the input names another of the organisation's currencies.
 */
export async function createCustomer(
  tx: Tx,
  organizationId: string,
  input: CustomerInput,
): Promise<Customer> {
  const currency = input.currency ?? (await getSettings(tx, organizationId)).baseCurrency;
  await assertCurrencyAvailable(tx, organizationId, currency);
  await assertWithinPlanLimit(tx, organizationId, 'maxCustomers', (t) => countCustomers(t, organizationId));
  await assertAccountNumberFree(tx, organizationId, input.accountNumber);
  const [row] = await tx
    .insert(customers)
    .values({ ...toColumns(input, currency), organizationId })
    .returning();
  if (!row) throw new Error('customer insert returned nothing');
  return toCustomer(row);
}

export async function updateCustomer(
  tx: Tx,
  organizationId: string,
  id: string,
  input: CustomerInput,
): Promise<Customer> {
  const current = await findCustomerRow(tx, organizationId, id);
  // Left out, the currency stays; a new one must be the organisation's (the one it has may stay).
  const currency = input.currency ?? current.currency;
  if (currency !== current.currency) await assertCurrencyAvailable(tx, organizationId, currency);
  await assertAccountNumberFree(tx, organizationId, input.accountNumber, id);
  const [row] = await tx
    .update(customers)
    .set({ ...toColumns(input, currency), updatedAt: new Date() })
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .returning();
  if (!row) throw AppError.notFound('This customer');
  return toCustomer(row);
}

/** Deletes the customer and its items; its assemblies and kits stay, without a customer. */
export async function deleteCustomer(tx: Tx, organizationId: string, id: string): Promise<void> {
  const deleted = await tx
    .delete(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .returning({ id: customers.id });
  if (deleted.length === 0) throw AppError.notFound('This customer');
}

// ---------------------------------------------------------------------------------------------------------
// Customer items

interface Target {
  id: string;
  partNumber: string;
  description: string;
}

const TARGET_WHAT: Record<CustomerItemTargetType, { one: string; other: string }> = {
  hoseAssembly: { one: 'hose assembly', other: 'hose assemblies' },
  hoseKit: { one: 'hose kit', other: 'hose kits' },
  component: { one: 'component', other: 'components' },
};

/** Our object a customer item points at, by id or by part number (latest revision), in this organisation. */
export async function findTarget(
  tx: Tx,
  organizationId: string,
  type: CustomerItemTargetType,
  by: { id?: string; partNumber?: string },
): Promise<Target | null> {
  const pn = by.partNumber?.toLowerCase();
  if (type === 'component') {
    const [row] = await tx
      .select({ id: components.id, partNumber: components.partNumber, description: components.description })
      .from(components)
      .where(
        and(
          eq(components.organizationId, organizationId),
          by.id ? eq(components.id, by.id) : sql`lower(${components.partNumber}) = ${pn}`,
        ),
      )
      .orderBy(desc(sql`${components.origin} = 'custom'`), asc(components.brand))
      .limit(1);
    return row ?? null;
  }
  const table = type === 'hoseAssembly' ? hoseAssemblies : hoseKits;
  const [row] = await tx
    .select({ id: table.id, partNumber: table.partNumber, description: table.description })
    .from(table)
    .where(
      and(
        eq(table.organizationId, organizationId),
        by.id ? eq(table.id, by.id) : and(sql`lower(${table.partNumber}) = ${pn}`, eq(table.latest, true)),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function requireTarget(tx: Tx, organizationId: string, input: CustomerItemInput): Promise<Target> {
  const target = await findTarget(tx, organizationId, input.targetType, {
    id: input.targetId,
    partNumber: input.targetPartNumber,
  });
  if (!target) {
    const what = TARGET_WHAT[input.targetType];
    throw new AppError(
      'BAD_REQUEST',
      input.targetId
        ? `The ${what.one} chosen was not found. Choose one of your ${what.other}.`
        : `No ${what.one} has part number ${input.targetPartNumber}. Check the part number.`,
      { field: input.targetId ? 'targetId' : 'targetPartNumber' },
    );
  }
  return target;
}

function targetTable(type: CustomerItemTargetType) {
  return type === 'component' ? components : type === 'hoseAssembly' ? hoseAssemblies : hoseKits;
}

/** Items of one customer, with our item's description today. */
export async function listCustomerItems(
  tx: Tx,
  organizationId: string,
  customerId: string,
  query: CustomerItemListQuery,
): Promise<ListResponse<CustomerItem>> {
  await findCustomerRow(tx, organizationId, customerId);
  const conditions: (SQL | undefined)[] = [
    eq(customerItems.organizationId, organizationId),
    eq(customerItems.customerId, customerId),
  ];
  if (query.q) {
    conditions.push(
      sql`lower(${customerItems.customerPartNumber} || ' ' || ${customerItems.description} || ' ' || ${customerItems.targetPartNumber}) like ${likePattern(query.q)}`,
    );
  }
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(customerItems)
    .where(where)
    .orderBy(
      (query.order === 'desc' ? desc : asc)(sql`lower(${customerItems.customerPartNumber})`),
      asc(customerItems.id),
    )
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx.select({ n: count() }).from(customerItems).where(where);
    return counted?.n ?? 0;
  });
  const descriptions = await describeTargets(tx, organizationId, rows);
  return {
    items: rows.map((r) => toCustomerItem(r, descriptions.get(r.targetId ?? '') ?? '')),
    total,
    page: query.page,
  };
}

async function describeTargets(
  tx: Tx,
  organizationId: string,
  rows: ItemRow[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const type of ['component', 'hoseAssembly', 'hoseKit'] as const) {
    const ids = rows.filter((r) => r.targetType === type && r.targetId).map((r) => r.targetId as string);
    if (ids.length === 0) continue;
    const table = targetTable(type);
    const found = await tx
      .select({ id: table.id, description: table.description })
      .from(table)
      .where(
        and(
          eq(table.organizationId, organizationId),
          sql`${table.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
        ),
      );
    for (const f of found) out.set(f.id, f.description);
  }
  return out;
}

export function toCustomerItem(row: ItemRow, targetDescription = ''): CustomerItem {
  return {
    _id: row.id,
    customerId: row.customerId,
    customerPartNumber: row.customerPartNumber,
    description: row.description,
    targetType: row.targetType as CustomerItemTargetType,
    targetId: row.targetId,
    targetPartNumber: row.targetPartNumber,
    targetDescription,
    price: row.price ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertPartNumberFree(
  tx: Tx,
  organizationId: string,
  customerId: string,
  partNumber: string,
  exceptId?: string,
): Promise<void> {
  const [clash] = await tx
    .select({ id: customerItems.id })
    .from(customerItems)
    .where(
      and(
        eq(customerItems.organizationId, organizationId),
        eq(customerItems.customerId, customerId),
        sql`lower(${customerItems.customerPartNumber}) = ${partNumber.toLowerCase()}`,
      ),
    );
  if (clash && clash.id !== exceptId) {
    throw new AppError(
      'CONFLICT',
      `This customer already has part number ${partNumber}. Edit that item instead.`,
      { field: 'customerPartNumber' },
    );
  }
}

/** Creates (`itemId` null) or updates one item of a customer, after checking our item exists here. */
export async function saveCustomerItem(
  tx: Tx,
  organizationId: string,
  customerId: string,
  itemId: string | null,
  input: CustomerItemInput,
): Promise<CustomerItem> {
  await findCustomerRow(tx, organizationId, customerId);
  if (itemId) {
    const [existing] = await tx
      .select({ id: customerItems.id })
      .from(customerItems)
      .where(
        and(
          eq(customerItems.organizationId, organizationId),
          eq(customerItems.customerId, customerId),
          eq(customerItems.id, itemId),
        ),
      );
    if (!existing) throw AppError.notFound('This customer item');
  }
  const target = await requireTarget(tx, organizationId, input);
  await assertPartNumberFree(tx, organizationId, customerId, input.customerPartNumber, itemId ?? undefined);
  const values = {
    customerPartNumber: input.customerPartNumber,
    description: input.description,
    targetType: input.targetType,
    targetId: target.id,
    targetPartNumber: target.partNumber,
    price: input.price,
  };
  const [row] = itemId
    ? await tx
        .update(customerItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(customerItems.organizationId, organizationId), eq(customerItems.id, itemId)))
        .returning()
    : await tx
        .insert(customerItems)
        .values({ ...values, organizationId, customerId })
        .returning();
  if (!row) throw new Error('customer item write returned nothing');
  return toCustomerItem(row, target.description);
}

export async function deleteCustomerItem(
  tx: Tx,
  organizationId: string,
  customerId: string,
  itemId: string,
): Promise<void> {
  const deleted = await tx
    .delete(customerItems)
    .where(
      and(
        eq(customerItems.organizationId, organizationId),
        eq(customerItems.customerId, customerId),
        eq(customerItems.id, itemId),
      ),
    )
    .returning({ id: customerItems.id });
  if (deleted.length === 0) throw AppError.notFound('This customer item');
}
