/**
 * API mode for ERPs (`apikeys/apikeys.ts` contracts): admins manage keys and read the API log; an ERP
 * exchanges a key for a token (`exchangeApiKey`). `installApiLog` writes every call made with a key's token to
 * the log as it is answered; the log forgets calls after `API_LOG_DAYS` (checked hourly).
 */
import {
  AppErrorCode,
  createApiKey,
  deleteApiKey,
  exchangeApiKey,
  listApiKeys,
  listApiLogs,
  updateApiKey,
} from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as service from './service.ts';
import type { ApiTokens } from './tokens.ts';

const PURGE_EVERY_MS = 60 * 60_000;

export function apiKeysModule(deps: ModuleDeps, apiTokens: ApiTokens): ModuleManifest {
  const { database, log } = deps;
  const purge = () =>
    service
      .purgeApiLogs(database)
      .catch((error: unknown) => log.error({ err: error }, 'API log purge failed'));
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  void purge();

  return {
    close: () => clearInterval(timer),
    routes: [
      implement(listApiKeys).inTransaction(async (_input, { tx, organizationId }) => {
        const items = await service.listApiKeys(tx, organizationId);
        return { items, total: items.length, page: 1 };
      }),
      implement(createApiKey).inTransaction(({ body }, { tx, organizationId, userId }) =>
        service.createApiKey(tx, organizationId, userId, body),
      ),
      implement(updateApiKey).inTransaction(({ params, body }, { tx, organizationId }) =>
        service.updateApiKey(tx, organizationId, params.apiKeyId, body),
      ),
      implement(deleteApiKey).inTransaction(async ({ params }, { tx, organizationId }) => {
        await service.deleteApiKey(tx, organizationId, params.apiKeyId);
        return { ok: true as const };
      }),
      implement(listApiLogs).inTransaction(({ query }, { tx, organizationId }) =>
        service.listApiLogs(tx, organizationId, query),
      ),
      implement(exchangeApiKey).publicly(async ({ body }, { request }) => {
        const started = performance.now();
        const basic = basicCredentials(request);
        const clientId = basic?.id ?? body.client_id ?? '';
        const clientSecret = basic?.secret ?? body.client_secret ?? '';
        const key = await service.verifyApiKey(database, clientId, clientSecret);
        const record = (found: service.VerifiedKey, status: number) =>
          service
            .recordApiCall(database, {
              ...found,
              method: request.method,
              path: pathOf(request),
              status,
              durationMs: performance.now() - started,
            })
            .catch((error: unknown) => log.error({ err: error }, 'API log write failed'));
        if ('refused' in key) {
          if (key.key) await record(key.key, 401);
          throw new AppError(AppErrorCode.Unauthenticated, key.refused, { apiFailed: true });
        }
        const token = await apiTokens.issue(key);
        await record(key, 200);
        return { access_token: token.token, token_type: 'Bearer' as const, expires_in: token.expiresIn };
      }),
    ],
  };
}

/**
 * Writes every call answered to a key's token to the API log just before the answer goes, so that a call the
 * ERP saw answered is in the log (a failed write is logged and does not fail the call).
 */
export function installApiLog(app: FastifyInstance, database: Database): void {
  // A callback hook: the answers to a signed-in user (nearly all of them) go on at once, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.auth?.apiKey;
    if (!key) return done(null, payload);
    service
      .recordApiCall(database, {
        organizationId: request.auth?.organizationId ?? '',
        apiKeyId: key.id,
        keyName: key.name,
        method: request.method,
        path: pathOf(request),
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        customerId: request.auth?.customerId ?? null,
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'API log write failed'))
      .finally(() => done(null, payload));
  });
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/** HTTP Basic client authentication (RFC 6749 2.3.1): `client_id:client_secret`, each form-encoded. */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}
