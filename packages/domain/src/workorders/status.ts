/** A work order's statuses, apart from its contracts: the dashboard counts by them without loading those. */
export const WORK_ORDER_STATUSES = ['draft', 'released', 'inProgress', 'completed', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
