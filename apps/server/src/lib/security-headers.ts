/**
 * Security headers. Documents (the app's pages, the sign-in pages, the API reference) get helmet's full set,
 * set before anything else answers, with a content security policy for what they load. API answers are
 * data, never documents: they get a short, strict set (nothing may load or frame them), which also keeps
 * every API answer's headers small, and `Cache-Control: no-store` (ADR 11: a browser keeps no API answer,
 * whatever a route set). That set is added as the answer is sent, so that it is on every API answer
 * whichever hook or handler gave it (a 401 of the auth hook, a 429 of the rate limits, a 404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { isApiReference, isApiRequest } from './api-request.ts';

/** Pages the configurator is embedded in may frame it (EMBED_ORIGINS); every other page only this app. */
const EMBEDDABLE = new Set(['/configurator', '/iframe/hoseassembly']);

/** An API answer, not one of the API reference's documents. */
function apiAnswer(request: FastifyRequest): boolean {
  return isApiRequest(request) && !isApiReference(request);
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const external = config.embeddedIdentity ? [] : [new URL(config.issuer).origin];
  const https = config.publicUrl.startsWith('https://');
  // One helmet middleware, made once (a new one per request would parse the policy every time).
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...external],
        frameSrc: ["'self'", ...external],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const embedAncestors = ["'self'", ...config.EMBED_ORIGINS].join(' ');

  app.addHook('onSend', (request, reply, payload, done) => {
    if (apiAnswer(request)) reply.headers(apiHeaders);
    done(null, payload);
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (apiAnswer(request)) return done();
    const url = request.url;
    documentHeaders(request.raw, reply.raw, () => {
      if (EMBEDDABLE.has(url.split('?')[0] ?? '')) {
        const csp = reply.raw.getHeader('content-security-policy');
        if (typeof csp === 'string') {
          reply.raw.setHeader(
            'content-security-policy',
            csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${embedAncestors}`),
          );
        }
        reply.raw.removeHeader('x-frame-options');
      }
      done();
    });
  });
}
