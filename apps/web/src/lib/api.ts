/**
 * The request underneath every API call (`call` in `@/api/call` sits on it): every product call carries the
 * bearer token, the `userid` header and the `apicustomerid` header. Failures become an `ApiError` holding the
 * server's `ErrorBody`; the answers that move the user are applied here once: a 401 goes to /login, a 403
 * that carries the subscription status goes to /subscriptionexpired.
 */
import { AppErrorCode, type ErrorBody, isTimeZone, matchRoute, TIME_ZONE_HEADER } from '@hosewright/domain';
import { getCookie } from './cookies';
import { navigateTo } from './navigation';
import {
  applySubscriptionStatus,
  forgetRoles,
  getStoredAccessToken,
  storeAccessToken,
  useSessionStore,
} from './session';
import { useSettingsStore } from './settings-store';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.statusCode;
    this.body = body;
  }

  get code(): ErrorBody['code'] {
    return this.body.code;
  }
}

export function isApiError(error: unknown, code?: ErrorBody['code']): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Anything with a zod-style `parse` validates a response; domain contracts are zod schemas. */
export interface ResponseSchema<T> {
  parse: (data: unknown) => T;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: ResponseSchema<T>;
  /** false for public calls: no token, no product headers. */
  auth?: boolean;
  /** Use this token instead of asking the token provider (the logout call sends the stored token). */
  token?: string;
  /** false when the caller handles 401 / 403 itself (no navigation to /login or /subscriptionexpired). */
  handleAuthErrors?: boolean;
  signal?: AbortSignal;
  /** 'blob' for file answers (documents, templates, pictures): the body is returned as a Blob, not parsed. */
  responseType?: 'json' | 'blob';
}

type TokenGetter = () => Promise<string>;
let tokenGetter: TokenGetter | null = null;

/** The auth bridge registers the identity SDK's silent token call here. */
export function setAccessTokenGetter(getter: TokenGetter | null): void {
  tokenGetter = getter;
}

const STATUS_CODES: Record<number, ErrorBody['code']> = {
  400: AppErrorCode.BadRequest,
  401: AppErrorCode.Unauthenticated,
  403: AppErrorCode.Unauthorized,
  404: AppErrorCode.NotFound,
  406: AppErrorCode.NotAcceptable,
  409: AppErrorCode.Conflict,
  429: AppErrorCode.TooManyRequests,
};

const KNOWN_CODES = new Set<string>(Object.values(AppErrorCode));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Read the server's error body, or describe the failure when the body is not one. */
export function toErrorBody(status: number, payload: unknown, fallbackMessage: string): ErrorBody {
  const record = isRecord(payload) ? payload : {};
  const code =
    typeof record.code === 'string' && KNOWN_CODES.has(record.code)
      ? (record.code as ErrorBody['code'])
      : (STATUS_CODES[status] ?? AppErrorCode.Internal);
  const message = typeof record.message === 'string' && record.message ? record.message : fallbackMessage;
  return {
    statusCode: status,
    code,
    message,
    ...(isRecord(record.details) ? { details: record.details } : {}),
  };
}

function unauthenticated(message: string): ApiError {
  return new ApiError({ statusCode: 401, code: AppErrorCode.Unauthenticated, message });
}

/**
 * API mode (an embedding page passes its token) takes the token from the settings; otherwise the identity
 * SDK's, then the one kept in the cookie.
 */
async function resolveToken(): Promise<string> {
  const settings = useSettingsStore.getState();
  if (settings.isApi) {
    const isExpired = settings.accessTokenExpires !== null && settings.accessTokenExpires <= Date.now();
    if (settings.accessToken && !isExpired) return settings.accessToken;
    window.parent?.postMessage({ type: 'securityTokenExpired' }, '*');
    throw unauthenticated('not authenticated');
  }
  if (tokenGetter) {
    let token: string;
    try {
      token = await tokenGetter();
    } catch {
      throw unauthenticated('could not get access token');
    }
    storeAccessToken(token);
    return token;
  }
  const stored = getStoredAccessToken();
  if (stored) return stored;
  throw unauthenticated('not authenticated');
}

function handleFailure(error: ApiError, handleAuthErrors: boolean): void {
  const settings = useSettingsStore.getState();
  // Signing out moves the user itself (`runLogout`). A call still in flight when the session ended is refused
  // with 401; sending the user to /login then would cancel the provider's sign-out and sign them in again.
  if (useSessionStore.getState().status === 'signingOut') return;
  if (error.status === 401) {
    if (settings.isApi) {
      // In API mode a 401 is the embedding page's to handle: rethrown, and only an API-key failure marks
      // the token expired (the page is then asked for a new one).
      if (error.body.details?.apiFailed) settings.setSettings({ securityTokenExpired: true });
      return;
    }
    if (handleAuthErrors) navigateTo('/login');
    return;
  }
  const subscriptionStatus = error.body.details?.subscriptionStatus;
  if (error.status === 403 && isRecord(subscriptionStatus) && handleAuthErrors) {
    applySubscriptionStatus(subscriptionStatus);
    // The pages an expired shop pays on stay put (a call beside them, like the user menu's, is refused).
    if (!matchRoute(window.location.pathname).route.allowExpired) navigateTo('/subscriptionexpired');
  }
  // Refused for a missing role: the cached roles may be out of date (an admin changed them).
  if (error.status === 403 && error.body.details?.guardCode === 845 && !settings.isApi) forgetRoles();
}

let timeZone: string | null | undefined;

/**
 * The browser's time zone by its name ('America/Vancouver'): the reader's days (ADR 23). Undefined when the
 * browser cannot name one (some answer 'Etc/Unknown'): the calls then go without it and count in UTC.
 */
export function browserTimeZone(): string | undefined {
  if (timeZone === undefined) {
    const named = Intl.DateTimeFormat().resolvedOptions().timeZone;
    timeZone = named && isTimeZone(named) ? named : null;
  }
  return timeZone ?? undefined;
}

/**
 * The bearer token, `userid`, `apicustomerid` and the browser's `Time-Zone` (whose day "today" is, ADR 23)
 * every product call sends (also for uploads by XHR).
 */
export async function productHeaders(token?: string): Promise<Record<string, string>> {
  const zone = browserTimeZone();
  return {
    Authorization: `Bearer ${token ?? (await resolveToken())}`,
    userid: getCookie('userId') ?? '',
    apicustomerid: useSettingsStore.getState().customerId ?? '',
    ...(zone ? { [TIME_ZONE_HEADER]: zone } : {}),
  };
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, auth = true, handleAuthErrors = true, signal } = options;
  const isBlob = options.responseType === 'blob';
  // A FormData body (file uploads) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const requestBody = body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body);
  const headers: Record<string, string> = { Accept: isBlob ? '*/*' : 'application/json' };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  try {
    if (auth) Object.assign(headers, await productHeaders(options.token));

    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        ...(requestBody !== undefined ? { body: requestBody } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({
        statusCode: 0,
        code: AppErrorCode.Internal,
        message: 'Could not reach Hosewright. Check your connection and try again.',
      });
    }

    if (isBlob && response.ok) return (await response.blob()) as T;
    const text = response.status === 204 ? '' : await response.text();
    let payload: unknown;
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      payload = undefined;
    }

    if (!response.ok) {
      throw new ApiError(
        toErrorBody(response.status, payload, response.statusText || `Request failed (${response.status})`),
      );
    }
    if (!schema) return payload as T;
    try {
      return schema.parse(payload);
    } catch {
      throw new ApiError({
        statusCode: response.status,
        code: AppErrorCode.Internal,
        message: 'The server answered in an unexpected shape.',
      });
    }
  } catch (error) {
    if (error instanceof ApiError) handleFailure(error, handleAuthErrors);
    throw error;
  }
}
