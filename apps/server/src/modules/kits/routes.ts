/** The hose kit contracts (`KITS_ENDPOINTS`): thin handlers over the service and the kit PDF. */
import {
  computeHoseKit,
  deleteHoseKit,
  getHoseKit,
  getHoseKitPdf,
  listHoseKits,
  releaseHoseKit,
  updateHoseKit,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import { unitsOf } from '../organization/service.ts';
import { kitPdf } from './documents.ts';
import { computeKit, createKit, deleteKit, getKit, listKits, releaseKit, updateKit } from './service.ts';

export function kitRoutes(): ContractRoute[] {
  return [
    implement(listHoseKits).inTransaction(({ query }, { tx, organizationId }) =>
      listKits(tx, organizationId, query),
    ),

    implement(computeHoseKit).inTransaction(({ body }, { tx, organizationId }) =>
      computeKit(tx, organizationId, body),
    ),

    implement(getHoseKit).inTransaction(({ params }, { tx, organizationId }) =>
      getKit(tx, organizationId, params.hoseKitId),
    ),

    implement(updateHoseKit).inTransaction(({ params, body }, { tx, organizationId, userId }) =>
      params.hoseKitId === 'new'
        ? createKit(tx, organizationId, userId, body)
        : updateKit(tx, organizationId, userId, params.hoseKitId, body),
    ),

    implement(releaseHoseKit).inTransaction(({ params }, { tx, organizationId }) =>
      releaseKit(tx, organizationId, params.hoseKitId),
    ),

    implement(deleteHoseKit).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteKit(tx, organizationId, params.hoseKitId);
      return { ok: true };
    }),

    implement(getHoseKitPdf).inTransaction(async ({ params }, { tx, organizationId, userId }) => {
      // Lengths in the units of whoever prints.
      const { units } = await unitsOf(tx, organizationId, userId);
      const pdf = await kitPdf(tx, organizationId, params.hoseKitId, new Date(), units);
      return { data: pdf.data, contentType: 'application/pdf', fileName: pdf.fileName };
    }),
  ];
}
