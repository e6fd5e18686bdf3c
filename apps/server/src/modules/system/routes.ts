import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { AppErrorCode, getPublicConfig, PUBLIC, type PublicConfig } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** When this server process started, in seconds: the version when no build wrote one. */
const STARTED_AT = Math.floor(Date.now() / 1000);

/**
 * The version the web app compares against: the SPA build time, or this server's start time. Every caller
 * gets the same number (the shell, `/version.json` and the public config must agree).
 */
export function readVersion(config: Config): number {
  const file = path.join(config.webDist, 'version.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    if (typeof parsed.version === 'number') return parsed.version;
  }
  return STARTED_AT;
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

/** What `getPublicConfig` answers: where to sign in, and the version. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    oidc: { domain: config.oidcDomain, clientId: config.OIDC_CLIENT_ID, audience: config.OIDC_AUDIENCE },
    version: readVersion(config),
  };
}

export function systemModule({ config }: ModuleDeps): ModuleManifest {
  const publicConfig = publicConfigOf(config);
  return {
    routes: [implement(getPublicConfig).publicly(async () => publicConfig)],
  };
}

/**
 * The app's page with the public config in it (`<script id="public-config" type="application/json">`, read by
 * apps/web/src/api/system.ts), so the app starts without first asking for it. `<` is escaped: nothing in
 * the values can close the element.
 */
export function withPublicConfig(html: string, publicConfig: PublicConfig): string {
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    () => `<script id="public-config" type="application/json">${json}</script></head>`,
  );
}

/** The app's page as it goes out: with the public config, and compressed once for each encoding. */
function appShell(root: string, config: Config) {
  const html = Buffer.from(
    withPublicConfig(readFileSync(path.join(root, 'index.html'), 'utf8'), publicConfigOf(config)),
  );
  return {
    identity: html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** The encoding to answer in, from the browser's Accept-Encoding: brotli, else gzip, else none. */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The public pages the build pre-renders for visitors (apps/web/scripts/prerender.mjs): drawn before any
 * script runs, with only a small script of their own.
 */
const PRERENDERED: Readonly<Record<string, string>> = {
  '/': 'prerendered/home.html',
  '/features': 'prerendered/features.html',
};

/**
 * Whether the browser holds a session of the identity SDK: the cookie it sets on sign-in and removes on
 * sign-out (`auth0.<clientId>.is.authenticated`). Such a user gets the app, which knows who they are.
 */
export function hasSignedInHint(cookieHeader: string | undefined, clientId: string): boolean {
  if (!cookieHeader) return false;
  const name = `auth0.${clientId}.is.authenticated`;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * Serve the built SPA: files as they are, or their pre-compressed copy (hashed assets cached for a year);
 * `/` and `/features` their pre-rendered page for a visitor (`PRERENDERED`); any other path gets index.html
 * with the public config in it (history fallback). API and provider paths never fall back.
 */
export async function spaRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDist;
  const built = existsSync(path.join(root, 'index.html'));
  // The build leaves a brotli and a gzip copy beside each text file (apps/web/scripts/compress.mjs): a
  // browser that accepts one gets it with its Content-Encoding, the others the file itself.
  if (built)
    await app.register(fastifyStatic, { root, serve: false, decorateReply: true, preCompressed: true });
  const shell = built ? appShell(root, config) : undefined;
  // Looked for once: the build writes them before the server starts.
  const prerenderedPages = new Set(
    Object.entries(PRERENDERED)
      .filter(([, file]) => existsSync(path.join(root, file)))
      .map(([urlPath]) => urlPath),
  );

  app.get('/*', { config: { access: PUBLIC } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/idp/')) {
      throw new AppError(AppErrorCode.NotFound, `No such address: ${urlPath}`);
    }
    if (!shell) {
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
    const prerendered = PRERENDERED[urlPath];
    if (prerendered) {
      // Visitor or signed-in user: the same address answers differently.
      reply.header('vary', 'accept-encoding, cookie');
      if (prerenderedPages.has(urlPath) && !hasSignedInHint(request.headers.cookie, config.OIDC_CLIENT_ID)) {
        return reply.sendFile(prerendered, root, { cacheControl: false });
      }
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(shell[encoding]);
  });
}
