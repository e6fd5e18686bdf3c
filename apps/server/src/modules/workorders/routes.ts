/**
 * The work order contracts (`WORK_ORDERS_ENDPOINTS`): thin handlers over the service (list, one, create,
 * update, release, cancel, delete), the bench and completion (`building.ts`) and the PDFs (`documents.ts`).
 * Access is the contracts' (members of professional and enterprise shops).
 */
import {
  cancelWorkOrder as cancelWorkOrderEndpoint,
  completeWorkOrder as completeWorkOrderEndpoint,
  createWorkOrder as createWorkOrderEndpoint,
  deleteWorkOrder as deleteWorkOrderEndpoint,
  downloadWorkOrderCertificates,
  downloadWorkOrderPickList,
  downloadWorkOrderTags,
  downloadWorkOrderTraveller,
  getWorkOrder as getWorkOrderEndpoint,
  listWorkOrders as listWorkOrdersEndpoint,
  recordBuildStep,
  releaseWorkOrder as releaseWorkOrderEndpoint,
  updateWorkOrder as updateWorkOrderEndpoint,
} from '@hosewright/domain';
import { type ContractRoute, type FileReply, implement } from '../../api/contract-route.ts';
import type { ModuleDeps } from '../../api/manifest.ts';
import type { PdfFile } from '../assemblies/documents.ts';
import { unitsOf } from '../organization/service.ts';
import { completeWorkOrder, recordStep } from './building.ts';
import { certificatesPdf, pickListPdf, tagsPdf, travellerPdf } from './documents.ts';
import {
  cancelWorkOrder,
  createWorkOrder,
  deleteWorkOrder,
  getWorkOrder,
  listWorkOrders,
  releaseWorkOrder,
  updateWorkOrder,
} from './service.ts';

const asPdf = (pdf: PdfFile): FileReply => ({
  data: pdf.data,
  contentType: 'application/pdf',
  fileName: pdf.fileName,
});

export function workOrderRoutes({ config }: Pick<ModuleDeps, 'config'>): ContractRoute[] {
  return [
    implement(listWorkOrdersEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listWorkOrders(tx, organizationId, query),
    ),

    implement(getWorkOrderEndpoint).inTransaction(({ params }, { tx, organizationId }) =>
      getWorkOrder(tx, organizationId, params.workOrderId),
    ),

    implement(createWorkOrderEndpoint).inTransaction(({ body }, { tx, organizationId, userId }) =>
      createWorkOrder(tx, organizationId, userId, body),
    ),

    implement(updateWorkOrderEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      updateWorkOrder(tx, organizationId, params.workOrderId, body),
    ),

    implement(releaseWorkOrderEndpoint).inTransaction(({ params }, { tx, organizationId, userId }) =>
      releaseWorkOrder(tx, organizationId, userId, params.workOrderId),
    ),

    implement(recordBuildStep).inTransaction(({ params, body }, { tx, organizationId, auth }) =>
      recordStep(
        tx,
        organizationId,
        { id: auth.userId, name: auth.name },
        params.workOrderId,
        params.unitId,
        body,
      ),
    ),

    implement(completeWorkOrderEndpoint).inTransaction(({ params }, { tx, organizationId, userId }) =>
      completeWorkOrder(tx, organizationId, userId, params.workOrderId),
    ),

    implement(cancelWorkOrderEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      cancelWorkOrder(tx, organizationId, params.workOrderId, body.reason),
    ),

    implement(deleteWorkOrderEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteWorkOrder(tx, organizationId, params.workOrderId);
      return { ok: true };
    }),

    // The documents: lengths and pressures in the units of whoever prints; QR codes open the address
    // people use (`PUBLIC_URL`).
    implement(downloadWorkOrderPickList).inTransaction(async ({ params }, { tx, organizationId, userId }) => {
      const { units } = await unitsOf(tx, organizationId, userId);
      return asPdf(await pickListPdf(tx, organizationId, params.workOrderId, { units }));
    }),

    implement(downloadWorkOrderTraveller).inTransaction(
      async ({ params }, { tx, organizationId, userId }) => {
        const { units } = await unitsOf(tx, organizationId, userId);
        return asPdf(
          await travellerPdf(tx, organizationId, params.workOrderId, { publicUrl: config.publicUrl, units }),
        );
      },
    ),

    implement(downloadWorkOrderCertificates).inTransaction(
      async ({ params, body }, { tx, organizationId, userId }) => {
        const { units } = await unitsOf(tx, organizationId, userId);
        return asPdf(
          await certificatesPdf(tx, organizationId, params.workOrderId, { unitId: body.unitId, units }),
        );
      },
    ),

    implement(downloadWorkOrderTags).inTransaction(async ({ params }, { tx, organizationId, userId }) => {
      const { units } = await unitsOf(tx, organizationId, userId);
      return asPdf(
        await tagsPdf(tx, organizationId, params.workOrderId, { publicUrl: config.publicUrl, units }),
      );
    }),
  ];
}
