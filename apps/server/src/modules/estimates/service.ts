/**
 * Sales estimates' business operations (packages/domain/src/estimates/contracts.ts, ADR 21): the list, one
 * estimate, live pricing, create, update and delete of drafts, accept (with its work orders), decline,
 * re-check against today's catalogue and revise.
 *
 * An estimate is priced when saved (`priceEstimate` with `loadPricingContext`) and keeps its unit prices,
 * costs, what priced each line and its totals; only a draft changes. 'expired' is never stored: it is read
 * from `valid_until` with `estimateStatusOn`. Every function takes the tenant transaction and the
 * organisation; another organisation's id answers exactly like a missing one (ADR 1).
 */
import {
  AppErrorCode,
  baseToMinorUnits,
  type CurrencyContext,
  describePricedBy,
  ESTIMATE_STATUSES,
  type Estimate,
  type EstimateAccept,
  type EstimateChangeKind,
  type EstimateCreate,
  type EstimateLine,
  type EstimateListQuery,
  type EstimatePriceRequest,
  type EstimatePricing,
  type EstimatePricingAnswer,
  type EstimateRecheck,
  type EstimateStatus,
  type EstimateStoredStatus,
  type EstimateSummary,
  type EstimateUpdate,
  estimateStatusOn,
  fromMinorUnits,
  isBelowTargetMargin,
  type ListResponse,
  marginPctOf,
  minorDigits,
  nextPartNumber,
  type PricedBy,
  priceEstimate,
} from '@hosewright/domain';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { acrossCustomers } from '../../db/customer-scope.ts';
import { takeTurnsNumbering } from '../../db/numbering.ts';
import {
  customers,
  hoseAssemblies,
  hoseKits,
  salesEstimateLines,
  salesEstimates,
  users,
  workOrders,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { totalOf } from '../../lib/paging.ts';
import { today } from '../../lib/today.ts';
import { pricingFor } from '../currencies/service.ts';
import { likePattern } from '../customers/service.ts';
import { getSettings } from '../organization/service.ts';
import { createWorkOrderFromEstimate } from '../workorders/service.ts';
import { engineInputOf, type LineSource, latestRevisions, type ResolvedLine, resolveLines } from './lines.ts';
import { type EstimateCustomer, loadCustomer, loadPricingContext } from './pricing-context.ts';

type EstimateRow = typeof salesEstimates.$inferSelect;
type LineRow = typeof salesEstimateLines.$inferSelect;

const ESTIMATE = 'This sales estimate';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function conflict(message: string): AppError {
  return new AppError(AppErrorCode.Conflict, message);
}

function badInput(path: (string | number)[], message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path, message }] });
}

/** How a status reads in a sentence: "SE-00012 is sent". */
const STATUS_PHRASES: Readonly<Record<EstimateStatus, string>> = {
  draft: 'a draft',
  sent: 'sent',
  accepted: 'accepted',
  declined: 'declined',
  expired: 'expired',
};

const statusOf = (row: EstimateRow, on = today()) =>
  estimateStatusOn({ status: row.status as EstimateStoredStatus, validUntil: row.validUntil }, on);

/** 1250 CAD minor units -> "12.50 CAD". */
function money(minor: number, currency: string): string {
  return `${fromMinorUnits(minor, currency).toFixed(minorDigits(currency))} ${currency}`;
}

async function findRow(tx: Tx, organizationId: string, id: string, lock = false): Promise<EstimateRow> {
  const query = tx
    .select()
    .from(salesEstimates)
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(ESTIMATE);
  return row;
}

async function loadLineRows(tx: Tx, organizationId: string, estimateId: string): Promise<LineRow[]> {
  return tx
    .select()
    .from(salesEstimateLines)
    .where(
      and(
        eq(salesEstimateLines.organizationId, organizationId),
        eq(salesEstimateLines.estimateId, estimateId),
      ),
    )
    .orderBy(asc(salesEstimateLines.position));
}

/** A stored line as the resolver reads it (keeping what it showed, should its item be gone). */
const sourceOf = (line: LineRow): LineSource => ({
  type: line.type as LineSource['type'],
  itemId: line.itemId,
  description: line.description,
  quantity: line.quantity,
  unitPriceOverride: line.unitPriceOverride,
  partNumber: line.partNumber,
  productGroup: line.productGroup,
});

const sentSource = (line: EstimateCreate['lines'][number]): LineSource => ({
  type: line.type,
  itemId: line.itemId,
  description: line.description,
  quantity: line.quantity,
  unitPriceOverride: line.unitPriceOverride,
});

async function catalogueSettings(tx: Tx, organizationId: string) {
  const { revisionDelimiter, hasParker } = await getSettings(tx, organizationId);
  return { revisionDelimiter, hasParker };
}

// ---------------------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------------------

interface Priced {
  lines: ResolvedLine[];
  pricing: EstimatePricing;
}

async function priceLines(
  tx: Tx,
  organizationId: string,
  customer: EstimateCustomer | null,
  date: string,
  lines: ResolvedLine[],
): Promise<Priced> {
  const ctx = await loadPricingContext(tx, organizationId, customer, date, lines);
  return { lines, pricing: priceEstimate(lines.map(engineInputOf), ctx) };
}

const totalsOf = (pricing: EstimatePricing) => ({
  currency: pricing.currency,
  subtotal: pricing.subtotal,
  minimumChargeAdjustment: pricing.minimumChargeAdjustment,
  taxes: pricing.taxes.map((t) => ({ name: t.name, ratePct: t.ratePct, amount: t.amount })),
  taxTotal: pricing.taxTotal,
  total: pricing.total,
  taxExempt: pricing.taxExempt,
});

async function writeLines(tx: Tx, organizationId: string, estimateId: string, priced: Priced) {
  await tx
    .delete(salesEstimateLines)
    .where(
      and(
        eq(salesEstimateLines.organizationId, organizationId),
        eq(salesEstimateLines.estimateId, estimateId),
      ),
    );
  if (priced.lines.length === 0) return;
  await tx.insert(salesEstimateLines).values(
    priced.lines.map((line, i) => {
      const p = priced.pricing.lines[i]!;
      return {
        organizationId,
        estimateId,
        position: i + 1,
        type: line.type,
        itemId: line.itemId,
        partNumber: line.partNumber,
        description: line.description,
        productGroup: line.productGroup,
        quantity: line.quantity,
        unitCost: line.unitCost,
        unitPriceOverride: line.unitPriceOverride,
        unitPrice: p.unitPrice,
        lineTotal: p.lineTotal,
        pricedBy: p.pricedBy,
      };
    }),
  );
}

/** One line as the API answers it; costs in minor units of the estimate's currency. */
function lineView(
  line: {
    id: string;
    position: number;
    type: string;
    itemId: string | null;
    partNumber: string;
    description: string;
    productGroup: string | null;
    quantity: number;
    unitPriceOverride: number | null;
    unitPrice: number | null;
    lineTotal: number;
    unitCost: number | null;
    pricedBy: PricedBy;
  },
  targetMarginPct: number,
): EstimateLine {
  const { unitPrice, unitCost } = line;
  const hasBoth = unitPrice !== null && unitCost !== null;
  return {
    _id: line.id,
    position: line.position,
    type: line.type as EstimateLine['type'],
    itemId: line.itemId,
    partNumber: line.partNumber,
    description: line.description,
    productGroup: line.productGroup,
    quantity: line.quantity,
    unitPrice,
    unitPriceOverride: line.unitPriceOverride,
    lineTotal: line.lineTotal,
    unitCost,
    marginPct: hasBoth ? marginPctOf(unitPrice, unitCost) : null,
    belowTargetMargin: hasBoth && isBelowTargetMargin(unitPrice, unitCost, targetMarginPct),
    pricedBy: line.pricedBy,
    pricedByText: describePricedBy(line.pricedBy),
  };
}

/** The editor's live prices: `lines` priced for the customer on the date; nothing is saved. */
export async function priceSalesEstimate(
  tx: Tx,
  organizationId: string,
  input: EstimatePriceRequest,
): Promise<EstimatePricingAnswer> {
  const customer = await customerOrRefuse(tx, organizationId, input.customerId);
  const settings = await getSettings(tx, organizationId);
  const resolved = await resolveLines(tx, organizationId, input.lines.map(sentSource), settings, true);
  const { pricing } = await priceLines(tx, organizationId, customer, input.estimateDate ?? today(), resolved);
  const target = Number(settings.targetMarginPct);
  return {
    ...totalsOf(pricing),
    lines: resolved.map((line, i) => {
      const p = pricing.lines[i]!;
      // Not saved: no id of its own.
      return lineView({ ...line, ...p, id: '', position: i + 1 }, target);
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

async function laterRevisionOf(
  tx: Tx,
  organizationId: string,
  row: EstimateRow,
): Promise<{ _id: string; revision: number } | null> {
  const [later] = await tx
    .select({ id: salesEstimates.id, revision: salesEstimates.revision })
    .from(salesEstimates)
    .where(
      and(
        eq(salesEstimates.organizationId, organizationId),
        sql`lower(${salesEstimates.number}) = ${row.number.toLowerCase()}`,
        gt(salesEstimates.revision, row.revision),
      ),
    )
    .orderBy(desc(salesEstimates.revision))
    .limit(1);
  return later ? { _id: later.id, revision: later.revision } : null;
}

/**
 * One estimate with its priced lines, taxes and totals, its later revision and the work orders accepting it
 * made. A line's cost is kept in the base currency and shown in the estimate's at today's rate.
 */
export async function getEstimate(tx: Tx, organizationId: string, id: string): Promise<Estimate> {
  const [found] = await tx
    .select({ row: salesEstimates, customerName: customers.name, createdByName: users.name })
    .from(salesEstimates)
    .leftJoin(customers, eq(customers.id, salesEstimates.customerId))
    .leftJoin(users, eq(users.id, salesEstimates.createdBy))
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));
  if (!found) throw AppError.notFound(ESTIMATE);
  const { row } = found;
  const [lineRows, laterRevision, orders, settings, pricing] = await Promise.all([
    loadLineRows(tx, organizationId, id),
    laterRevisionOf(tx, organizationId, row),
    tx
      .select({ id: workOrders.id, number: workOrders.number, status: workOrders.status })
      .from(workOrders)
      .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.salesEstimateId, id)))
      .orderBy(asc(sql`lower(${workOrders.number})`)),
    getSettings(tx, organizationId),
    pricingFor(tx, organizationId, row.currency),
  ]);
  const currency: CurrencyContext = {
    baseCurrency: pricing.costCurrency,
    currency: row.currency,
    rate: pricing.currency === row.currency ? pricing.rate : 1,
  };
  const target = Number(settings.targetMarginPct);
  const lines = lineRows.map((l) =>
    lineView(
      {
        ...l,
        unitCost: l.unitCost === null ? null : baseToMinorUnits(l.unitCost, currency),
        pricedBy: l.pricedBy as PricedBy,
      },
      target,
    ),
  );
  const contact = row.contact as Estimate['contact'];
  return {
    _id: row.id,
    number: row.number,
    revision: row.revision,
    previousId: row.previousId,
    laterRevision,
    status: statusOf(row),
    customer: row.customerId ? { _id: row.customerId, name: found.customerName ?? '' } : null,
    contact: contact ? { name: contact.name, email: contact.email ?? '', phone: contact.phone ?? '' } : null,
    estimateDate: row.estimateDate,
    validUntil: row.validUntil,
    description: row.description,
    notes: row.notes,
    terms: row.terms,
    currency: row.currency,
    subtotal: row.subtotal,
    minimumChargeAdjustment: row.minimumChargeAdjustment,
    taxes: (row.taxes ?? []) as Estimate['taxes'],
    taxTotal: row.taxTotal,
    total: row.total,
    taxExempt: row.taxExempt,
    lines,
    belowTargetCount: lines.filter((l) => l.belowTargetMargin).length,
    unpricedCount: lines.filter((l) => l.unitPrice === null).length,
    workOrders: orders.map((o) => ({ _id: o.id, number: o.number, status: o.status })),
    sentAt: row.sentAt?.toISOString() ?? null,
    sentTo: row.sentTo,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdBy: row.createdBy ? { _id: row.createdBy, name: found.createdByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The status as shown (`estimateStatusOn`), in SQL: a sent estimate past its validity is expired. */
const shownStatus = (on: string) =>
  sql`(case when ${salesEstimates.status} = 'sent' and ${salesEstimates.validUntil} is not null and ${salesEstimates.validUntil} < ${on} then 'expired' else ${salesEstimates.status} end)`;

const SORT_COLUMNS = (on: string): Record<EstimateListQuery['sort'], SQL> => ({
  number: sql`lower(${salesEstimates.number})`,
  estimateDate: sql`${salesEstimates.estimateDate}`,
  validUntil: sql`${salesEstimates.validUntil}`,
  total: sql`${salesEstimates.total}`,
  status: sql`(case ${shownStatus(on)} ${sql.join(
    ESTIMATE_STATUSES.map((s, i) => sql`when ${s} then ${i}`),
    sql` `,
  )} else ${ESTIMATE_STATUSES.length} end)`,
  createdAt: sql`${salesEstimates.createdAt}`,
});

/**
 * One page of estimates: by number, description or customer name, shown status and customer; only the
 * latest revision of each number unless `allRevisions`.
 */
export async function listEstimates(
  tx: Tx,
  organizationId: string,
  query: EstimateListQuery,
): Promise<ListResponse<EstimateSummary>> {
  const on = today();
  const conditions: (SQL | undefined)[] = [eq(salesEstimates.organizationId, organizationId)];
  if (query.q) {
    conditions.push(
      sql`lower(${salesEstimates.number} || ' ' || ${salesEstimates.description} || ' ' || coalesce(${customers.name}, '')) like ${likePattern(query.q)}`,
    );
  }
  if (query.status) conditions.push(sql`${shownStatus(on)} = ${query.status}`);
  if (query.customerId) conditions.push(eq(salesEstimates.customerId, query.customerId));
  if (!query.allRevisions) {
    conditions.push(
      sql`not exists (select 1 from sales_estimates later where later.organization_id = ${salesEstimates.organizationId} and lower(later.number) = lower(${salesEstimates.number}) and later.revision > ${salesEstimates.revision})`,
    );
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await tx
    .select({
      row: salesEstimates,
      customerName: customers.name,
      // The outer table by its name: a column in a select list may be written unqualified.
      lineCount:
        sql<number>`(select count(*) from sales_estimate_lines l where l.estimate_id = sales_estimates.id)`.mapWith(
          Number,
        ),
    })
    .from(salesEstimates)
    .leftJoin(customers, eq(customers.id, salesEstimates.customerId))
    .where(where)
    .orderBy(
      sql`${SORT_COLUMNS(on)[query.sort]} ${direction} nulls last`,
      desc(salesEstimates.revision),
      desc(salesEstimates.createdAt),
      desc(salesEstimates.id),
    )
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const total = await totalOf(rows.length, query, async () => {
    const [counted] = await tx
      .select({ n: count() })
      .from(salesEstimates)
      .leftJoin(customers, eq(customers.id, salesEstimates.customerId))
      .where(where);
    return counted?.n ?? 0;
  });
  return {
    items: rows.map(
      ({ row, customerName, lineCount }): EstimateSummary => ({
        _id: row.id,
        number: row.number,
        revision: row.revision,
        status: statusOf(row, on),
        customer: row.customerId ? { _id: row.customerId, name: customerName ?? '' } : null,
        currency: row.currency,
        estimateDate: row.estimateDate,
        validUntil: row.validUntil,
        description: row.description,
        total: row.total,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        lineCount,
      }),
    ),
    total,
    page: query.page,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Create, update, delete
// ---------------------------------------------------------------------------------------------------------

/** The next number in the organisation's pattern after every number already used in it. */
async function nextEstimateNumber(tx: Tx, organizationId: string, pattern: string): Promise<string> {
  const brace = pattern.indexOf('{');
  const prefix = (brace < 0 ? pattern : pattern.slice(0, brace)).toLowerCase();
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await takeTurnsNumbering(tx, organizationId, 'estimate');
  // Numbers are unique across the organisation, also for a call acting for one customer.
  const used = await acrossCustomers(tx, () =>
    tx
      .select({ number: salesEstimates.number })
      .from(salesEstimates)
      .where(
        and(
          eq(salesEstimates.organizationId, organizationId),
          sql`lower(${salesEstimates.number}) like ${like}`,
        ),
      ),
  );
  return nextPartNumber(
    pattern,
    used.map((r) => r.number),
  );
}

async function customerOrRefuse(
  tx: Tx,
  organizationId: string,
  customerId: string,
): Promise<EstimateCustomer> {
  const customer = await loadCustomer(tx, organizationId, customerId);
  if (!customer) throw badInput(['customerId'], 'The customer was not found; choose it again');
  return customer;
}

function checkDates(estimateDate: string, validUntil: string | null): void {
  if (validUntil !== null && validUntil < estimateDate) {
    throw badInput(['validUntil'], 'The estimate must be valid until its own date or later');
  }
}

/** A draft for a customer, numbered from the organisation's pattern and priced as saved. */
export async function createEstimate(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: EstimateCreate,
): Promise<Estimate> {
  const customer = await customerOrRefuse(tx, organizationId, input.customerId);
  const settings = await getSettings(tx, organizationId);
  const estimateDate = input.estimateDate ?? today();
  const validUntil =
    input.validUntil === undefined ? addDays(estimateDate, settings.estimateValidityDays) : input.validUntil;
  checkDates(estimateDate, validUntil);
  const resolved = await resolveLines(tx, organizationId, input.lines.map(sentSource), settings, true);
  const priced = await priceLines(tx, organizationId, customer, estimateDate, resolved);
  const number = await nextEstimateNumber(tx, organizationId, settings.estimateNumberPattern);
  const [row] = await tx
    .insert(salesEstimates)
    .values({
      organizationId,
      number,
      revision: 1,
      status: 'draft',
      customerId: customer.id,
      contact: input.contact ?? null,
      estimateDate,
      validUntil,
      description: input.description ?? '',
      notes: input.notes ?? '',
      terms: input.terms ?? settings.estimateTerms,
      ...totalsOf(priced.pricing),
      createdBy: userId,
    })
    .returning({ id: salesEstimates.id });
  if (!row) throw new Error('sales estimate insert returned nothing');
  await writeLines(tx, organizationId, row.id, priced);
  return getEstimate(tx, organizationId, row.id);
}

/**
 * Changes a draft: its details and lines, every line priced again as saved (with today's costs, the
 * customer's terms and the price list version in force on its date). Anything but a draft is a Conflict.
 */
export async function updateEstimate(
  tx: Tx,
  organizationId: string,
  id: string,
  input: EstimateUpdate,
): Promise<Estimate> {
  const row = await findRow(tx, organizationId, id, true);
  const status = statusOf(row);
  if (row.status !== 'draft') {
    throw conflict(
      `Estimate ${row.number} is ${STATUS_PHRASES[status]}: only a draft changes.${
        status === 'accepted' ? '' : ' Revise it to make a new draft.'
      }`,
    );
  }
  const customerId = input.customerId ?? row.customerId;
  if (!customerId) {
    throw badInput(['customerId'], 'Choose the customer this estimate is for: its customer was deleted');
  }
  const customer = await customerOrRefuse(tx, organizationId, customerId);
  const settings = await getSettings(tx, organizationId);
  const estimateDate = input.estimateDate ?? row.estimateDate;
  const validUntil =
    input.validUntil !== undefined
      ? input.validUntil
      : input.estimateDate !== undefined
        ? addDays(estimateDate, settings.estimateValidityDays)
        : row.validUntil;
  checkDates(estimateDate, validUntil);
  const resolved = input.lines
    ? await resolveLines(tx, organizationId, input.lines.map(sentSource), settings, true)
    : await resolveLines(
        tx,
        organizationId,
        (await loadLineRows(tx, organizationId, id)).map(sourceOf),
        settings,
        false,
      );
  const priced = await priceLines(tx, organizationId, customer, estimateDate, resolved);
  const change: Partial<typeof salesEstimates.$inferInsert> = {
    customerId: customer.id,
    estimateDate,
    validUntil,
    ...totalsOf(priced.pricing),
    updatedAt: new Date(),
  };
  if (input.contact !== undefined) change.contact = input.contact;
  if (input.description !== undefined) change.description = input.description;
  if (input.notes !== undefined) change.notes = input.notes;
  if (input.terms !== undefined) change.terms = input.terms;
  await tx
    .update(salesEstimates)
    .set(change)
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));
  await writeLines(tx, organizationId, id, priced);
  return getEstimate(tx, organizationId, id);
}

/** Deletes a draft or a declined estimate with its lines; one sent or accepted is kept (Conflict). */
export async function deleteEstimate(tx: Tx, organizationId: string, id: string): Promise<void> {
  const row = await findRow(tx, organizationId, id, true);
  if (row.status !== 'draft' && row.status !== 'declined') {
    throw conflict(
      `Estimate ${row.number} is ${STATUS_PHRASES[statusOf(row)]} and is kept as the customer received it; only a draft or a declined estimate can be deleted`,
    );
  }
  await tx
    .delete(salesEstimates)
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));
}

// ---------------------------------------------------------------------------------------------------------
// Accept and decline
// ---------------------------------------------------------------------------------------------------------

/** The largest quantity one work order line builds (the work orders' limit on a line). */
const MAX_LINE_UNITS = 1000;

/**
 * Accepts a draft or sent estimate and, in the same transaction, makes its work orders (drafts: stock is not
 * touched until one is released): one per assembly line and one per kit line (`perAssembly`), or one with
 * every assembly line and each kit's assemblies (`perEstimate`). Components, other items, labour and freight
 * make no work order, nor does a kit without assemblies.
 */
export async function acceptEstimate(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
  input: EstimateAccept,
): Promise<Estimate> {
  const row = await findRow(tx, organizationId, id, true);
  const status = statusOf(row);
  if (status === 'expired') {
    throw conflict(
      `Estimate ${row.number} expired on ${row.validUntil}: revise it to quote again, then accept the new revision`,
    );
  }
  if (status !== 'draft' && status !== 'sent') {
    throw conflict(`Estimate ${row.number} is ${STATUS_PHRASES[status]} already`);
  }
  const lines = await loadLineRows(tx, organizationId, id);
  const built = lines.filter((l) => (l.type === 'assembly' || l.type === 'kit') && l.itemId);
  for (const line of built) {
    const what = line.partNumber || line.description;
    if (!Number.isInteger(line.quantity)) {
      throw conflict(
        `Line ${line.position}: ${line.quantity} of ${what} — a work order builds whole ${line.type === 'kit' ? 'kits' : 'assemblies'}; make the quantity a whole number`,
      );
    }
    if (line.type === 'assembly' && line.quantity > MAX_LINE_UNITS) {
      throw conflict(
        `Line ${line.position}: a work order builds at most ${MAX_LINE_UNITS.toLocaleString('en-CA')} units of one assembly on a line`,
      );
    }
  }
  const assemblyIds = built.filter((l) => l.type === 'assembly').map((l) => l.itemId as string);
  const kitIds = built.filter((l) => l.type === 'kit').map((l) => l.itemId as string);
  const [assemblyRows, kitRows] = await Promise.all([
    assemblyIds.length
      ? tx
          .select({ id: hoseAssemblies.id })
          .from(hoseAssemblies)
          .where(
            and(eq(hoseAssemblies.organizationId, organizationId), inArray(hoseAssemblies.id, assemblyIds)),
          )
      : Promise.resolve([]),
    kitIds.length
      ? tx
          .select({
            id: hoseKits.id,
            // The outer table by its name: a column in a select list may be written unqualified.
            assemblies:
              sql<number>`(select count(*) from hose_kit_lines kl where kl.hose_kit_id = hose_kits.id and kl.line_type = 'hoseAssembly')`.mapWith(
                Number,
              ),
          })
          .from(hoseKits)
          .where(and(eq(hoseKits.organizationId, organizationId), inArray(hoseKits.id, kitIds)))
      : Promise.resolve([]),
  ]);
  const known = new Set(assemblyRows.map((r) => r.id));
  const kitAssemblies = new Map(kitRows.map((r) => [r.id, r.assemblies]));
  for (const line of built) {
    const exists = line.type === 'kit' ? kitAssemblies.has(line.itemId!) : known.has(line.itemId!);
    if (!exists) {
      throw conflict(
        `Line ${line.position}: ${line.partNumber} is no longer in the catalogue; revise the estimate, then accept the new revision`,
      );
    }
  }
  const now = new Date();
  await tx
    .update(salesEstimates)
    .set({ status: 'accepted', decidedAt: now, updatedAt: now })
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));

  const assemblies = built
    .filter((l) => l.type === 'assembly')
    .map((l) => ({ hoseAssemblyId: l.itemId as string, quantity: l.quantity }));
  const kits = built
    .filter((l) => l.type === 'kit' && (kitAssemblies.get(l.itemId!) ?? 0) > 0)
    .map((l) => ({ hoseKitId: l.itemId as string, quantity: l.quantity }));
  const common = {
    salesEstimateId: id,
    customerId: row.customerId,
    warehouseId: input.warehouseId,
    dueDate: input.dueDate,
    description: `From estimate ${row.number}`,
  };
  if (input.workOrders === 'perEstimate') {
    if (assemblies.length > 0 || kits.length > 0) {
      await createWorkOrderFromEstimate(tx, organizationId, userId, { ...common, assemblies, kits });
    }
  } else {
    for (const line of built) {
      const assembly = assemblies.find((a) => a.hoseAssemblyId === line.itemId);
      if (line.type === 'assembly' && assembly) {
        await createWorkOrderFromEstimate(tx, organizationId, userId, {
          ...common,
          assemblies: [{ hoseAssemblyId: line.itemId as string, quantity: line.quantity }],
          kits: [],
        });
      } else if (line.type === 'kit' && (kitAssemblies.get(line.itemId!) ?? 0) > 0) {
        await createWorkOrderFromEstimate(tx, organizationId, userId, {
          ...common,
          assemblies: [],
          kits: [{ hoseKitId: line.itemId as string, quantity: line.quantity }],
        });
      }
    }
  }
  return getEstimate(tx, organizationId, id);
}

/** Records that the customer declined a draft or sent estimate; the reason is added to its notes. */
export async function declineEstimate(
  tx: Tx,
  organizationId: string,
  id: string,
  reason: string,
): Promise<Estimate> {
  const row = await findRow(tx, organizationId, id, true);
  const status = statusOf(row);
  if (status !== 'draft' && status !== 'sent') {
    throw conflict(
      `Estimate ${row.number} is ${STATUS_PHRASES[status]}: only a draft or sent estimate can be declined`,
    );
  }
  const now = new Date();
  const notes = reason ? [row.notes, `Declined: ${reason}`].filter(Boolean).join('\n') : row.notes;
  await tx
    .update(salesEstimates)
    .set({ status: 'declined', decidedAt: now, notes, updatedAt: now })
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));
  return getEstimate(tx, organizationId, id);
}

/**
 * Checks that the estimate can go to the customer (a draft or sent one, with lines, every line priced, an
 * address to send to) and marks it sent to `to`, or to its contact. The email itself goes after the commit.
 */
export async function markEstimateSent(
  tx: Tx,
  organizationId: string,
  id: string,
  to: string | undefined,
): Promise<Estimate> {
  const row = await findRow(tx, organizationId, id, true);
  const status = statusOf(row);
  if (status !== 'draft' && status !== 'sent') {
    const hint = status === 'expired' ? ': revise it to send it again' : '';
    throw conflict(
      `Estimate ${row.number} is ${STATUS_PHRASES[status]}${hint || ' and cannot be sent again'}`,
    );
  }
  const current = await getEstimate(tx, organizationId, id);
  if (current.lines.length === 0) {
    throw conflict(`Estimate ${row.number} has no lines: add what it sells before sending it`);
  }
  if (current.unpricedCount > 0) {
    const lines = current.unpricedCount === 1 ? '1 line has' : `${current.unpricedCount} lines have`;
    throw conflict(`${lines} no price on estimate ${row.number}: enter a price before sending it`);
  }
  const recipient = to ?? current.contact?.email;
  if (!recipient) {
    throw conflict(`Estimate ${row.number} has no contact email: enter the address to send it to`);
  }
  const now = new Date();
  await tx
    .update(salesEstimates)
    .set({ status: 'sent', sentAt: now, sentTo: recipient, updatedAt: now })
    .where(and(eq(salesEstimates.organizationId, organizationId), eq(salesEstimates.id, id)));
  return getEstimate(tx, organizationId, id);
}

// ---------------------------------------------------------------------------------------------------------
// Re-check and revise
// ---------------------------------------------------------------------------------------------------------

/**
 * What changed since the estimate was priced, line by line, against today's catalogue and prices: an
 * assembly or kit gone or with a newer revision, a component no longer sold or gone, a unit price that
 * moved. Nothing is written.
 */
export async function recheckEstimate(tx: Tx, organizationId: string, id: string): Promise<EstimateRecheck> {
  const row = await findRow(tx, organizationId, id);
  const on = today();
  const lineRows = await loadLineRows(tx, organizationId, id);
  const settings = await catalogueSettings(tx, organizationId);
  const resolved = await resolveLines(tx, organizationId, lineRows.map(sourceOf), settings, false);
  const latest = await latestByType(tx, organizationId, resolved);
  const customer = row.customerId ? await loadCustomer(tx, organizationId, row.customerId) : null;
  const { pricing } = await priceLines(tx, organizationId, customer, on, resolved);

  const changes: EstimateRecheck['changes'] = [];
  lineRows.forEach((stored, i) => {
    const line = resolved[i]!;
    const change = (kind: EstimateChangeKind, message: string, newUnitPrice = stored.unitPrice) =>
      changes.push({
        lineId: stored.id,
        position: stored.position,
        partNumber: stored.partNumber,
        kind,
        message,
        oldUnitPrice: stored.unitPrice,
        newUnitPrice,
      });
    if (stored.itemId && stored.type !== 'labour' && stored.type !== 'freight') {
      if (!line.item) {
        change('missing', `${stored.partNumber || stored.description} is no longer in the catalogue`);
      } else if ((line.type === 'assembly' || line.type === 'kit') && !line.item.latest) {
        const newer = latest[line.type].get(line.item.partNumber.toLowerCase());
        change(
          'revised',
          newer
            ? `A newer revision ${newer.revision} of ${line.item.partNumber} exists`
            : `A newer revision of ${line.item.partNumber} exists`,
        );
      } else if (!line.item.active) {
        change('discontinued', `${line.partNumber} is no longer sold`);
      }
    }
    const now = pricing.lines[i]!.unitPrice;
    if (stored.unitPrice !== null && now !== null && now !== stored.unitPrice) {
      const up = now > stored.unitPrice;
      change(
        up ? 'priceUp' : 'priceDown',
        `Price ${up ? 'up' : 'down'} from ${money(stored.unitPrice, row.currency)} to ${money(now, pricing.currency)}`,
        now,
      );
    }
  });
  return {
    upToDate: changes.length === 0 && pricing.total === row.total,
    checkedOn: on,
    changes,
    totalBefore: row.total,
    totalAfter: pricing.total,
    currency: row.currency,
  };
}

/** The latest revision of every assembly and kit part number the lines name. */
async function latestByType(tx: Tx, organizationId: string, lines: readonly ResolvedLine[]) {
  const partsOf = (type: 'assembly' | 'kit') =>
    lines.flatMap((l) => (l.type === type && l.item ? [l.item.partNumber] : []));
  const [assembly, kit] = await Promise.all([
    latestRevisions(tx, organizationId, 'assembly', partsOf('assembly')),
    latestRevisions(tx, organizationId, 'kit', partsOf('kit')),
  ]);
  return { assembly, kit };
}

/**
 * A new draft revision of a sent, expired or declined estimate: the same number and the next revision,
 * dated today and valid from today, its assemblies and kits moved to their latest revision and every line
 * priced again. The estimate it revises is not touched.
 */
export async function reviseEstimate(
  tx: Tx,
  organizationId: string,
  userId: string,
  id: string,
): Promise<Estimate> {
  const row = await findRow(tx, organizationId, id, true);
  const status = statusOf(row);
  if (status === 'draft') {
    throw conflict(`Estimate ${row.number} is a draft: edit the draft instead`);
  }
  if (status === 'accepted') {
    throw conflict(`Estimate ${row.number} is accepted and made its work orders; it is not revised`);
  }
  const later = await laterRevisionOf(tx, organizationId, row);
  if (later) {
    throw conflict(
      `Revision ${later.revision} of estimate ${row.number} exists already: revise that one instead`,
    );
  }
  const settings = await getSettings(tx, organizationId);
  const lineRows = await loadLineRows(tx, organizationId, id);
  const current = await resolveLines(tx, organizationId, lineRows.map(sourceOf), settings, false);
  const latest = await latestByType(tx, organizationId, current);
  const moved = lineRows.map((stored, i): LineSource => {
    const line = current[i]!;
    const source = sourceOf(stored);
    if ((line.type === 'assembly' || line.type === 'kit') && line.item && !line.item.latest) {
      const newer = latest[line.type].get(line.item.partNumber.toLowerCase());
      if (newer) return { ...source, itemId: newer.id };
    }
    return source;
  });
  const resolved = await resolveLines(tx, organizationId, moved, settings, false);
  const customer = row.customerId ? await loadCustomer(tx, organizationId, row.customerId) : null;
  const estimateDate = today();
  const priced = await priceLines(tx, organizationId, customer, estimateDate, resolved);
  const [created] = await tx
    .insert(salesEstimates)
    .values({
      organizationId,
      number: row.number,
      revision: row.revision + 1,
      previousId: row.id,
      status: 'draft',
      customerId: row.customerId,
      contact: row.contact,
      estimateDate,
      validUntil: addDays(estimateDate, settings.estimateValidityDays),
      description: row.description,
      notes: row.notes,
      terms: row.terms,
      ...totalsOf(priced.pricing),
      createdBy: userId,
    })
    .returning({ id: salesEstimates.id });
  if (!created) throw new Error('sales estimate insert returned nothing');
  await writeLines(tx, organizationId, created.id, priced);
  return getEstimate(tx, organizationId, created.id);
}
