/**
 * The dashboard: the organisation, its plan and the counts of what exists (`counts` grows as features land),
 * and the shop's week at a glance for the viewer's role and plan. A section the viewer may not open (the
 * list endpoint it summarises refuses their tier or role, `evaluateAccess`) is null, never empty.
 */
import { z } from 'zod';
import { endpoint, MEMBER } from '../api/endpoint.ts';
import { isoDateTimeSchema } from '../api/schemas.ts';
import { isTimeZone } from '../api/time-zone.ts';
import { lowStockSchema } from '../inventory/low-stock.ts';
import { tierSchema } from '../session/session.ts';
import { WORK_ORDER_STATUSES } from '../workorders/status.ts';

/** How many days the week covers: today and the six before it, days of the caller's time zone. */
export const DASHBOARD_DAYS = 7;
/** How many low stock lines and failed imports the dashboard lists (the counts cover them all). */
export const DASHBOARD_LIST_LENGTH = 5;

/** What a plan limits, in the order the dashboard shows them. */
export const USAGE_KEYS = ['customers', 'hoseAssemblies', 'hoseKits', 'imageStorageBytes'] as const;
export type UsageKey = (typeof USAGE_KEYS)[number];

const count = z.number().int().min(0);

export const dashboardDaySchema = z.object({
  /** The day in the asked time zone, 'YYYY-MM-DD'. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** New hose assemblies (part numbers at their first revision) saved that day. */
  assembliesBuilt: count,
  /** Built units recorded that day, each with its serial on a tag (by hand or by completing a work order). */
  unitsTagged: count,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardWorkOrdersSchema = z.object({
  /**
   * Open work orders (draft, released, in progress) whatever their age; completed and cancelled ones only
   * when they closed in the week.
   */
  byStatus: z.record(z.enum(WORK_ORDER_STATUSES), count),
  /** Open work orders due from today through the sixth day after it. */
  due: count,
  /** Open work orders whose due day has passed. */
  late: count,
});
export type DashboardWorkOrders = z.infer<typeof dashboardWorkOrdersSchema>;

const estimateFigureSchema = z.object({
  count,
  /** Their totals in the base currency, in its minor units (cents), at today's exchange rates. */
  value: z.number().int(),
});

export const dashboardEstimatesSchema = z.object({
  /** The organisation's base currency, which `value` is in. */
  currency: z.string(),
  /** Estimates sent in the week (each revision once, at its latest sending). */
  sent: estimateFigureSchema,
  /** Estimates accepted in the week. */
  accepted: estimateFigureSchema,
  /** Of those, estimates in a currency that has no exchange rate any more: counted, but not in `value`. */
  unconverted: count,
});
export type DashboardEstimates = z.infer<typeof dashboardEstimatesSchema>;

export const dashboardLowStockSchema = z.object({
  /** Items a warehouse holds no more of than their reorder point (`listLowStock`). */
  total: count,
  /** The first of them by part number. */
  items: z.array(lowStockSchema),
});
export type DashboardLowStock = z.infer<typeof dashboardLowStockSchema>;

export const dashboardFailedImportSchema = z.object({
  importId: z.string(),
  /** The import target ('hose', 'customer', ...). */
  kind: z.string(),
  fileName: z.string(),
  failedAt: isoDateTimeSchema,
  /** Where the web app shows its log, without the leading slash (as notifications link). */
  url: z.string(),
});
export type DashboardFailedImport = z.infer<typeof dashboardFailedImportSchema>;

export const dashboardAttentionSchema = z.object({
  /** Imports that failed in the week: null for a member who may not see imports (admins only). */
  importsFailed: z.object({ total: count, items: z.array(dashboardFailedImportSchema) }).nullable(),
  /** The viewer's own unread notifications. */
  notificationsUnread: count,
});
export type DashboardAttention = z.infer<typeof dashboardAttentionSchema>;

export const dashboardUsageSchema = z.object({
  key: z.enum(USAGE_KEYS),
  used: count,
  /** null: the plan sets no limit. */
  limit: count.nullable(),
});
export type DashboardUsage = z.infer<typeof dashboardUsageSchema>;

export const dashboardSchema = z.object({
  organization: z.object({ _id: z.string(), name: z.string() }),
  subscription: z.object({
    subscriptionType: tierSchema,
    expires: z.string(),
    maxCustomers: z.number().int(),
    maxHoseAssemblies: z.number().int(),
    maxHoseKits: z.number().int(),
  }),
  counts: z.record(z.string(), z.number().int()),
  /** The last `DASHBOARD_DAYS` days of the asked time zone, oldest first, today last. */
  week: z.object({ days: z.array(dashboardDaySchema) }),
  /** Professional and enterprise (`listWorkOrders`); null otherwise. */
  workOrders: dashboardWorkOrdersSchema.nullable(),
  /** Professional and enterprise (`listSalesEstimates`); null otherwise. */
  estimates: dashboardEstimatesSchema.nullable(),
  /** Professional and enterprise (`listLowStock`), unless the organisation hides inventory; null otherwise. */
  lowStock: dashboardLowStockSchema.nullable(),
  attention: dashboardAttentionSchema,
  /** What the plan limits, used and allowed. */
  usage: z.array(dashboardUsageSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardQuerySchema = z.object({
  /**
   * Whose days the week counts: the reader's time zone (the app sends the browser's), so what a shop built
   * this afternoon is today's and "late" means due before the reader's today. UTC when not given.
   */
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, 'timeZone must be a time zone such as America/Vancouver or UTC')
    .default('UTC'),
});

export const getDashboard = endpoint({
  name: 'getDashboard',
  method: 'GET',
  path: '/api/v1/dashboard',
  tag: 'Dashboard',
  summary: "The organisation, its plan and how much of it is used, and the shop's last seven days",
  access: MEMBER,
  query: dashboardQuerySchema,
  response: dashboardSchema,
  example: { query: { timeZone: 'America/Vancouver' } },
});

export const DASHBOARD_ENDPOINTS = [getDashboard];
