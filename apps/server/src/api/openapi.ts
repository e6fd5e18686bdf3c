/**
 * The OpenAPI 3.1 document, generated from the endpoint contracts the app implements (ADR 9): the
 * integrators' manual for API mode, served at `/api/openapi.json` and rendered at `/api/docs`.
 */
import {
  type AnyEndpoint,
  API_CUSTOMER_HEADER,
  API_LOG_DAYS,
  API_TOKEN_SECONDS,
  type ApiAccess,
  errorBodySchema,
  errorCodesOf,
  exampleOf,
  exchangeApiKey,
  HTTP_STATUS_BY_CODE,
  isFileResponse,
  isMultipartBody,
  isPublicAccess,
  placeholderId,
  TIME_ZONE_HEADER,
} from '@hosewright/domain';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), without the noise of safe-integer bounds. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return JSON.parse(JSON.stringify(out), (key, value) =>
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
      ? undefined
      : value,
  ) as JsonSchema;
}

const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

const STATUS_TEXT: Record<number, string> = {
  400: 'The input is not valid: `details.issues` lists each field and message',
  401: 'No valid bearer token (`details.apiFailed` for a refused API key)',
  403: 'Signed in, but not allowed: no membership or subscription, the wrong role (guard code 845) or tier (996), an expired subscription (997), an unverified email, or a plan limit reached',
  404: 'Nothing with this id in your organisation (another organisation’s id answers the same)',
  406: 'No access token was sent',
  409: 'A unique value is already taken',
  413: 'The upload is too large',
  429: 'Too many requests from your address: wait and try again',
  500: 'Something went wrong on our side',
};

function accessText(access: ApiAccess): string {
  if (isPublicAccess(access)) return 'Public: no sign-in.';
  const roles = access.roles.length === 2 ? 'any role' : `role ${access.roles.join(' or ')}`;
  const tiers = access.subscriptions
    ? `, subscription ${access.subscriptions.join(' or ')}`
    : ', any subscription';
  const expired = access.allowExpired ? ' (also when expired)' : '';
  return `Signed in: ${roles}${tiers}${expired}.`;
}

function parameters(e: AnyEndpoint): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input');
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((object.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = property;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

function requestBody(e: AnyEndpoint, example: unknown): JsonSchema | undefined {
  if (!e.body) return undefined;
  if (isMultipartBody(e.body)) {
    const fields = jsonSchema(e.body.fields, 'input');
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              ...(fields.properties as object),
              [e.body.fileField]: {
                type: 'string',
                contentMediaType: 'application/octet-stream',
                description: `${e.body.fileDescription}, at most ${e.body.maxFileBytes / 1024 / 1024} MB`,
              },
            },
            required: [...((fields.required as string[] | undefined) ?? []), e.body.fileField],
          },
        },
      },
    };
  }
  return {
    required: true,
    content: { 'application/json': { schema: jsonSchema(e.body, 'input'), example: example ?? {} } },
  };
}

function responses(e: AnyEndpoint): JsonSchema {
  const status = String(e.status ?? 200);
  const success = isFileResponse(e.response)
    ? {
        description: e.response.description,
        content: Object.fromEntries(
          e.response.contentTypes.map((type) => [
            type,
            { schema: { type: 'string', contentMediaType: type } },
          ]),
        ),
      }
    : {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
      };
  const byStatus = new Map<number, string[]>();
  for (const code of errorCodesOf(e)) {
    const http = HTTP_STATUS_BY_CODE[code];
    byStatus.set(http, [...(byStatus.get(http) ?? []), code]);
  }
  const errors = Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([http, codes]) => [
        String(http),
        {
          description: `${STATUS_TEXT[http] ?? 'Error'}. Codes: ${codes.join(', ')}.`,
          content: { 'application/json': { schema: ERROR_BODY_REF } },
        },
      ]),
  );
  return { [status]: success, ...errors };
}

function operation(e: AnyEndpoint): JsonSchema {
  const example = exampleOf(e, placeholderId);
  const body = requestBody(e, example.body);
  return {
    operationId: e.name,
    summary: e.summary,
    description: [e.description, accessText(e.access)].filter(Boolean).join('\n\n'),
    tags: [e.tag],
    security: isPublicAccess(e.access) ? [] : [{ bearerAuth: [] }, { apiKey: [] }],
    'x-access': e.access,
    /** The contract's example input (the generated tests send it): path, query and body. */
    'x-example': example,
    parameters: [
      ...parameters(e).map((p) => {
        const value = (p.in === 'path' ? example.params : example.query)?.[p.name as string];
        return value === undefined ? p : { ...p, example: value };
      }),
      ...(isPublicAccess(e.access)
        ? []
        : [{ $ref: '#/components/parameters/ApiCustomerId' }, { $ref: '#/components/parameters/TimeZone' }]),
    ],
    ...(body ? { requestBody: body } : {}),
    responses: responses(e),
  };
}

export interface OpenApiOptions {
  serverUrl: string;
  version: string;
}

export function openApiDocument(contracts: readonly AnyEndpoint[], options: OpenApiOptions): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const e of contracts) {
    const path = e.path.replace(/:(\w+)\??/g, '{$1}');
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation(e) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hosewright API',
      version: options.version,
      description: [
        'The API the Hosewright app itself uses, for ERPs and integrators.',
        'Every call except the public ones sends `Authorization: Bearer <access token>`; the token names the user and organisation, and every answer is of that organisation only (another organisation’s id answers 404, exactly like a missing one).',
        `API mode for ERPs: an admin creates an API key on the organisation page (tab API): a client id and a secret shown once. Exchange it for an access token with OAuth 2.0 client credentials: \`POST /api/v1/oauth/token\` with \`{ "grant_type": "client_credentials", "client_id": "…", "client_secret": "…" }\` (or the id and secret as HTTP Basic). The token works ${API_TOKEN_SECONDS / 60} minutes; exchange the key again for the next. The key acts with its role. The \`${API_CUSTOMER_HEADER}\` header makes a call act for one customer: it then sees and saves only that customer's customer record, items, hose assemblies and kits (a key bound to a customer always acts for it). A bad, disabled, expired or deleted key answers 401 with \`details.apiFailed\`. Every call made with a key is in the API log (${API_LOG_DAYS} days).`,
        'Embedding the configurator: a shop’s own site (an origin listed in `EMBED_ORIGINS`) frames `/iframe/hoseassembly` (or `/configurator`). The frame posts `{ type: "configuratorReady" }` to its parent; the parent answers with `frame.contentWindow.postMessage({ type: "settings", accessToken, expiresIn, customerId }, origin)`, the token exchanged from an API key as above, and `customerId` to build for one customer. The frame posts `{ type: "securityTokenExpired" }` when the token is missing, expired or refused (send a new one the same way), and `{ type: "hoseAssemblySaved", hoseAssemblyId, partNumber, title }` after each saved assembly. Opened on its own by a visitor, the configurator says what it is and where to find it.',
        'Every error answers `{ statusCode, code, message, details? }`. Lists answer `{ items, total, page }` and are lenient: a page below 1 is page 1, a page size above the maximum is clamped, the sort order is case-insensitive and an unknown sort key sorts by the default.',
      ].join('\n\n'),
    },
    servers: [{ url: options.serverUrl }],
    tags: [...new Set(contracts.map((e) => e.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from the sign-in provider for the API audience',
        },
        apiKey: {
          type: 'oauth2',
          description: `An API key exchanged for a ${API_TOKEN_SECONDS / 60}-minute access token (client credentials), sent as \`Authorization: Bearer <access_token>\``,
          flows: {
            clientCredentials: { tokenUrl: `${options.serverUrl}${exchangeApiKey.path}`, scopes: {} },
          },
        },
      },
      parameters: {
        ApiCustomerId: {
          name: API_CUSTOMER_HEADER,
          in: 'header',
          required: false,
          description:
            'Act for this customer only (its id): another customer of the organisation, or of another organisation, is not found',
          schema: { type: 'string', format: 'uuid' },
        },
        TimeZone: {
          name: TIME_ZONE_HEADER,
          in: 'header',
          required: false,
          description:
            "The caller's time zone by its name: what the call dates (an estimate's date, a tag's build date) and what it finds due, expired or in force count that zone's days. UTC when not sent; a name that is not a time zone answers 400",
          schema: { type: 'string', example: 'America/Vancouver' },
        },
      },
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
    },
  };
}
