/** How the work order screens read a work order: open or closed, overdue, its colours and its files. */
import type { WorkOrderPriority, WorkOrderStatus } from '@hosewright/domain';
import type { WorkOrderDocument } from '@/api/workorders';
import { formatShortDate, localDay } from '@/lib/format';

type ChipColour = 'default' | 'primary' | 'info' | 'warning' | 'success' | 'error';

/** Each status its own colour, so a foreman scanning a list sees what is on the floor. */
export const STATUS_COLOURS: Readonly<Record<WorkOrderStatus, ChipColour>> = {
  draft: 'default',
  released: 'info',
  inProgress: 'warning',
  completed: 'success',
  cancelled: 'error',
};

/** Normal work needs no colour; high and urgent stand out. */
export const PRIORITY_COLOURS: Readonly<Record<WorkOrderPriority, ChipColour>> = {
  low: 'default',
  normal: 'default',
  high: 'warning',
  urgent: 'error',
};

/** Draft, released or in progress: still to be built (the list's "open" filter, the same on the server). */
export function isOpen(status: WorkOrderStatus): boolean {
  return status === 'draft' || status === 'released' || status === 'inProgress';
}

/** Released or in progress: on the floor, holding stock. */
export function isOnTheFloor(status: WorkOrderStatus): boolean {
  return status === 'released' || status === 'inProgress';
}

/** An open work order whose due day has passed; a closed one is never overdue. */
export function isOverdue(
  workOrder: { dueDate: string | null; status: WorkOrderStatus },
  now: Date = new Date(),
): boolean {
  return workOrder.dueDate !== null && isOpen(workOrder.status) && workOrder.dueDate < localDay(0, now);
}

/**
 * A due day as the reader's language writes it ('Dec 1, 2026'). The day is read as local midnight: read as
 * UTC it would show the day before west of Greenwich.
 */
export function formatDueDate(dueDate: string | null): string {
  return dueDate ? formatShortDate(`${dueDate}T00:00:00`) : '';
}

/** The name a downloaded document is saved under: `picklist-WO-00042.pdf`. */
export function documentFileName(document: WorkOrderDocument, number: string): string {
  return `${document}-${number.replace(/[^\w.-]+/g, '_')}.pdf`;
}
