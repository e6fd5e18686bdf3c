/**
 * The import API (admins only), one route per contract in `@hosewright/domain` (imports/imports.ts):
 * getImportTemplate, uploadImport, startImport, getImport, listImports. Every handler runs outside the
 * request's transaction: the service opens its own (an upload stores the file in parts, a start queues the
 * job and signals the worker after its commit).
 */
import {
  AppErrorCode,
  getImport,
  getImportTemplate,
  IMPORT_TARGET_NAMES,
  listImports,
  startImport,
  uploadImport,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/plugin.ts';
import {
  createImport,
  startImport as queueImport,
  getImport as readImport,
  listImports as readImports,
} from './service.ts';
import type { ImportTarget, ImportTargets } from './targets.ts';
import { buildTemplate } from './templates.ts';

const KINDS_TEXT = IMPORT_TARGET_NAMES.join(', ');

function badRequest(message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message);
}

/** The target an upload's `kind` names (a target name, a component kind's slug or a plural). */
function targetOf(targets: ImportTargets, value: string | undefined): ImportTarget {
  const text = value?.trim() ?? '';
  const target = text ? targets.find(text) : undefined;
  if (!target) {
    throw badRequest(
      text
        ? `"${text}" is not a kind of item that can be imported. Choose one of ${KINDS_TEXT}.`
        : `Say what the file holds: send the field kind as one of ${KINDS_TEXT}.`,
    );
  }
  return target;
}

/**
 * A target only some tiers may import (customer items): the refusal the access guard gives for a tier
 * (guard code 996), with the reason. One route serves every target, so its access cannot declare the tier.
 */
function assertTierAllows(auth: AuthContext, target: ImportTarget): void {
  if (!target.subscriptions || target.subscriptions.includes(auth.subscription.tier)) return;
  const plans = target.subscriptions.map((tier) => `${tier[0]?.toUpperCase()}${tier.slice(1)}`);
  const named = plans.length > 1 ? `${plans.slice(0, -1).join(', ')} or ${plans.at(-1)}` : plans[0];
  throw new AppError(
    AppErrorCode.WrongTier,
    `Importing ${target.label.other} needs ${/^[AEIOU]/.test(named ?? '') ? 'an' : 'a'} ${named} subscription.`,
    { guardCode: 996, upgradeUrl: '/upgradesubscription' },
  );
}

/** An import runs in the background for the whole organisation: not for a call acting for one customer. */
function refuseForOneCustomer(auth: AuthContext): void {
  if (auth.customerId) {
    throw new AppError(
      AppErrorCode.Unauthorized,
      'Imports are for the whole shop: call without apicustomerid, with a key not bound to a customer.',
    );
  }
}

export function importRoutes(database: Database, targets: ImportTargets): ContractRoute[] {
  return [
    implement(getImportTemplate).outsideTransaction(async ({ params, query }, { auth, reply }) => {
      const target = targets.get(params.kind);
      assertTierAllows(auth, target);
      const template = await buildTemplate(target, query.format);
      reply.header('cache-control', 'no-store');
      return { data: template.body, contentType: template.contentType, fileName: template.fileName };
    }),

    implement(uploadImport).outsideTransaction(async ({ body }, { auth }) => {
      refuseForOneCustomer(auth);
      const target = targetOf(targets, body.fields.kind);
      assertTierAllows(auth, target);
      const { file } = body;
      if (!file) throw badRequest('Choose a CSV or Excel (.xlsx) file to upload, in the field file.');
      return createImport(database, targets, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        kind: target.name,
        fileName: file.fileName,
        file: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
      });
    }),

    implement(startImport).outsideTransaction(async ({ params, body }, { auth }) => {
      refuseForOneCustomer(auth);
      const log = await readImport(database, auth.organizationId, params.importId);
      assertTierAllows(auth, targets.get(log.kind));
      return queueImport(database, targets, auth, params.importId, body.mapping);
    }),

    implement(getImport).outsideTransaction(({ params }, { auth }) =>
      readImport(database, auth.organizationId, params.importId),
    ),

    implement(listImports).outsideTransaction(({ query }, { auth }) =>
      readImports(database, auth.organizationId, query.page, query.itemsPerPage, query.kinds),
    ),
  ];
}
