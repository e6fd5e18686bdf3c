/**
 * The endpoint contract: every `/api/...` endpoint is one object made by `endpoint()` in the folder of its
 * resource (ADR 9). The server registers it with its handler (access, input parsing, the tenant
 * transaction, the response checked against `response`), the web app calls it through one typed `call`, the
 * OpenAPI document is generated from it, and the generated test suites send its `example`.
 */
import type { z } from 'zod';
import { AppErrorCode } from '../errors.ts';
import { ENTERPRISE_TIERS, PREMIUM_TIERS, ROLES, type Role, type Tier } from '../plans.ts';

/** Who may call an endpoint. Evaluated by `evaluateAccess`, the same function as the web router guard. */
export interface ProtectedAccess {
  public?: false;
  /** At least one of these roles is needed. */
  roles: readonly Role[];
  /** The subscription must be one of these; omitted means any tier. */
  subscriptions?: readonly Tier[];
  /** Reachable with an expired subscription (the calls that tell the app it has expired, sign-out). */
  allowExpired?: boolean;
  /** Reachable before the email address is verified (profile, resend, sign-out). */
  allowUnverified?: boolean;
  /** Creating a session without a token answers 406 'accessToken is required' rather than 401. */
  missingTokenIsNotAcceptable?: boolean;
}
/** Public endpoints opt out of sign-in by name: `access: PUBLIC`. */
export interface PublicAccess {
  public: true;
}
export type ApiAccess = PublicAccess | ProtectedAccess;

export const PUBLIC: PublicAccess = { public: true };
/** Any member of the organisation (regular or admin), any tier. */
export const MEMBER: ProtectedAccess = { roles: ['regular', 'admin'] };
export const ADMIN: ProtectedAccess = { roles: ['admin'] };
/** Warehouses, inventory and work orders: professional or enterprise (trial answers 996). */
export const PREMIUM_MEMBER: ProtectedAccess = { roles: ['regular', 'admin'], subscriptions: PREMIUM_TIERS };
export const PREMIUM_ADMIN: ProtectedAccess = { roles: ['admin'], subscriptions: PREMIUM_TIERS };
/** Price lists: enterprise only; any role reads them, admins keep them (a professional answers 996). */
export const ENTERPRISE_MEMBER: ProtectedAccess = {
  roles: ['regular', 'admin'],
  subscriptions: ENTERPRISE_TIERS,
};
export const ENTERPRISE_ADMIN: ProtectedAccess = { roles: ['admin'], subscriptions: ENTERPRISE_TIERS };

export function isPublicAccess(access: ApiAccess): access is PublicAccess {
  return access.public === true;
}

/** A file upload: text fields (parsed by `fields`) and one file part. */
export interface MultipartBody<F extends z.ZodObject = z.ZodObject> {
  kind: 'multipart';
  fields: F;
  /** The form field that carries the file. */
  fileField: string;
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
  /** What the file may be, for the reference (the handler checks the bytes). */
  fileDescription: string;
  /** Said after "The file is larger than N MB." */
  tooLargeAdvice: string;
}

/** A response that is a file (PDF, spreadsheet, picture) rather than JSON. */
export interface FileResponse {
  kind: 'file';
  contentTypes: readonly string[];
  description: string;
}

export type BodySpec = z.ZodType | MultipartBody;
export type ResponseSpec = z.ZodType | FileResponse;

/** A file in an example multipart body. */
export interface ExampleFile {
  fileName: string;
  contentType: string;
  /** The file's bytes, base64. */
  base64: string;
}

export interface ExampleInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** The JSON body, or for a multipart body `{ fields, file }`. */
  body?: unknown;
}

/**
 * An example needs existing objects for its ids: `ref('hoseId')` names one. The generated suites create it in
 * the calling organisation (a factory per name); the reference shows a placeholder id.
 */
export type Ref = (name: string) => string;
export type Example = ExampleInput | ((ref: Ref) => ExampleInput);

export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends BodySpec | undefined = BodySpec | undefined,
  R extends ResponseSpec = ResponseSpec,
> {
  /** Unique, camelCase: the OpenAPI operationId (`getHoseAssembly`). */
  name: string;
  method: 'GET' | 'POST';
  /** Fastify style: `/api/v1/hoseassembly/:hoseAssemblyId` (a last `:name?` may be left out). */
  path: string;
  /** The resource it belongs to: the reference groups endpoints by it. */
  tag: string;
  summary: string;
  description?: string;
  access: ApiAccess;
  /**
   * Path parameters. An id that does not parse is simply not found (404, the message of the schema), the
   * same answer as another organisation's id.
   */
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success status (200 unless the endpoint creates or queues: 201, 202). */
  status?: 200 | 201 | 202;
  /**
   * The error codes the endpoint itself may answer. Those that follow from its access and inputs are added
   * by `errorCodesOf` (sign-in, role, tier, validation, not found).
   */
  errors?: readonly AppErrorCode[];
  example: Example;
  /** Rewrites a validation message where the path says more than the schema can ("Line 2: ..."). */
  describeIssue?: (path: readonly PropertyKey[], message: string) => string;
}

/** Declares an endpoint; the types of its input and answer are inferred from its schemas. */
export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends BodySpec | undefined = undefined,
  R extends ResponseSpec = z.ZodType,
>(definition: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return definition;
}

export type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  BodySpec | undefined,
  ResponseSpec
>;

/** An optional spec property without its `undefined`: `never` when the endpoint has none. */
type Spec<T> = Exclude<T, undefined>;
type Out<T> = [Spec<T>] extends [never]
  ? undefined
  : Spec<T> extends z.ZodType
    ? z.output<Spec<T>>
    : undefined;

/** What a handler receives, parsed. */
export interface ParsedInput<E extends AnyEndpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Spec<E['body']> extends MultipartBody<infer F> ? UploadedForm<z.output<F>> : Out<E['body']>;
}
export interface UploadedForm<F> {
  fields: F;
  /** The uploaded file, or undefined when the form carried none. */
  file?: { fileName: string; data: Uint8Array };
}

/** The JSON answer of an endpoint (a `Blob` for files on the web, bytes on the server). */
export type ResponseOf<E extends AnyEndpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

export function isFileResponse(response: ResponseSpec): response is FileResponse {
  return (response as FileResponse).kind === 'file';
}
export function isMultipartBody(body: BodySpec | undefined): body is MultipartBody {
  return (body as MultipartBody | undefined)?.kind === 'multipart';
}

export function fileResponse(contentTypes: readonly string[], description: string): FileResponse {
  return { kind: 'file', contentTypes, description };
}
export const PDF = fileResponse(['application/pdf'], 'A PDF document');
export const XLSX = fileResponse(
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  'An Excel workbook',
);

export function multipartBody<F extends z.ZodObject>(
  options: Omit<MultipartBody<F>, 'kind'>,
): MultipartBody<F> {
  return { kind: 'multipart', ...options };
}

/** The example of an endpoint with every `ref` resolved by `resolve`. */
export function exampleOf(e: AnyEndpoint, resolve: Ref): ExampleInput {
  return typeof e.example === 'function' ? e.example(resolve) : e.example;
}

/** The names of the objects an endpoint's example refers to (what the generated suites must create). */
export function exampleRefs(e: AnyEndpoint): string[] {
  const names = new Set<string>();
  exampleOf(e, (name) => {
    names.add(name);
    return placeholderId(name);
  });
  return [...names];
}

/** A stable id for `name` in the reference's examples (a version-4-shaped uuid). */
export function placeholderId(name: string): string {
  let h = 0x811c9dc5;
  for (const char of name) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const hex = h.toString(16).padStart(8, '0');
  return `${hex}-0000-4000-8000-${hex}0000`;
}

/** The error codes `e` may answer: its own plus those of its access and inputs. */
export function errorCodesOf(e: AnyEndpoint): AppErrorCode[] {
  const codes = new Set<AppErrorCode>(e.errors ?? []);
  const access = e.access;
  if (!isPublicAccess(access)) {
    codes.add(AppErrorCode.Unauthenticated);
    codes.add(AppErrorCode.Unauthorized);
    if (access.missingTokenIsNotAcceptable) codes.add(AppErrorCode.NotAcceptable);
    if (!access.allowUnverified) codes.add(AppErrorCode.EmailNotVerified);
    if (!access.allowExpired) codes.add(AppErrorCode.SubscriptionExpired);
    if (ROLES.some((role) => !access.roles.includes(role))) codes.add(AppErrorCode.MissingRole);
    if (access.subscriptions) codes.add(AppErrorCode.WrongTier);
    // The `apicustomerid` header may name a customer the organisation does not have.
    codes.add(AppErrorCode.NotFound);
    // The `Time-Zone` header may name no time zone (`TIME_ZONE_HEADER`).
    codes.add(AppErrorCode.BadRequest);
  }
  if (e.params) codes.add(AppErrorCode.NotFound);
  if (e.params || e.query || e.body) codes.add(AppErrorCode.BadRequest);
  codes.add(AppErrorCode.Internal);
  return [...codes];
}

/** The path with its parameters filled in (each value URL-encoded). */
export function pathOf(e: Pick<AnyEndpoint, 'path'>, params: Record<string, string> = {}): string {
  return e.path.replace(/:(\w+)(\?)?/g, (_match, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined && !optional) throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(value ?? '');
  });
}
