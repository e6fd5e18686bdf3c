import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppErrorCode, getPublicConfig, PUBLIC } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** The version the web app compares against: the SPA build time, or this server's start time. */
export function readVersion(config: Config): number {
  const file = path.join(config.webDist, 'version.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    if (typeof parsed.version === 'number') return parsed.version;
  }
  return Math.floor(Date.now() / 1000);
}

/** The health check and the version file: outside `/api`, public. */
export function systemPages(app: FastifyInstance, config: Config, database: Database): void {
  const version = readVersion(config);

  app.get('/healthz', { config: { access: PUBLIC } }, async () => {
    await queryRows(database.db, sql`select 1`);
    return { status: 'ok', database: database.kind };
  });

  app.get('/version.json', { config: { access: PUBLIC } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version };
  });
}

export function systemModule({ config }: ModuleDeps): ModuleManifest {
  const version = readVersion(config);
  return {
    routes: [
      implement(getPublicConfig).publicly(async () => ({
        oidc: { domain: config.oidcDomain, clientId: config.OIDC_CLIENT_ID, audience: config.OIDC_AUDIENCE },
        version,
      })),
    ],
  };
}

/**
 * Serve the built SPA: files as they are, or their pre-compressed copy (hashed assets cached for a year), any
 * other path gets index.html (history fallback). API and provider paths never fall back.
 */
export async function spaRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDist;
  const built = existsSync(path.join(root, 'index.html'));
  // The build leaves a brotli and a gzip copy beside each text file (apps/web/scripts/compress.mjs): a
  // browser that accepts one gets it with its Content-Encoding, the others the file itself.
  if (built)
    await app.register(fastifyStatic, { root, serve: false, decorateReply: true, preCompressed: true });

  app.get('/*', { config: { access: PUBLIC } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/idp/')) {
      throw new AppError(AppErrorCode.NotFound, `No such address: ${urlPath}`);
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.');
    }
    // The answer depends on the encodings the browser accepts: caches must keep them apart.
    reply.header('vary', 'accept-encoding');
    const file = path.normalize(path.join(root, urlPath));
    if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = urlPath.startsWith('/assets/');
      return reply.sendFile(path.relative(root, file), root, {
        cacheControl: true,
        immutable,
        maxAge: immutable ? 31_536_000_000 : 0,
      });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  });
}
