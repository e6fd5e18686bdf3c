/**
 * API mode for ERPs: admins create API keys (a client id and a secret shown once), an ERP exchanges one for
 * a short-lived access token (`POST /api/v1/oauth/token`, OAuth 2.0 client credentials) and calls the same
 * `/api/v1` API with it. A key acts with its role; a key bound to a customer, or a call with the
 * `apicustomerid` header, acts for that one customer only. Every call made with a key is in the API log.
 */
import { z } from 'zod';
import { ADMIN, endpoint, PUBLIC } from '../api/endpoint.ts';
import { idParam, isoDateTimeSchema, listResponse, okSchema, pageParam } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import { ROLES } from '../plans.ts';

/** How long an access token from `exchangeApiKey` works. */
export const API_TOKEN_SECONDS = 600;
/** How long the API log keeps a call. */
export const API_LOG_DAYS = 90;
/** The header that makes a call act for one customer (SPEC 7). */
export const API_CUSTOMER_HEADER = 'apicustomerid';

export const apiKeySchema = z.object({
  /** The key's id: its OAuth `client_id`. */
  _id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The customer every call made with the key acts for, if it is bound to one. */
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The first characters of the secret, to tell keys apart. */
  secretHint: z.string(),
  enabled: z.boolean(),
  expiresAt: isoDateTimeSchema.nullable(),
  /** `active`, `disabled` by an admin, or `expired`. */
  status: z.enum(['active', 'disabled', 'expired']),
  createdAt: isoDateTimeSchema,
  createdByName: z.string(),
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const keyName = z
  .string({ error: 'Name the key after the system that uses it, like "Shop ERP"' })
  .trim()
  .min(1, 'Name the key after the system that uses it, like "Shop ERP"')
  .max(80, 'Keep the name under 80 characters');
/** An ISO date-time or date; the service refuses one that has passed. */
const expiry = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Enter the expiry as a date, like 2027-06-30',
  })
  .nullable();

export const apiKeyInputSchema = z.object({
  name: keyName,
  role: z.enum(ROLES, { error: 'Choose the role the key acts as: admin or regular' }),
  customerId: z.uuid({ error: 'The customer was not found; choose it again' }).nullable().optional(),
  expiresAt: expiry.optional(),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

export const apiKeyUpdateSchema = z.object({
  name: keyName.optional(),
  expiresAt: expiry.optional(),
  enabled: z.boolean({ error: 'enabled is true or false' }).optional(),
});
export type ApiKeyUpdate = z.infer<typeof apiKeyUpdateSchema>;

export const createdApiKeySchema = z.object({
  key: apiKeySchema,
  /** The OAuth client secret: shown this once, stored only as a hash. */
  clientSecret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiLogSchema = z.object({
  _id: z.string(),
  at: isoDateTimeSchema,
  apiKeyId: z.string(),
  keyName: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type ApiLog = z.infer<typeof apiLogSchema>;

export const apiLogQuerySchema = z.object({
  page: pageParam,
  itemsPerPage: z.coerce
    .number()
    .int()
    .catch(50)
    .transform((n) => Math.min(Math.max(n, 1), 200)),
  apiKeyId: z.uuid({ error: 'Choose the key again' }).optional(),
  /** `success` (below 400) or `failure` (400 and above). */
  status: z.enum(['success', 'failure'], { error: 'status is success or failure' }).optional(),
  from: z.iso.date({ error: 'Enter the first day as a date, like 2026-11-01' }).optional(),
  to: z.iso.date({ error: 'Enter the last day as a date, like 2026-11-30' }).optional(),
});
export type ApiLogQuery = z.infer<typeof apiLogQuerySchema>;

/** OAuth 2.0 client credentials (RFC 6749 4.4), as JSON or a form; the client may also use HTTP Basic. */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials', { error: 'grant_type must be client_credentials' }),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const TAG = 'API keys';

export const listApiKeys = endpoint({
  name: 'listApiKeys',
  method: 'GET',
  path: '/api/v1/organization/apikeys',
  tag: TAG,
  summary: 'The API keys of the organisation, newest first (never their secrets)',
  access: ADMIN,
  response: listResponse(apiKeySchema),
  example: {},
});

export const createApiKey = endpoint({
  name: 'createApiKey',
  method: 'POST',
  path: '/api/v1/organization/apikeys',
  tag: TAG,
  summary: 'Create an API key: its client secret is in this answer only',
  access: ADMIN,
  body: apiKeyInputSchema,
  response: createdApiKeySchema,
  status: 201,
  example: { body: { name: 'Shop ERP', role: 'regular', expiresAt: '2099-12-31' } },
});

export const updateApiKey = endpoint({
  name: 'updateApiKey',
  method: 'POST',
  path: '/api/v1/organization/apikeys/:apiKeyId/update',
  tag: TAG,
  summary: 'Rename a key, change its expiry, or disable and enable it (a disabled key is refused at once)',
  access: ADMIN,
  params: z.object({ apiKeyId: idParam('This API key') }),
  body: apiKeyUpdateSchema,
  response: apiKeySchema,
  example: (ref) => ({ params: { apiKeyId: ref('apiKeyId') }, body: { enabled: false } }),
});

export const deleteApiKey = endpoint({
  name: 'deleteApiKey',
  method: 'POST',
  path: '/api/v1/organization/apikeys/:apiKeyId/delete',
  tag: TAG,
  summary: 'Delete a key: its tokens are refused at once; its calls stay in the API log',
  access: ADMIN,
  params: z.object({ apiKeyId: idParam('This API key') }),
  response: okSchema,
  example: (ref) => ({ params: { apiKeyId: ref('apiKeyId') } }),
});

export const listApiLogs = endpoint({
  name: 'listApiLogs',
  method: 'GET',
  path: '/api/v1/organization/logs/api',
  tag: TAG,
  summary: `The calls made with API keys in the last ${API_LOG_DAYS} days, newest first`,
  access: ADMIN,
  query: apiLogQuerySchema,
  response: listResponse(apiLogSchema),
  example: { query: { status: 'failure', page: 1, itemsPerPage: 50 } },
});

export const exchangeApiKey = endpoint({
  name: 'exchangeApiKey',
  method: 'POST',
  path: '/api/v1/oauth/token',
  tag: TAG,
  summary: `Exchange an API key for an access token (OAuth client credentials); it works ${API_TOKEN_SECONDS / 60} minutes`,
  description:
    'Send `grant_type=client_credentials` with the key as `client_id` and `client_secret`, in the body (JSON or a form) or as HTTP Basic. Call the API with `Authorization: Bearer <access_token>`. A bad, disabled, expired or deleted key answers 401 with `details.apiFailed`.',
  access: PUBLIC,
  body: tokenRequestSchema,
  response: tokenResponseSchema,
  errors: [AppErrorCode.Unauthenticated, AppErrorCode.TooManyRequests],
  example: (ref) => ({
    body: {
      grant_type: 'client_credentials',
      client_id: ref('apiKeyId'),
      client_secret: ref('apiKeySecret'),
    },
  }),
});

export const API_KEYS_ENDPOINTS = [
  listApiKeys,
  createApiKey,
  updateApiKey,
  deleteApiKey,
  listApiLogs,
  exchangeApiKey,
] as const;
