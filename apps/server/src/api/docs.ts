/**
 * The API reference: `/api/openapi.json` (generated once, on first request) and `/api/docs`, Swagger UI
 * served from the installed package (no CDN, no online validator), so it works offline.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type AnyEndpoint, PUBLIC } from '@hosewright/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { openApiDocument } from './openapi.ts';

const require = createRequire(import.meta.url);
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hosewright API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script: the content security policy allows scripts from this origin only.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

const ASSETS: Record<string, { type: string; body: () => Buffer | string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readAsset('swagger-ui.css') },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    body: () => readAsset('swagger-ui-bundle.js'),
  },
  'init.js': { type: 'text/javascript; charset=utf-8', body: () => INIT },
};

const assets = new Map<string, Buffer | string>();
function readAsset(file: string): Buffer {
  return readFileSync(path.join(SWAGGER_UI, file));
}

export function registerApiDocs(
  app: FastifyInstance,
  contracts: readonly AnyEndpoint[],
  options: { serverUrl: string; version: string },
): void {
  let document: string | undefined;
  app.get('/api/openapi.json', { config: { access: PUBLIC } }, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(contracts, options));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });

  app.get('/api/docs', { config: { access: PUBLIC } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  app.get('/api/docs/:file', { config: { access: PUBLIC } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const asset = ASSETS[file];
    if (!asset) throw AppError.notFound('This file');
    let body = assets.get(file);
    if (body === undefined) {
      body = asset.body();
      assets.set(file, body);
    }
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(body);
  });
}
