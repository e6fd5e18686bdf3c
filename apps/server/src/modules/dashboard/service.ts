/**
 * The figures of the dashboard's week (`getDashboard`), each one aggregate query in the caller's tenant
 * transaction, by the definitions of the module that owns the data: a new assembly is a part number at its
 * first revision (assemblies), a tagged unit is a built unit's serial (assemblies, work orders), an open or
 * late work order is the list's (work orders), low stock is `listLowStock` (inventory), an unread notification
 * is `countUnread` (notifications). Days are the caller's (`getDashboard`'s `timeZone`), UTC unless asked.
 */
import {
  DASHBOARD_DAYS,
  DASHBOARD_LIST_LENGTH,
  type DashboardDay,
  type DashboardEstimates,
  type DashboardFailedImport,
  type DashboardLowStock,
  type DashboardWorkOrders,
  FIRST_REVISION,
  fromMinorUnits,
  lowStockQuerySchema,
  PLANS,
  type PlanLimits,
  type Tier,
  toMinorUnits,
  UNLIMITED,
  type UsageKey,
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from '@hosewright/domain';
import { and, count, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  hoseAssemblies,
  hoseAssemblySerials,
  images,
  importLogs,
  salesEstimates,
  workOrders,
} from '../../db/schema.ts';
import { totalOf } from '../../lib/paging.ts';
import { countAssemblies } from '../assemblies/service.ts';
import { currencyRates } from '../currencies/service.ts';
import { countCustomers } from '../customers/service.ts';
import { importUrl } from '../imports/service.ts';
import type { ImportTargets } from '../imports/targets.ts';
import { listLowStock } from '../inventory/service.ts';
import { countKits } from '../kits/service.ts';
import { OPEN_STATUSES } from '../workorders/service.ts';

const DAY_MS = 86_400_000;

/** The week the dashboard covers, in a time zone: its first instant (midnight six days ago) and its days. */
export interface DashboardWeek {
  /** An IANA time zone (`isTimeZone`), the one the days are counted in. */
  timeZone: string;
  start: Date;
  /** 'YYYY-MM-DD', today last. */
  days: string[];
}

/**
 * The week that ends today in `timeZone` (the reader's day, as the web app's "late" is), read from the
 * database: its time zone rules are the ones `dayIn` counts the days by, so the week's first instant and its
 * days agree with the figures even where the runtime's rules differ: British Columbia keeps daylight time
 * from November 2026 in Node 24's and PGlite's rules, not yet in Node 20's or Debian's PostgreSQL's.
 */
export async function currentWeek(tx: Tx, timeZone = 'UTC', now: Date = new Date()): Promise<DashboardWeek> {
  const first = sql`((${now.toISOString()}::timestamptz at time zone ${timeZone})::date - ${DASHBOARD_DAYS - 1}::int)`;
  const [row] = await tx
    .select({
      first: sql<string>`to_char(${first}, 'YYYY-MM-DD')`,
      start: sql<string>`to_char(${first}::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(sql`(values (1)) as week`);
  const firstDay = Date.parse(`${row?.first}T00:00:00Z`);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(firstDay + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { timeZone, start: new Date(row?.start ?? Number.NaN), days };
}

/** The day of a timestamp in `timeZone`, 'YYYY-MM-DD', in SQL. */
const dayIn = (column: PgColumn, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** How many rows of `table` fall on each day of `column` in `timeZone`. */
async function perDay(
  tx: Tx,
  table: PgTable,
  column: PgColumn,
  timeZone: string,
  where: SQL | undefined,
): Promise<Map<string, number>> {
  const day = dayIn(column, timeZone);
  // Grouped by the first column: the zone is a parameter, and `group by` with the expression again would be
  // another parameter, which PostgreSQL does not take for the same expression.
  const rows = await tx.select({ day, n: count() }).from(table).where(where).groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** New assemblies and tagged units per day of the week. */
export async function weekDays(tx: Tx, organizationId: string, week: DashboardWeek): Promise<DashboardDay[]> {
  const built = await perDay(
    tx,
    hoseAssemblies,
    hoseAssemblies.createdAt,
    week.timeZone,
    and(
      eq(hoseAssemblies.organizationId, organizationId),
      eq(hoseAssemblies.revision, FIRST_REVISION),
      gte(hoseAssemblies.createdAt, week.start),
    ),
  );
  const tagged = await perDay(
    tx,
    hoseAssemblySerials,
    hoseAssemblySerials.builtAt,
    week.timeZone,
    and(eq(hoseAssemblySerials.organizationId, organizationId), gte(hoseAssemblySerials.builtAt, week.start)),
  );
  return week.days.map((date) => ({
    date,
    assembliesBuilt: built.get(date) ?? 0,
    unitsTagged: tagged.get(date) ?? 0,
  }));
}

/**
 * Work orders by status: the open ones whatever their age, the completed and cancelled ones that closed in
 * the week (a cancelled order is never changed again, so its last change is its cancelling). Due: open and
 * due from today through the week ahead; late: open and due before today.
 */
export async function workOrderFigures(
  tx: Tx,
  organizationId: string,
  week: DashboardWeek,
): Promise<DashboardWorkOrders> {
  const day = week.days[week.days.length - 1] as string;
  const lastDue = new Date(Date.parse(`${day}T00:00:00Z`) + (DASHBOARD_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const open = inArray(workOrders.status, [...OPEN_STATUSES]);
  const rows = await tx
    .select({
      status: workOrders.status,
      n: count(),
      due: sql<number>`count(*) filter (where ${open} and ${workOrders.dueDate} between ${day} and ${lastDue})`.mapWith(
        Number,
      ),
      late: sql<number>`count(*) filter (where ${open} and ${workOrders.dueDate} < ${day})`.mapWith(Number),
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, organizationId),
        or(
          open,
          and(eq(workOrders.status, 'completed'), gte(workOrders.completedAt, week.start)),
          and(eq(workOrders.status, 'cancelled'), gte(workOrders.updatedAt, week.start)),
        ),
      ),
    )
    .groupBy(workOrders.status);
  const byStatus = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<
    WorkOrderStatus,
    number
  >;
  let due = 0;
  let late = 0;
  for (const row of rows) {
    if (row.status in byStatus) byStatus[row.status as WorkOrderStatus] = row.n;
    due += row.due;
    late += row.late;
  }
  return { byStatus, due, late };
}

/**
 * Estimates sent in the week (each row once, at its latest sending, whatever it became since) and accepted in
 * the week, with their totals added up per currency and converted once to the base currency at today's rates.
 */
export async function estimateFigures(
  tx: Tx,
  organizationId: string,
  week: DashboardWeek,
): Promise<DashboardEstimates> {
  const sent = gte(salesEstimates.sentAt, week.start);
  const accepted = and(eq(salesEstimates.status, 'accepted'), gte(salesEstimates.decidedAt, week.start));
  const rows = await tx
    .select({
      currency: salesEstimates.currency,
      sent: sql<number>`count(*) filter (where ${sent})`.mapWith(Number),
      sentValue: sql<number>`coalesce(sum(${salesEstimates.total}) filter (where ${sent}), 0)`.mapWith(
        Number,
      ),
      accepted: sql<number>`count(*) filter (where ${accepted})`.mapWith(Number),
      acceptedValue:
        sql<number>`coalesce(sum(${salesEstimates.total}) filter (where ${accepted}), 0)`.mapWith(Number),
    })
    .from(salesEstimates)
    .where(and(eq(salesEstimates.organizationId, organizationId), or(sent, accepted)))
    .groupBy(salesEstimates.currency);
  const { base, rates } = await currencyRates(tx, organizationId);
  const figures: DashboardEstimates = {
    currency: base,
    sent: { count: 0, value: 0 },
    accepted: { count: 0, value: 0 },
    unconverted: 0,
  };
  for (const row of rows) {
    const rate = row.currency === base ? 1 : rates.get(row.currency);
    figures.sent.count += row.sent;
    figures.accepted.count += row.accepted;
    if (rate === undefined) {
      figures.unconverted += row.sent + row.accepted;
      continue;
    }
    // `rate` units of the estimate's currency buy one unit of the base currency.
    const inBase = (minor: number) => toMinorUnits(fromMinorUnits(minor, row.currency) / rate, base);
    figures.sent.value += inBase(row.sentValue);
    figures.accepted.value += inBase(row.acceptedValue);
  }
  return figures;
}

export async function lowStockFigures(tx: Tx, organizationId: string): Promise<DashboardLowStock> {
  const { items, total } = await listLowStock(
    tx,
    organizationId,
    lowStockQuerySchema.parse({ itemsPerPage: DASHBOARD_LIST_LENGTH }),
  );
  return { total, items };
}

/** Imports that failed in the week, newest first, each with where its log is shown. */
export async function failedImports(
  tx: Tx,
  organizationId: string,
  week: DashboardWeek,
  targets: ImportTargets,
): Promise<{ total: number; items: DashboardFailedImport[] }> {
  const failedAt = sql<Date>`coalesce(${importLogs.finishedAt}, ${importLogs.createdAt})`;
  const where = and(
    eq(importLogs.organizationId, organizationId),
    eq(importLogs.status, 'failed'),
    gte(failedAt, week.start),
  );
  const rows = await tx
    .select({
      id: importLogs.id,
      target: importLogs.target,
      fileName: importLogs.fileName,
      finishedAt: importLogs.finishedAt,
      createdAt: importLogs.createdAt,
    })
    .from(importLogs)
    .where(where)
    .orderBy(desc(failedAt), desc(importLogs.id))
    .limit(DASHBOARD_LIST_LENGTH);
  const total = await totalOf(rows.length, { page: 1, itemsPerPage: DASHBOARD_LIST_LENGTH }, async () => {
    const [counted] = await tx.select({ n: count() }).from(importLogs).where(where);
    return counted?.n ?? 0;
  });
  return {
    total,
    items: rows.map((r) => ({
      importId: r.id,
      kind: r.target,
      fileName: r.fileName,
      failedAt: (r.finishedAt ?? r.createdAt).toISOString(),
      url: importUrl(targets, r.target, r.id),
    })),
  };
}

/** The objects a plan limits by number, counted as the limits count them (`assertWithinPlanLimit`). */
export async function limitedCounts(tx: Tx, organizationId: string) {
  return {
    customers: await countCustomers(tx, organizationId),
    hoseAssemblies: await countAssemblies(tx, organizationId),
    hoseKits: await countKits(tx, organizationId),
  };
}

/**
 * What the plan limits: the counts against the subscription's limits, and the pictures' bytes against the
 * tier's (`maxImageStorageBytes` counts the sizes of the stored pictures, plans.ts). null: no limit.
 */
export async function usageFigures(
  tx: Tx,
  organizationId: string,
  counts: Awaited<ReturnType<typeof limitedCounts>>,
  subscription: { tier: Tier } & PlanLimits,
): Promise<{ key: UsageKey; used: number; limit: number | null }[]> {
  const limit = (max: number) => (max >= UNLIMITED ? null : max);
  const [pictures] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${images.size}), 0)`.mapWith(Number) })
    .from(images)
    .where(eq(images.organizationId, organizationId));
  return [
    { key: 'customers', used: counts.customers, limit: limit(subscription.maxCustomers) },
    { key: 'hoseAssemblies', used: counts.hoseAssemblies, limit: limit(subscription.maxHoseAssemblies) },
    { key: 'hoseKits', used: counts.hoseKits, limit: limit(subscription.maxHoseKits) },
    {
      key: 'imageStorageBytes',
      used: pictures?.bytes ?? 0,
      // Every tier sets one; it is in bytes, where UNLIMITED (a count) means nothing.
      limit: PLANS[subscription.tier].maxImageStorageBytes,
    },
  ];
}
