/**
 * The API reference: the OpenAPI document is valid 3.1, documents every contract the app implements (its
 * security, parameters, body, answer, errors and example), and the reference page works offline. Unknown
 * `/api/` addresses answer the JSON error body, whatever the method.
 */

import {
  type AnyEndpoint,
  errorCodesOf,
  HTTP_STATUS_BY_CODE,
  isFileResponse,
  isPublicAccess,
} from '@hosewright/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

type Operation = {
  operationId: string;
  security: unknown[];
  parameters: { name: string; in: string; schema: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-example'?: unknown;
};
const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operationOf = (e: AnyEndpoint) =>
  doc.paths[e.path.replace(/:(\w+)\??/g, '{$1}')]?.[e.method.toLowerCase()];

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(res.statusCode).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors, JSON.stringify(result.errors)?.slice(0, 2000)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('tells integrators how to exchange an API key for a token', () => {
    const schemes = (doc as unknown as { components: { securitySchemes: Record<string, unknown> } })
      .components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: expect.stringMatching(/\/api\/v1\/oauth\/token$/) } },
    });
  });

  it('tells a shop how to embed the configurator: the messages both ways', () => {
    const { description } = (doc as unknown as { info: { description: string } }).info;
    expect(description).toContain('Embedding the configurator');
    for (const message of ['configuratorReady', 'settings', 'securityTokenExpired', 'hoseAssemblySaved']) {
      expect(description).toContain(`type: "${message}"`);
    }
  });

  it('documents no operation the app does not implement', () => {
    const documented = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(documented.sort()).toEqual(t.contracts.map((e) => e.name).sort());
  });

  it.each(t.contracts.map((e) => [e.name, e] as const))('documents %s', (_name, e) => {
    const op = operationOf(e);
    expect(op, `${e.method} ${e.path} is missing`).toBeDefined();
    if (!op) return;
    expect(op.security).toEqual(isPublicAccess(e.access) ? [] : [{ bearerAuth: [] }, { apiKey: [] }]);
    if (!isPublicAccess(e.access)) {
      expect(op.parameters, 'the apicustomerid header').toContainEqual({
        $ref: '#/components/parameters/ApiCustomerId',
      });
    }
    for (const [, name] of e.path.matchAll(/:(\w+)/g)) {
      expect(
        op.parameters.some((p) => p.in === 'path' && p.name === name),
        `path parameter ${name}`,
      ).toBe(true);
    }
    expect(Boolean(op.requestBody)).toBe(Boolean(e.body));
    const success = op.responses[String(e.status ?? 200)];
    const content = Object.values(success?.content ?? {});
    expect(content.length, 'a documented answer').toBeGreaterThan(0);
    if (!isFileResponse(e.response)) {
      expect(Object.keys(content[0]?.schema ?? {}).length, 'a response schema').toBeGreaterThan(0);
    }
    for (const code of errorCodesOf(e)) {
      const error = op.responses[String(HTTP_STATUS_BY_CODE[code])];
      expect(error?.content?.['application/json']?.schema, `error ${code}`).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
    expect(op['x-example'], 'an example input').toBeDefined();
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and everything it loads from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/'), source).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.body.length, source).toBeGreaterThan(0);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');
  });
});

describe('addresses nothing answers', () => {
  it.each([
    ['GET', '/api/nothing'],
    ['GET', '/api/v1/nothing/here'],
    ['POST', '/api/v1/nothing'],
    ['POST', '/api/docs/nothing.js'],
    ['GET', '/api/docs/nothing.js'],
  ] as const)('%s %s answers the JSON 404', async (method, url) => {
    const answer = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(Object.keys(answer.json()).sort()).toEqual(['code', 'message', 'statusCode']);
  });
});
