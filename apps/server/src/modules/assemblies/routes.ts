/**
 * Hose assemblies under `/api/v1` (issue 5): the list, one revision, the builder's live computation, save
 * (`/hoseassembly/new/update` creates revision A; any other id makes the next revision), duplicate, delete
 * (admins), serials, the tag and spec-sheet PDFs, and the public serial lookup `/qs/{serialId}`.
 */
import {
  AppErrorCode,
  assemblyDocumentRequestSchema,
  hoseAssemblyInputSchema,
  hoseAssemblyListQuerySchema,
  normalizeSerialId,
  partNumberSchema,
  serialsRequestSchema,
} from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { type SharedCounter, WindowRateLimiter } from '../../lib/rate-limit.ts';
import { ADMIN, MEMBER, PUBLIC } from '../auth/access.ts';
import { type AuthContext, authOf, isUuid } from '../auth/plugin.ts';
import { specSheetPdf, tagPdf } from './documents.ts';
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

const API = '/api/v1';

/** The public serial lookup: per address, enough to stop someone walking through serial ids. */
export const QS_MAX_REQUESTS = 60;
export const QS_WINDOW_MS = 60_000;

export interface AssemblyRouteOptions {
  /** The address people use (config.publicUrl): the tag's QR code opens `${publicUrl}/qs/{serialId}`. */
  publicUrl?: string;
  /** The public lookup's limiter (tests pass a small one). */
  qsLimiter?: WindowRateLimiter;
  /** Counts shared across instances (Redis) for the public lookup's limit. */
  sharedCounter?: SharedCounter;
}

function idOf(request: FastifyRequest): string {
  const id = (request.params as { hoseAssemblyId?: string }).hoseAssemblyId ?? '';
  if (!isUuid(id)) throw AppError.notFound('This hose assembly');
  return id;
}

export function assemblyRoutes(
  app: FastifyInstance,
  database: Database,
  options: AssemblyRouteOptions = {},
): void {
  const tenant = <T>(request: FastifyRequest, fn: (tx: Tx, auth: AuthContext) => Promise<T>) => {
    const auth = authOf(request);
    return database.withTenant(auth.organizationId, (tx) => fn(tx, auth));
  };
  const publicUrlOf = (request: FastifyRequest) =>
    (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  const limiter =
    options.qsLimiter ??
    new WindowRateLimiter({
      max: QS_MAX_REQUESTS,
      windowMs: QS_WINDOW_MS,
      shared: options.sharedCounter && {
        counter: options.sharedCounter,
        name: 'qs',
        onError: (error) => app.log.warn({ err: error }, 'shared rate limit unavailable; counting here'),
      },
    });

  app.get(`${API}/hoseassemblies`, { config: { access: MEMBER } }, (request) => {
    const query = parseOrThrow(hoseAssemblyListQuerySchema, request.query);
    return tenant(request, (tx, auth) => listAssemblies(tx, auth.organizationId, query));
  });

  // The builder's live figures. `?hoseAssemblyId=` computes the next revision of that assembly.
  app.post(`${API}/hoseassemblies/compute`, { config: { access: MEMBER } }, (request) => {
    const input = parseOrThrow(hoseAssemblyInputSchema, request.body);
    const { hoseAssemblyId } = parseOrThrow(
      z.object({ hoseAssemblyId: z.uuid('hoseAssemblyId must be a hose assembly id').optional() }),
      request.query,
    );
    return tenant(request, (tx, auth) => computeForBuilder(tx, auth.organizationId, input, hoseAssemblyId));
  });

  app.get(`${API}/hoseassembly/:hoseAssemblyId`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request);
    return tenant(request, (tx, auth) => getAssembly(tx, auth.organizationId, id));
  });

  app.post(`${API}/hoseassembly/:hoseAssemblyId/update`, { config: { access: MEMBER } }, (request) => {
    const rawId = (request.params as { hoseAssemblyId: string }).hoseAssemblyId;
    const id = rawId === 'new' ? 'new' : idOf(request);
    const input = parseOrThrow(hoseAssemblyInputSchema, request.body);
    return tenant(request, (tx, auth) =>
      id === 'new'
        ? createAssembly(tx, auth.organizationId, auth.userId, input)
        : reviseAssembly(tx, auth.organizationId, auth.userId, id, input),
    );
  });

  app.post(`${API}/hoseassembly/:hoseAssemblyId/duplicate`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request);
    const { partNumber } = parseOrThrow(
      z.object({
        partNumber: z
          .union([z.literal(''), z.null(), partNumberSchema])
          .optional()
          .transform((v) => (v ? v : undefined)),
      }),
      request.body,
    );
    return tenant(request, (tx, auth) =>
      duplicateAssembly(tx, auth.organizationId, auth.userId, id, partNumber),
    );
  });

  app.post(`${API}/hoseassembly/:hoseAssemblyId/delete`, { config: { access: ADMIN } }, (request) => {
    const id = idOf(request);
    return tenant(request, async (tx, auth) => {
      await deleteAssembly(tx, auth.organizationId, id);
      return { ok: true };
    });
  });

  app.post(`${API}/hoseassembly/:hoseAssemblyId/serials`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request);
    const body = parseOrThrow(serialsRequestSchema, request.body);
    return tenant(request, (tx, auth) => createSerials(tx, auth.organizationId, auth.userId, id, body));
  });

  const documents = [
    { file: 'tag.pdf', render: tagPdf },
    { file: 'specsheet.pdf', render: specSheetPdf },
  ] as const;
  for (const { file, render } of documents) {
    app.post(
      `${API}/hoseassembly/:hoseAssemblyId/documents/${file}`,
      { config: { access: MEMBER } },
      async (request, reply) => {
        const id = idOf(request);
        const { serialId } = parseOrThrow(assemblyDocumentRequestSchema, request.body);
        const pdf = await tenant(request, (tx, auth) =>
          render(tx, auth.organizationId, id, { serialId, publicUrl: publicUrlOf(request) }),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
          .send(pdf.data);
      },
    );
  }

  // Public: no sign-in. Rate-limited per IP address.
  app.get(`${API}/qs/:serialId`, { config: { access: PUBLIC } }, async (request, reply) => {
    const waitMs = await limiter.hit(request.ip);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      reply.header('retry-after', String(seconds));
      throw new AppError(
        AppErrorCode.TooManyRequests,
        `Too many serial number look-ups from your address. Try again in ${seconds} seconds.`,
      );
    }
    const serialId = normalizeSerialId((request.params as { serialId: string }).serialId ?? '');
    return publicAssembly(database, serialId);
  });
}
