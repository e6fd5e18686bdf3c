/**
 * The one typed way the app calls an endpoint: `call(contract, input)` with a contract from the domain
 * (ADR 0009). The path, the query string and the body come from `input`; the answer is checked against the
 * contract's response schema (a `Blob` for file answers). Underneath is `apiRequest`: the bearer token, the
 * `userid` and `apicustomerid` headers, the 401 / 403 navigation and `ApiError` are its business. Public
 * contracts (`access: PUBLIC`) go without a token.
 */
import {
  type AnyEndpoint,
  type FileResponse,
  isFileResponse,
  isPublicAccess,
  type ListResponse,
  type MultipartBody,
  pathOf,
  type ResponseOf,
} from '@hosewright/domain';
import type { z } from 'zod';
import { apiRequest, isApiError, type ResponseSchema } from '@/lib/api';

export interface CallOptions {
  signal?: AbortSignal;
  /** Send this token instead of asking the token provider (sign-in and sign-out send the one they hold). */
  token?: string;
  /** false when the caller handles 401 / 403 itself instead of the navigation `apiRequest` does. */
  handleAuthErrors?: boolean;
}

/** What a call answers: the parsed JSON of the response schema, or the file as a `Blob`. */
export type Answer<E extends AnyEndpoint> = E['response'] extends FileResponse ? Blob : ResponseOf<E>;

type Spec<T> = Exclude<T, undefined>;
type Has<T> = [Spec<T>] extends [never] ? false : true;
type In<T> = Spec<T> extends z.ZodType ? z.input<Spec<T>> : never;

/**
 * What a caller sends: the path's parameters, the body, and any of the query's keys (all optional, as in a
 * URL: the contract's schema on the server says what a missing one means).
 */
export type Input<E extends AnyEndpoint> = (Has<E['params']> extends true
  ? { params: In<E['params']> }
  : { params?: never }) &
  (Has<E['query']> extends true ? { query?: Partial<In<E['query']>> } : { query?: never }) &
  (Has<E['body']> extends true
    ? { body: Spec<E['body']> extends MultipartBody ? FormData : In<E['body']> }
    : { body?: never });

/** The input may be left out when the contract has nothing required in it. */
type Args<E extends AnyEndpoint> =
  object extends Input<E>
    ? [input?: Input<E>, options?: CallOptions]
    : [input: Input<E>, options?: CallOptions];

type QueryValue = string | number | boolean | null | undefined;

/**
 * `{ page: 1, dash: ['-8', '-6'], q: undefined }` -> `page=1&dash=-8&dash=-6`: undefined, null and empty
 * values are left out, arrays repeat their name (every list schema reads a repeated name as a list).
 */
function toQueryString(query: Record<string, QueryValue | readonly QueryValue[]> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(name, String(item));
    }
  }
  return params.toString();
}

export function call<E extends AnyEndpoint>(
  contract: E,
  ...[input, options = {}]: Args<E>
): Promise<Answer<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue | readonly QueryValue[]>;
    body?: unknown;
  };
  const search = toQueryString(query);
  const isFile = isFileResponse(contract.response);
  return apiRequest(`${pathOf(contract, params)}${search ? `?${search}` : ''}`, {
    method: contract.method,
    ...(body !== undefined ? { body } : {}),
    ...(isFile ? { responseType: 'blob' } : { schema: contract.response as ResponseSchema<unknown> }),
    auth: !isPublicAccess(contract.access),
    ...options,
  }) as Promise<Answer<E>>;
}

function emptyPage<T>(): ListResponse<T> {
  return { items: [], total: 0, page: 1 };
}

/**
 * The organisation's list calls as the screens read them: a list that cannot be had (the call fails, or
 * the answer is not a list) shows as an empty page 1 rather than an error. A cancelled request still
 * throws, so that a stale answer is not cached, and so does a refused sign-in (401): it is not an empty
 * list, and in API mode the embedding page must hear of it to pass a new token.
 */
export async function orEmptyPage<T>(list: Promise<ListResponse<T>>, signal?: AbortSignal) {
  try {
    return await list;
  } catch (error) {
    if (signal?.aborted || (isApiError(error) && error.status === 401)) throw error;
    return emptyPage<T>();
  }
}
