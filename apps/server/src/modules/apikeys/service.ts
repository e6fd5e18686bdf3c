/**
 * API keys and the API log (`apikeys/apikeys.ts` contracts). A key's secret is 32 random bytes, shown once
 * and kept as its SHA-256; an ERP exchanges the key for a token (`tokens.ts`) and every call made with one is
 * logged (`recordApiCall`), kept `API_LOG_DAYS`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_LOG_DAYS,
  type ApiKey,
  type ApiKeyInput,
  type ApiKeyUpdate,
  type ApiLog,
  type ApiLogQuery,
  AppErrorCode,
  type CreatedApiKey,
  type Role,
} from '@hosewright/domain';
import { and, count, desc, eq, gte, lt, max } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { apiKeys, apiLogs, customers, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

const DAY_MS = 24 * 60 * 60_000;
const SECRET_PREFIX = 'hws_';

function badInput(path: string, message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path: [path], message }] });
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A date alone means the end of that day (UTC): a key "expiring 2027-06-30" works all that day. */
function expiryOf(value: string | null | undefined, now = Date.now()): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
  if (at.getTime() <= now) throw badInput('expiresAt', 'That expiry date has passed: choose a later one');
  return at;
}

function statusOf(key: { enabled: boolean; expiresAt: Date | null }): ApiKey['status'] {
  if (!key.enabled) return 'disabled';
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'active';
}

async function keysOf(tx: Tx, organizationId: string, id?: string): Promise<ApiKey[]> {
  const lastUse = tx
    .select({ apiKeyId: apiLogs.apiKeyId, at: max(apiLogs.createdAt).as('last_used_at') })
    .from(apiLogs)
    .where(eq(apiLogs.organizationId, organizationId))
    .groupBy(apiLogs.apiKeyId)
    .as('last_use');
  const rows = await tx
    .select({
      key: apiKeys,
      customerName: customers.name,
      createdByName: users.name,
      createdByEmail: users.email,
      lastUsedAt: lastUse.at,
    })
    .from(apiKeys)
    .leftJoin(customers, eq(customers.id, apiKeys.customerId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(lastUse, eq(lastUse.apiKeyId, apiKeys.id))
    .where(and(eq(apiKeys.organizationId, organizationId), id ? eq(apiKeys.id, id) : undefined))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, customerName, createdByName, createdByEmail, lastUsedAt }) => ({
    _id: key.id,
    name: key.name,
    role: key.role as Role,
    customerId: key.customerId,
    customerName: customerName ?? null,
    secretHint: key.secretHint,
    enabled: key.enabled,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    status: statusOf(key),
    createdAt: key.createdAt.toISOString(),
    createdByName: createdByName || createdByEmail || '',
    lastUsedAt: lastUsedAt ? new Date(lastUsedAt).toISOString() : null,
  }));
}

export function listApiKeys(tx: Tx, organizationId: string): Promise<ApiKey[]> {
  return keysOf(tx, organizationId);
}

async function oneKey(tx: Tx, organizationId: string, id: string): Promise<ApiKey> {
  const [key] = await keysOf(tx, organizationId, id);
  if (!key) throw AppError.notFound('This API key');
  return key;
}

export async function createApiKey(
  tx: Tx,
  organizationId: string,
  userId: string,
  input: ApiKeyInput,
): Promise<CreatedApiKey> {
  if (input.customerId) {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organizationId, organizationId), eq(customers.id, input.customerId)));
    if (!customer) throw badInput('customerId', 'The customer was not found; choose it again');
  }
  const clientSecret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await tx
    .insert(apiKeys)
    .values({
      organizationId,
      name: input.name,
      role: input.role,
      customerId: input.customerId ?? null,
      secretHash: hashSecret(clientSecret),
      secretHint: clientSecret.slice(0, SECRET_PREFIX.length + 4),
      expiresAt: expiryOf(input.expiresAt) ?? null,
      createdBy: userId,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('The API key was not saved');
  return { key: await oneKey(tx, organizationId, row.id), clientSecret };
}

export async function updateApiKey(
  tx: Tx,
  organizationId: string,
  id: string,
  change: ApiKeyUpdate,
): Promise<ApiKey> {
  const expiresAt = expiryOf(change.expiresAt);
  const updated = await tx
    .update(apiKeys)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    })
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  if (updated.length === 0) throw AppError.notFound('This API key');
  return oneKey(tx, organizationId, id);
}

export async function deleteApiKey(tx: Tx, organizationId: string, id: string): Promise<void> {
  const deleted = await tx
    .delete(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw AppError.notFound('This API key');
}

export async function listApiLogs(
  tx: Tx,
  organizationId: string,
  query: ApiLogQuery,
): Promise<{ items: ApiLog[]; total: number; page: number }> {
  const since = new Date(Date.now() - API_LOG_DAYS * DAY_MS);
  const where = and(
    eq(apiLogs.organizationId, organizationId),
    gte(apiLogs.createdAt, since),
    query.apiKeyId ? eq(apiLogs.apiKeyId, query.apiKeyId) : undefined,
    query.status === 'success' ? lt(apiLogs.status, 400) : undefined,
    query.status === 'failure' ? gte(apiLogs.status, 400) : undefined,
    query.from ? gte(apiLogs.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(apiLogs.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    tx
      .select({ log: apiLogs, customerName: customers.name })
      .from(apiLogs)
      .leftJoin(customers, eq(customers.id, apiLogs.customerId))
      .where(where)
      .orderBy(desc(apiLogs.createdAt), desc(apiLogs.id))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    tx.select({ n: count() }).from(apiLogs).where(where),
  ]);
  return {
    items: rows.map(({ log, customerName }) => ({
      _id: log.id,
      at: log.createdAt.toISOString(),
      apiKeyId: log.apiKeyId,
      keyName: log.keyName,
      method: log.method,
      path: log.path,
      status: log.status,
      durationMs: log.durationMs,
      customerId: log.customerId,
      customerName: customerName ?? null,
    })),
    total: counted?.n ?? 0,
    page: query.page,
  };
}

export interface ApiCall {
  organizationId: string;
  apiKeyId: string;
  keyName: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  customerId: string | null;
}

export async function recordApiCall(database: Database, call: ApiCall): Promise<void> {
  await database.withTenant(call.organizationId, (tx) =>
    tx.insert(apiLogs).values({ ...call, durationMs: Math.round(call.durationMs) }),
  );
}

/** Forgets calls older than `API_LOG_DAYS`, in every organisation. */
export async function purgeApiLogs(database: Database): Promise<number> {
  const before = new Date(Date.now() - API_LOG_DAYS * DAY_MS);
  // Housekeeping across organisations: run as the owner.
  const deleted = await database.withSystem((tx) =>
    tx.delete(apiLogs).where(lt(apiLogs.createdAt, before)).returning({ id: apiLogs.id }),
  );
  return deleted.length;
}

export interface VerifiedKey {
  organizationId: string;
  apiKeyId: string;
  keyName: string;
  customerId: string | null;
}

/**
 * The key a client id and secret name, if the secret is right: then whether it works (else a 401 that says
 * why, with `apiFailed`). A wrong id or secret says nothing more than that.
 */
export async function verifyApiKey(
  database: Database,
  clientId: string,
  clientSecret: string,
): Promise<VerifiedKey | { refused: string; key?: VerifiedKey }> {
  const wrong = { refused: 'The API key or its secret is not right.' };
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(clientId)) return wrong;
  // The organisation is not known until the key is found: look it up as the owner, by its id only.
  const [key] = await database.withSystem((tx) => tx.select().from(apiKeys).where(eq(apiKeys.id, clientId)));
  if (!key) return wrong;
  const expected = Buffer.from(key.secretHash, 'hex');
  const given = Buffer.from(hashSecret(clientSecret), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return wrong;
  const verified = {
    organizationId: key.organizationId,
    apiKeyId: key.id,
    keyName: key.name,
    customerId: key.customerId,
  };
  if (!key.enabled) {
    return { refused: 'This API key is disabled. Ask an admin of the shop to enable it.', key: verified };
  }
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
    return { refused: 'This API key has expired. Ask an admin of the shop for a new key.', key: verified };
  }
  return verified;
}
