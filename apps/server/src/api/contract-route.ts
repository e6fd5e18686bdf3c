/**
 * One contract plus its handler is one route (ADR 9). Registering it declares the contract's access (the
 * auth hook enforces it), parses the path, query and body with the contract's schemas, opens the tenant
 * transaction and hands the handler one scope, then sends the answer. When `validateResponses` is on (the
 * tests) every answer is checked against the contract's response schema, and an error code the contract
 * does not list fails the request.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  type AnyEndpoint,
  AppErrorCode,
  errorCodesOf,
  isFileResponse,
  isMultipartBody,
  isPublicAccess,
  isTimeZone,
  type MultipartBody,
  type ParsedInput,
  type Role,
  TIME_ZONE_HEADER,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, Tx } from '../db/client.ts';
import { actingForCustomer } from '../db/customer-scope.ts';
import { customers } from '../db/schema.ts';
import { AppError, issuesOf } from '../lib/errors.ts';
import type { TenantCache } from '../lib/tenant-cache.ts';
import { inTimeZone } from '../lib/today.ts';
import { type AuthContext, authOf } from '../modules/auth/plugin.ts';

/** What a handler inside the tenant transaction gets. */
export interface TenantScope {
  tx: Tx;
  auth: AuthContext;
  organizationId: string;
  userId: string;
  role: Role;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Runs after the transaction commits (a socket message, an email): never for a rolled-back change. */
  afterCommit(task: () => Promise<unknown> | unknown): void;
}
/** A signed-in handler that manages its own transactions (uploads, background jobs). */
export interface SignedInScope {
  auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}
export interface PublicScope {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A file answer: its bytes, type and, for a download, the name it is saved under. */
export interface FileReply {
  data: Uint8Array | string;
  contentType: string;
  fileName?: string;
}

export type HandlerResult<E extends AnyEndpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : FileReply;

type Handler<E extends AnyEndpoint, S> = (input: ParsedInput<E>, scope: S) => Promise<HandlerResult<E>>;

type Mode = 'tenant' | 'signedIn' | 'public';

export interface ContractRoute {
  endpoint: AnyEndpoint;
  mode: Mode;
  handler: (input: ParsedInput<AnyEndpoint>, scope: never) => Promise<unknown>;
  /** Answers kept per organisation and request URL (ADR 5); see `RouteOptions.cache`. */
  cache?: TenantCache<Buffer>;
}

export interface RouteOptions {
  /**
   * Keep the answers per organisation and request URL until the organisation's data changes (ADR 5). A hit is
   * sent before anything is parsed or opened; only answers to input that parsed are kept.
   */
  cache?: TenantCache<Buffer>;
}

/**
 * Implements an endpoint: `implement(getHoseAssembly).inTransaction(async (input, scope) => ...)`. The
 * handler is typed by the contract: its parsed input, and the answer the response schema takes.
 */
export function implement<E extends AnyEndpoint>(endpoint: E) {
  const define = (mode: Mode, handler: unknown, options: RouteOptions = {}): ContractRoute => {
    if (isPublicAccess(endpoint.access) !== (mode === 'public')) {
      throw new Error(
        `${endpoint.name}: ${mode === 'public' ? 'only a PUBLIC endpoint is implemented publicly' : 'a PUBLIC endpoint is implemented publicly'}`,
      );
    }
    return { endpoint, mode, handler: handler as ContractRoute['handler'], cache: options.cache };
  };
  return {
    /** The usual route: the handler runs in the caller's tenant transaction. */
    inTransaction: (handler: Handler<E, TenantScope>, options?: RouteOptions) =>
      define('tenant', handler, options),
    /** A signed-in route whose handler opens its own transactions, or needs none. */
    outsideTransaction: (handler: Handler<E, SignedInScope>) => define('signedIn', handler),
    /** A route anyone may call (its contract's access is PUBLIC). */
    publicly: (handler: Handler<E, PublicScope>) => define('public', handler),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: AnyEndpoint;
  }
}

export interface RegisterOptions {
  database: Database;
  /** Check every answer and error code against the contract (tests). */
  validateResponses: boolean;
}

export function registerContractRoute(
  app: FastifyInstance,
  { endpoint: e, mode, handler, cache }: ContractRoute,
  { database, validateResponses }: RegisterOptions,
): void {
  app.route({
    method: e.method,
    url: e.path,
    config: { access: e.access, contract: e },
    // A call acting for one customer runs in its scope: every tenant transaction then sees that customer only.
    // A signed-in call's days are those of the time zone it names (ADR 23).
    handler: async (request, reply) =>
      actingForCustomer(request.auth?.customerId, () =>
        mode === 'public'
          ? handle(request, reply)
          : inTimeZone(timeZoneOf(request), () => handle(request, reply)),
      ),
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const organizationId = request.auth?.organizationId ?? '';
    const customerId = request.auth?.customerId;
    const cacheKey = customerId ? `${request.url} for ${customerId}` : request.url;
    const hit = cache?.get(organizationId, cacheKey);
    if (hit)
      return reply
        .code(e.status ?? 200)
        .type(JSON_TYPE)
        .send(hit);
    const generation = cache?.generation(organizationId) ?? 0;

    if (customerId && isPlainObject(request.body) && request.body.customerId == null) {
      // What a call acting for a customer creates is that customer's (a body without the field ignores it).
      request.body = { ...request.body, customerId };
    }
    if (e.params) refuseNul(request.params);
    if (e.query) refuseNul(request.query);
    if (e.body && !isMultipartBody(e.body)) refuseNul(request.body);
    const input = {
      params: e.params ? parseParams(e.params, request.params) : undefined,
      query: e.query ? parseInput(e, e.query, request.query) : undefined,
      body: isMultipartBody(e.body)
        ? await readForm(e.body, request)
        : e.body
          ? parseInput(e, e.body, request.body)
          : undefined,
    } as ParsedInput<AnyEndpoint>;

    let result: unknown;
    if (mode === 'tenant') {
      const auth = authOf(request);
      const tasks: (() => unknown)[] = [];
      result = await database.withTenant(auth.organizationId, async (tx) => {
        if (customerId) await assertCustomerExists(tx, customerId);
        return handler(input, {
          tx,
          auth,
          organizationId: auth.organizationId,
          userId: auth.userId,
          role: auth.roles[0] ?? 'regular',
          request,
          reply,
          afterCommit: (task) => tasks.push(task),
        } satisfies TenantScope as never);
      });
      for (const task of tasks) {
        try {
          await task();
        } catch (error) {
          request.log.error({ err: error }, `${e.name}: a task after the commit failed`);
        }
      }
    } else if (mode === 'signedIn') {
      result = await handler(input, { auth: authOf(request), request, reply } as never);
    } else {
      result = await handler(input, { request, reply } as never);
    }
    if (cache) {
      const bytes = Buffer.from(JSON.stringify(result));
      if (validateResponses) checkResponse(e, e.response as z.ZodType, bytes);
      cache.set(organizationId, cacheKey, bytes, generation);
      return reply
        .code(e.status ?? 200)
        .type(JSON_TYPE)
        .send(bytes);
    }
    return send(e, reply, result, validateResponses);
  }
}

/** The customer a call acts for must be one of ours (row-level security hides the others): else 404. */
async function assertCustomerExists(tx: Tx, customerId: string): Promise<void> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError(AppErrorCode.NotFound, 'The customer was not found');
}

/** The zone the `Time-Zone` header names (ADR 23); a header that names none is refused. */
function timeZoneOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TIME_ZONE_HEADER];
  const named = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!named) return undefined;
  if (!isTimeZone(named)) {
    throw new AppError(
      AppErrorCode.BadRequest,
      `The Time-Zone header must name a time zone such as America/Vancouver or UTC, not "${named.slice(0, 64)}"`,
      { issues: [{ path: [TIME_ZONE_HEADER], message: 'Not a time zone' }] },
    );
  }
  return named;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

const JSON_TYPE = 'application/json; charset=utf-8';

function send(e: AnyEndpoint, reply: FastifyReply, result: unknown, validate: boolean): FastifyReply {
  reply.code(e.status ?? 200);
  if (isFileResponse(e.response)) {
    const file = result as FileReply;
    if (validate && !e.response.contentTypes.some((type) => file.contentType.startsWith(type))) {
      throw contractBroken(e, `answered ${file.contentType}, not ${e.response.contentTypes.join(' or ')}`);
    }
    reply.type(file.contentType);
    if (file.fileName) {
      reply.header('content-disposition', `attachment; filename="${file.fileName.replace(/"/g, '')}"`);
    }
    return reply.send(file.data);
  }
  const bytes = JSON.stringify(result);
  if (validate) checkResponse(e, e.response as z.ZodType, bytes);
  return reply.type(JSON_TYPE).send(bytes);
}

/** The answer must be exactly what the schema describes: nothing missing, wrong or undeclared. */
function checkResponse(e: AnyEndpoint, schema: z.ZodType, bytes: Buffer | string): void {
  const wire: unknown = JSON.parse(bytes.toString());
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw contractBroken(
      e,
      `answered what its response schema refuses at ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), wire)) {
    throw contractBroken(e, 'answered fields its response schema does not declare');
  }
}

function contractBroken(e: AnyEndpoint, what: string): AppError {
  return new AppError(AppErrorCode.Internal, `${e.name} ${what}`, { contractViolation: true });
}

/** The error codes a request's contract may answer, for the error handler's check in tests. */
export function declaredErrorCodes(request: FastifyRequest): AppErrorCode[] | undefined {
  const contract = request.routeOptions.config.contract;
  return contract ? errorCodesOf(contract) : undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a statement that stores or compares a string with
 * one fails, which would answer 500. So every string a contract reads (path, query, JSON body and form
 * fields, names of keys included) is checked here, before it is parsed, and one with a NUL is a 400 that
 * names the field, in the shape of a validation failure. The walk uses its own stack, not recursion, so a
 * deeply nested body cannot exhaust the call stack.
 */
function refuseNul(value: unknown): void {
  // Each entry links to its parent, so the path is built only for the field refused.
  type Entry = { value: unknown; key?: PropertyKey; parent?: Entry };
  const pathOf = (entry: Entry): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let at: Entry | undefined = entry; at?.parent; at = at.parent) path.push(at.key as PropertyKey);
    return path.reverse();
  };
  const pending: Entry[] = [{ value }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const current = entry.value;
    if (typeof current === 'string') {
      if (current.includes('\0')) throw nulRefused(pathOf(entry));
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) pending.push({ value: current[i], key: i, parent: entry });
    } else if (current && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\0')) throw nulRefused([...pathOf(entry), key]);
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
}

function nulRefused(path: PropertyKey[]): AppError {
  const field = path.length ? path.map((p) => String(p).replaceAll('\0', '\\0')).join('.') : 'the body';
  const message = `Text may not contain the NUL character (\\0): field ${field}`;
  return new AppError(AppErrorCode.BadRequest, message, { issues: [{ path, message }] });
}

function parseParams(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  // A path that names nothing we have is not found, like another organisation's id.
  throw new AppError(AppErrorCode.NotFound, parsed.error.issues[0]?.message ?? 'Not found');
}

function parseInput(e: AnyEndpoint, schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issues = issuesOf(parsed.error).map((i) => ({
    path: i.path,
    message: e.describeIssue ? e.describeIssue(i.path, i.message) : i.message,
  }));
  throw new AppError(
    AppErrorCode.BadRequest,
    issues[0]?.message ?? 'Some of the information sent is not valid',
    { issues },
  );
}

async function readForm(spec: MultipartBody, request: FastifyRequest) {
  const names = [...Object.keys(spec.fields.shape), spec.fileField];
  if (!request.isMultipart()) {
    throw new AppError(
      AppErrorCode.BadRequest,
      `Send the file as multipart/form-data with the field${names.length > 1 ? 's' : ''} ${names.join(' and ')}.`,
    );
  }
  const fields: Record<string, unknown> = {};
  let file: { fileName: string; data: Uint8Array } | undefined;
  const errors = request.server.multipartErrors;
  try {
    for await (const part of request.parts({
      limits: { fileSize: spec.maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === spec.fileField && !file) {
          file = { fileName: part.filename, data: await part.toBuffer() };
        } else {
          part.file.resume();
        }
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof errors.RequestFileTooLargeError) {
      throw new AppError(
        AppErrorCode.PayloadTooLarge,
        `The file is larger than ${spec.maxFileBytes / 1024 / 1024} MB. ${spec.tooLargeAdvice}`,
      );
    }
    if (error instanceof errors.FilesLimitError) {
      throw new AppError(AppErrorCode.BadRequest, 'Upload one file at a time.');
    }
    throw error;
  }
  refuseNul({ ...fields, ...(file ? { [spec.fileField]: { fileName: file.fileName } } : {}) });
  const parsed = spec.fields.safeParse(fields);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw new AppError(AppErrorCode.BadRequest, issues[0]?.message ?? 'The form is not valid', { issues });
  }
  return { fields: parsed.data, file };
}
