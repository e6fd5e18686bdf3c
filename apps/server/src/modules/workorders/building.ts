/** Scaffold: the bench (one step of one unit at a time) and completion. */
import type { BuildStepInput, WorkOrder } from '@hosewright/domain';
import type { Tx } from '../../db/client.ts';

export async function recordStep(
  _tx: Tx,
  _organizationId: string,
  _user: { id: string; name: string },
  _workOrderId: string,
  _unitId: string,
  _input: BuildStepInput,
): Promise<WorkOrder> {
  throw new Error('not built yet');
}

export async function completeWorkOrder(
  _tx: Tx,
  _organizationId: string,
  _userId: string,
  _workOrderId: string,
): Promise<WorkOrder> {
  throw new Error('not built yet');
}
