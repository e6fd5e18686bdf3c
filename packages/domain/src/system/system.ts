/** What the web app needs before anyone signs in. */
import { z } from 'zod';
import { endpoint, PUBLIC } from '../api/endpoint.ts';

/** The build the server runs (Unix seconds); the app offers an update when it is newer. */
export const versionSchema = z.object({ version: z.number().int() });

export const publicConfigSchema = z.object({
  oidc: z.object({ domain: z.string().min(1), clientId: z.string().min(1), audience: z.string() }),
  version: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const getPublicConfig = endpoint({
  name: 'getPublicConfig',
  method: 'GET',
  path: '/api/v1/public/config',
  tag: 'System',
  summary: 'Where to sign in (the OpenID provider, client id and API audience) and the running version',
  access: PUBLIC,
  response: publicConfigSchema,
  example: {},
});

export const SYSTEM_ENDPOINTS = [getPublicConfig];
