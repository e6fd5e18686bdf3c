/**
 * Security headers, set before anything else answers. Documents (the app's pages, the sign-in pages, the
 * API reference) get helmet's full set, with a content security policy for what they load. API answers are
 * data, never documents: they get a short, strict set (nothing may load or frame them), which also keeps
 * every API answer's headers small.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** Pages the configurator is embedded in may frame it (EMBED_ORIGINS); every other page only this app. */
const EMBEDDABLE = new Set(['/configurator', '/iframe/hoseassembly']);

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
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const embedAncestors = ["'self'", ...config.EMBED_ORIGINS].join(' ');

  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (url.startsWith('/api/') && !url.startsWith('/api/docs')) {
      reply.headers(apiHeaders);
      return done();
    }
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
