/**
 * The import API under `/api/v1/organization/imports` (admins only), for every target: the component kinds,
 * `customer` and `customerItem` (professional and enterprise, SPEC 2 /customers/items/import):
 *
 * - `GET  imports/template/{kind}?format=csv|xlsx`: a template file to fill in.
 * - `POST imports` (multipart: `kind`, `file`): stores the upload, answers the columns, a suggested mapping,
 *   the target's fields and the first rows (201).
 * - `POST imports/{importId}/start` `{ mapping }`: queues the import (202 `{ importId, jobId }`).
 * - `GET  imports/{importId}`: status, progress, counts and every problem.
 * - `GET  imports?page&itemsPerPage[&kinds=a,b]`: the organisation's imports (of these targets), newest first.
 *
 * Wiring (app.ts): `importRoutes(app, { database, config });`. It registers @fastify/multipart for the
 * upload route only, so app.ts must not register it globally.
 */
import { AppErrorCode } from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { ADMIN } from '../auth/access.ts';
import { authOf, isUuid } from '../auth/plugin.ts';
import { createImport, getImport, listImports, MAX_IMPORT_FILE_BYTES, startImport } from './service.ts';
import { findImportTarget, IMPORT_TARGETS, importTarget } from './target-registry.ts';
import type { ImportTarget } from './targets.ts';
import { buildTemplate, TEMPLATE_FORMATS } from './templates.ts';

export interface ImportRouteDeps {
  database: Database;
  config: Config;
}

const BASE = '/api/v1/organization/imports';

function badRequest(message: string, details?: Record<string, unknown>): AppError {
  return new AppError(AppErrorCode.BadRequest, message, details);
}

const templateQuery = z.object({
  format: z.enum(TEMPLATE_FORMATS, { error: 'The format must be csv or xlsx' }).default('xlsx'),
});

const startBody = z.object({
  mapping: z.record(
    z.string(),
    z.string({ error: 'Map each column to a field name, or to null to leave it out' }).nullable(),
    { error: 'Send the mapping: each file column to a field name, or null to leave it out' },
  ),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
  kinds: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : undefined,
    ),
});

const KINDS_TEXT = IMPORT_TARGETS.map((t) => t.name).join(', ');

function kindOf(value: unknown): ImportTarget {
  const text = typeof value === 'string' ? value.trim() : '';
  const kind = text ? findImportTarget(text) : undefined;
  if (!kind) {
    throw badRequest(
      text
        ? `"${text}" is not a kind of item that can be imported. Choose one of ${KINDS_TEXT}.`
        : `Say what the file holds: send the field kind as one of ${KINDS_TEXT}.`,
    );
  }
  return kind;
}

/**
 * A target only some tiers may import (customer items): the same refusal the route guard gives (996), with
 * the reason. The upload and start routes serve every target, so they cannot declare it themselves.
 */
function assertTierAllows(request: FastifyRequest, target: ImportTarget): void {
  if (!target.subscriptions) return;
  const tier = authOf(request).subscription.tier;
  if (!target.subscriptions.includes(tier)) {
    throw new AppError(
      AppErrorCode.WrongTier,
      `Importing ${target.label.other} needs a Professional or Enterprise subscription.`,
      { guardCode: 996, upgradeUrl: '/upgradesubscription' },
    );
  }
}

function importIdOf(params: unknown): string {
  const id = (params as { importId?: string }).importId ?? '';
  if (!isUuid(id)) throw AppError.notFound('This import');
  return id;
}

function fileTooLarge(): Error {
  return Object.assign(
    new Error(
      `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files and import them one after the other.`,
    ),
    { statusCode: 413 },
  );
}

export function importRoutes(app: FastifyInstance, { database }: ImportRouteDeps): void {
  // Templates: one static route per target (the targets are a fixed list, and no route parameter means no
  // id to confuse with an organisation's objects). A target for some tiers only declares them.
  for (const target of IMPORT_TARGETS) {
    const access = target.subscriptions ? { ...ADMIN, subscriptions: target.subscriptions } : ADMIN;
    app.get(`${BASE}/template/${target.name}`, { config: { access } }, async (request, reply) => {
      const { format } = parseOrThrow(templateQuery, request.query);
      const template = await buildTemplate(target.name, format);
      return reply
        .header('content-type', template.contentType)
        .header('content-disposition', `attachment; filename="${template.fileName}"`)
        .header('cache-control', 'no-store')
        .send(template.body);
    });
  }

  // Multipart parsing only where a file is expected.
  app.register(async (scope) => {

    scope.post(BASE, { config: { access: ADMIN } }, async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) {
        throw badRequest('Send the file as multipart/form-data with the fields kind and file.');
      }
      let kindValue: unknown;
      let file: Buffer | undefined;
      let fileName: string | undefined;
      try {
        for await (const part of request.parts({
          limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
        })) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !file) {
              file = await part.toBuffer();
              fileName = part.filename;
            } else {
              part.file.resume();
            }
          } else if (part.fieldname === 'kind') {
            kindValue = part.value;
          }
        }
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw fileTooLarge();
        if (error instanceof scope.multipartErrors.FilesLimitError) {
          throw badRequest('Upload one file at a time.');
        }
        throw error;
      }
      const target = kindOf(kindValue);
      assertTierAllows(request, target);
      if (!file) throw badRequest('Choose a CSV or Excel (.xlsx) file to upload, in the field file.');
      const preview = await createImport(database, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        kind: target.name,
        fileName,
        file,
      });
      return reply.code(201).send(preview);
    });
  });

  app.post(`${BASE}/:importId/start`, { config: { access: ADMIN } }, async (request, reply) => {
    const auth = authOf(request);
    const importId = importIdOf(request.params);
    const { mapping } = parseOrThrow(startBody, request.body);
    const log = await getImport(database, auth.organizationId, importId);
    assertTierAllows(request, importTarget(log.kind));
    const started = await startImport(database, auth, importId, mapping);
    return reply.code(202).send(started);
  });

  app.get(`${BASE}/:importId`, { config: { access: ADMIN } }, async (request) => {
    const auth = authOf(request);
    return getImport(database, auth.organizationId, importIdOf(request.params));
  });

  app.get(BASE, { config: { access: ADMIN } }, async (request) => {
    const auth = authOf(request);
    const { page, itemsPerPage, kinds } = parseOrThrow(listQuery, request.query);
    return listImports(database, auth.organizationId, page, itemsPerPage, kinds);
  });
}
