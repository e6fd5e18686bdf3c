/**
 * Which requests are the API's: what the API's security headers (`security-headers.ts`) and rate limits
 * (`api-rate-limit.ts`) go by.
 */
import type { FastifyRequest } from 'fastify';

/**
 * The address starts with `/api/`, or the route it reached does: the router decodes the path, so
 * `/%61pi/v1/…` reaches an API route without its address saying so.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') || request.routeOptions.url?.startsWith('/api/') === true;
}

/** The API reference (`/api/docs` and its files, `api/docs.ts`): documents for people, not API answers. */
export function isApiReference(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/docs');
}
