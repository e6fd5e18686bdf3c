/**
 * The API's rate limits (ADR 11). Every `/api/` request counts against its address (`ip:<addr>`, the
 * `request.ip` that TRUST_PROXY decides, ADR 10) and, when it is signed in, against its user
 * (`user:<id>`), in fixed one-minute windows: API_RATE_LIMIT_PER_ADDRESS and API_RATE_LIMIT_PER_USER
 * requests. Over either limit the answer is 429 with `Retry-After` (seconds) and the usual error body.
 *
 * The address is counted in an `onRequest` hook registered before the auth hook (`installAuth`), so a
 * request refused for its token counts too; the user in a `preParsing` hook, which runs after every
 * `onRequest` hook (so `request.auth` is known) and before the body is read.
 *
 * With REDIS_URL the windows are Redis's (the realtime module's `sharedCounter`), so every instance counts
 * together. A Redis that fails or is slow (the counter is `failFast`, realtime/socket.ts) makes each instance count alone until it answers
 * again.
 */
import { AppErrorCode, type ErrorBody } from '@hosewright/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { isApiRequest } from './api-request.ts';
import { type SharedCounter, WindowRateLimiter } from './rate-limit.ts';

export const API_RATE_LIMIT_WINDOW_MS = 60_000;

/** How long a Redis hit may take before this instance counts alone, and for how long it then does. */

export interface ApiRateLimitDeps {
  config: Pick<Config, 'API_RATE_LIMIT_PER_USER' | 'API_RATE_LIMIT_PER_ADDRESS'>;
  /** Counts across instances (Redis), when REDIS_URL is set. */
  sharedCounter?: SharedCounter | undefined;
  /** The time the in-memory windows go by (tests move it); Date.now otherwise. */
  clock?: (() => number) | undefined;
}

export function installApiRateLimits(app: FastifyInstance, deps: ApiRateLimitDeps): void {
  const { config, sharedCounter, clock } = deps;
  const shared = sharedCounter && { counter: sharedCounter, name: 'api' };
  const windowMs = API_RATE_LIMIT_WINDOW_MS;
  const perAddress = new WindowRateLimiter({
    max: config.API_RATE_LIMIT_PER_ADDRESS,
    windowMs,
    clock,
    shared,
  });
  const perUser = new WindowRateLimiter({ max: config.API_RATE_LIMIT_PER_USER, windowMs, clock, shared });

  // Callback hooks: one that answers 429 never calls `done`, so nothing after it runs. A count kept in this
  // instance answers at once; a shared one (Redis) as a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) return done();
    settle(
      perAddress.hit(`ip:${request.ip}`),
      (waitMs) => (waitMs > 0 ? tooMany(reply, waitMs) : done()),
      done,
    );
  });

  app.addHook('preParsing', (request, reply, payload, done) => {
    const auth = request.auth;
    if (!auth || !isApiRequest(request)) return done(null, payload);
    settle(
      perUser.hit(`user:${auth.userId}`),
      (waitMs) => (waitMs > 0 ? tooMany(reply, waitMs) : done(null, payload)),
      done,
    );
  });
}

/** Hands a wait to `then` at once when it is a number, else when its promise settles (`fail` on an error). */
function settle(
  wait: number | Promise<number>,
  then: (waitMs: number) => void,
  fail: (error: Error) => void,
): void {
  if (typeof wait === 'number') then(wait);
  else wait.then(then, fail);
}

/**
 * 429 with the wait in whole seconds. Sent here rather than thrown: the error handler would check the code
 * against the route's contract, and no contract lists a limit every route has.
 */
function tooMany(reply: FastifyReply, waitMs: number): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const body: ErrorBody = {
    statusCode: 429,
    code: AppErrorCode.TooManyRequests,
    message: `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  };
  void reply.code(429).header('retry-after', String(seconds)).send(body);
}
