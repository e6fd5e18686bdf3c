/**
 * The hose assembly contracts (`ASSEMBLIES_ENDPOINTS`): thin handlers over the service, the tag and spec
 * sheet PDFs, and the public serial lookup with its per-address limit.
 */
import {
  AppErrorCode,
  computeHoseAssembly,
  createHoseAssemblySerials,
  deleteHoseAssembly,
  downloadHoseAssemblySpecSheet,
  downloadHoseAssemblyTag,
  duplicateHoseAssembly,
  getHoseAssembly,
  listHoseAssemblies,
  lookUpSerial,
  normalizeSerialId,
  type UnitSystem,
  updateHoseAssembly,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import type { ModuleDeps } from '../../api/manifest.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { WindowRateLimiter } from '../../lib/rate-limit.ts';
import { unitsOf } from '../organization/service.ts';
import { type PdfFile, specSheetPdf, tagPdf } from './documents.ts';
import {
  computeForBuilder,
  createAssembly,
  createSerials,
  deleteAssembly,
  duplicateAssembly,
  getAssembly,
  listAssemblies,
  publicAssembly,
  reviseAssembly,
} from './service.ts';

/** The public serial lookup: per address, enough to stop someone walking through serial ids. */
export const QS_MAX_REQUESTS = 60;
export const QS_WINDOW_MS = 60_000;

type RenderPdf = (
  tx: Tx,
  organizationId: string,
  id: string,
  options: { serialId?: string | undefined; publicUrl: string; units: UnitSystem },
) => Promise<PdfFile>;

export function assemblyRoutes({
  config,
  database,
  realtime,
  log,
}: Pick<ModuleDeps, 'config' | 'database' | 'realtime' | 'log'>): ContractRoute[] {
  // Shared through Redis when configured, so that every instance counts an address's look-ups together.
  const limiter = new WindowRateLimiter({
    max: QS_MAX_REQUESTS,
    windowMs: QS_WINDOW_MS,
    shared: realtime.sharedCounter && {
      counter: realtime.sharedCounter,
      name: 'qs',
      onError: (error) => log.warn({ err: error }, 'shared rate limit unavailable; counting here'),
    },
  });

  const pdfRoute = (contract: typeof downloadHoseAssemblyTag, render: RenderPdf) =>
    implement(contract).inTransaction(async ({ params, body }, { tx, organizationId, userId }) => {
      // The tag's QR code opens the unit's public page at the address people use; lengths and pressures
      // are in the units of whoever prints.
      const { units } = await unitsOf(tx, organizationId, userId);
      const pdf = await render(tx, organizationId, params.hoseAssemblyId, {
        serialId: body.serialId,
        publicUrl: config.publicUrl,
        units,
      });
      return { data: pdf.data, contentType: 'application/pdf', fileName: pdf.fileName };
    });

  return [
    implement(listHoseAssemblies).inTransaction(({ query }, { tx, organizationId }) =>
      listAssemblies(tx, organizationId, query),
    ),

    implement(computeHoseAssembly).inTransaction(({ query, body }, { tx, organizationId, userId }) =>
      computeForBuilder(tx, organizationId, userId, body, query.hoseAssemblyId),
    ),

    implement(getHoseAssembly).inTransaction(({ params }, { tx, organizationId }) =>
      getAssembly(tx, organizationId, params.hoseAssemblyId),
    ),

    implement(updateHoseAssembly).inTransaction(({ params, body }, { tx, organizationId, userId }) =>
      params.hoseAssemblyId === 'new'
        ? createAssembly(tx, organizationId, userId, body)
        : reviseAssembly(tx, organizationId, userId, params.hoseAssemblyId, body),
    ),

    implement(duplicateHoseAssembly).inTransaction(({ params, body }, { tx, organizationId, userId }) =>
      duplicateAssembly(tx, organizationId, userId, params.hoseAssemblyId, body.partNumber),
    ),

    implement(deleteHoseAssembly).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteAssembly(tx, organizationId, params.hoseAssemblyId);
      return { ok: true };
    }),

    implement(createHoseAssemblySerials).inTransaction(({ params, body }, { tx, organizationId, userId }) =>
      createSerials(tx, organizationId, userId, params.hoseAssemblyId, body),
    ),

    pdfRoute(downloadHoseAssemblyTag, tagPdf),
    pdfRoute(downloadHoseAssemblySpecSheet, specSheetPdf),

    implement(lookUpSerial).publicly(async ({ params }, { request, reply }) => {
      const waitMs = await limiter.hit(request.ip);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        reply.header('retry-after', String(seconds));
        throw new AppError(
          AppErrorCode.TooManyRequests,
          `Too many serial number look-ups from your address. Try again in ${seconds} seconds.`,
        );
      }
      return publicAssembly(database, normalizeSerialId(params.serialId));
    }),
  ];
}
