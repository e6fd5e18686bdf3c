/**
 * Hose kits under `/api/v1` (issue 6): the list (latest revisions), one revision with its priced lines and
 * revision history, the builder's live pricing, save (`/hosekit/new/update` creates revision A; an
 * unreleased kit changes in place, a released one gets the next revision), release, delete (admins) and
 * the kit PDF.
 */
import {
  AppErrorCode,
  type HoseKitInput,
  hoseKitInputSchema,
  hoseKitListQuerySchema,
  kitIssueMessage,
} from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { ADMIN, MEMBER } from '../auth/access.ts';
import { type AuthContext, authOf, isUuid } from '../auth/plugin.ts';
import { kitPdf } from './documents.ts';
import {
  computeKit,
  createKit,
  deleteKit,
  getKit,
  KIT_NOT_FOUND,
  listKits,
  releaseKit,
  updateKit,
} from './service.ts';

const API = '/api/v1';

function idOf(request: FastifyRequest): string {
  const id = (request.params as { hoseKitId?: string }).hoseKitId ?? '';
  if (!isUuid(id)) throw AppError.notFound(KIT_NOT_FOUND);
  return id;
}

/** The kit body; an issue on a line says which line ("Line 2: Describe the other item"). */
function kitInputOf(body: unknown): HoseKitInput {
  const parsed = hoseKitInputSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    path: i.path,
    message: kitIssueMessage(i.path, i.message),
  }));
  throw new AppError(AppErrorCode.BadRequest, issues[0]?.message ?? 'Some of the kit is not valid', {
    issues,
  });
}

export function kitRoutes(app: FastifyInstance, database: Database): void {
  const tenant = <T>(request: FastifyRequest, fn: (tx: Tx, auth: AuthContext) => Promise<T>) => {
    const auth = authOf(request);
    return database.withTenant(auth.organizationId, (tx) => fn(tx, auth));
  };

  app.get(`${API}/hosekits`, { config: { access: MEMBER } }, (request) => {
    const query = parseOrThrow(hoseKitListQuerySchema, request.query);
    return tenant(request, (tx, auth) => listKits(tx, auth.organizationId, query));
  });

  // The builder's live BOM: the lines priced with the customer's terms, nothing saved.
  app.post(`${API}/hosekits/compute`, { config: { access: MEMBER } }, (request) => {
    const input = kitInputOf(request.body);
    return tenant(request, (tx, auth) => computeKit(tx, auth.organizationId, input));
  });

  app.get(`${API}/hosekit/:hoseKitId`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request);
    return tenant(request, (tx, auth) => getKit(tx, auth.organizationId, id));
  });

  app.post(`${API}/hosekit/:hoseKitId/update`, { config: { access: MEMBER } }, (request) => {
    const rawId = (request.params as { hoseKitId: string }).hoseKitId;
    const id = rawId === 'new' ? 'new' : idOf(request);
    const input = kitInputOf(request.body);
    return tenant(request, (tx, auth) =>
      id === 'new'
        ? createKit(tx, auth.organizationId, auth.userId, input)
        : updateKit(tx, auth.organizationId, auth.userId, id, input),
    );
  });

  app.post(`${API}/hosekit/:hoseKitId/release`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request);
    return tenant(request, (tx, auth) => releaseKit(tx, auth.organizationId, id));
  });

  app.post(`${API}/hosekit/:hoseKitId/delete`, { config: { access: ADMIN } }, (request) => {
    const id = idOf(request);
    return tenant(request, async (tx, auth) => {
      await deleteKit(tx, auth.organizationId, id);
      return { ok: true };
    });
  });

  app.post(
    `${API}/hosekit/:hoseKitId/documents/kit.pdf`,
    { config: { access: MEMBER } },
    async (request, reply) => {
      const id = idOf(request);
      const pdf = await tenant(request, (tx, auth) => kitPdf(tx, auth.organizationId, id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .send(pdf.data);
    },
  );
}
