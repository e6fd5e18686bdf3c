/**
 * The sales estimate contracts (packages/domain/src/estimates/contracts.ts): thin handlers over the service.
 * Access is the contracts' (members of professional and enterprise shops). The PDF and the workbook are
 * made from the saved estimate (`documents.ts`); sending marks it sent and emails the PDF after the commit.
 */
import {
  acceptSalesEstimate,
  createSalesEstimate,
  declineSalesEstimate,
  deleteSalesEstimate,
  downloadSalesEstimatePdf,
  downloadSalesEstimateXlsx,
  type Estimate,
  getSalesEstimate,
  listSalesEstimates,
  priceSalesEstimate as priceSalesEstimateEndpoint,
  recheckSalesEstimate,
  reviseSalesEstimate,
  sendSalesEstimate,
  type UnitSystem,
  updateSalesEstimate,
} from '@hosewright/domain';
import { type ContractRoute, type FileReply, implement } from '../../api/contract-route.ts';
import type { ModuleDeps } from '../../api/manifest.ts';
import type { Tx } from '../../db/client.ts';
import { unitsOf } from '../organization/service.ts';
import { loadShop } from '../organization/shop.ts';
import { estimatePdf, estimateXlsx, loadAssemblyDrawings } from './documents.ts';
import { sendEstimateEmail } from './send.ts';
import {
  acceptEstimate,
  createEstimate,
  declineEstimate,
  deleteEstimate,
  getEstimate,
  listEstimates,
  markEstimateSent,
  priceSalesEstimate,
  recheckEstimate,
  reviseEstimate,
  updateEstimate,
} from './service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The PDF of a saved estimate: the shop's name, address and logo, and each assembly line's drawing. */
async function pdfOf(tx: Tx, organizationId: string, estimate: Estimate, units?: UnitSystem) {
  const assemblyIds = estimate.lines.flatMap((l) => (l.type === 'assembly' && l.itemId ? [l.itemId] : []));
  const shop = await loadShop(tx, organizationId);
  const drawings = await loadAssemblyDrawings(tx, organizationId, assemblyIds, units);
  return { shop, pdf: await estimatePdf(estimate, shop, drawings) };
}

export function estimateRoutes({ mailer }: Pick<ModuleDeps, 'mailer'>): ContractRoute[] {
  return [
    implement(listSalesEstimates).inTransaction(({ query }, { tx, organizationId }) =>
      listEstimates(tx, organizationId, query),
    ),

    implement(getSalesEstimate).inTransaction(({ params }, { tx, organizationId }) =>
      getEstimate(tx, organizationId, params.salesEstimateId),
    ),

    implement(priceSalesEstimateEndpoint).inTransaction(({ body }, { tx, organizationId }) =>
      priceSalesEstimate(tx, organizationId, body),
    ),

    implement(createSalesEstimate).inTransaction(({ body }, { tx, organizationId, userId }) =>
      createEstimate(tx, organizationId, userId, body),
    ),

    implement(updateSalesEstimate).inTransaction(({ params, body }, { tx, organizationId }) =>
      updateEstimate(tx, organizationId, params.salesEstimateId, body),
    ),

    implement(deleteSalesEstimate).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteEstimate(tx, organizationId, params.salesEstimateId);
      return { ok: true };
    }),

    implement(acceptSalesEstimate).inTransaction(({ params, body }, { tx, organizationId, userId }) =>
      acceptEstimate(tx, organizationId, userId, params.salesEstimateId, body),
    ),

    implement(declineSalesEstimate).inTransaction(({ params, body }, { tx, organizationId }) =>
      declineEstimate(tx, organizationId, params.salesEstimateId, body.reason),
    ),

    implement(recheckSalesEstimate).inTransaction(({ params }, { tx, organizationId }) =>
      recheckEstimate(tx, organizationId, params.salesEstimateId),
    ),

    implement(reviseSalesEstimate).inTransaction(({ params }, { tx, organizationId, userId }) =>
      reviseEstimate(tx, organizationId, userId, params.salesEstimateId),
    ),

    implement(sendSalesEstimate).inTransaction(
      async ({ params, body }, { tx, organizationId, afterCommit }) => {
        const estimate = await markEstimateSent(tx, organizationId, params.salesEstimateId, body.to);
        const { shop, pdf } = await pdfOf(tx, organizationId, estimate);
        const to = estimate.sentTo ?? '';
        afterCommit(() => sendEstimateEmail(mailer, { estimate, shop, pdf, to, message: body.message }));
        return estimate;
      },
    ),

    implement(downloadSalesEstimatePdf).inTransaction(
      async ({ params }, { tx, organizationId, userId }): Promise<FileReply> => {
        const estimate = await getEstimate(tx, organizationId, params.salesEstimateId);
        const { units } = await unitsOf(tx, organizationId, userId);
        const { pdf } = await pdfOf(tx, organizationId, estimate, units);
        return { data: pdf.data, contentType: 'application/pdf', fileName: pdf.fileName };
      },
    ),

    implement(downloadSalesEstimateXlsx).inTransaction(
      async ({ params }, { tx, organizationId }): Promise<FileReply> => {
        const estimate = await getEstimate(tx, organizationId, params.salesEstimateId);
        const file = await estimateXlsx(estimate, await loadShop(tx, organizationId));
        return { data: file.data, contentType: XLSX_TYPE, fileName: file.fileName };
      },
    ),
  ];
}
