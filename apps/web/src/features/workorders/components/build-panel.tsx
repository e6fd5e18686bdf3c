import type { WorkOrder } from '@hosewright/domain';

/** Scaffold: the bench, where each unit of a released work order is built step by step. */
export function BuildPanel(_props: { workOrder: WorkOrder }) {
  return null;
}
