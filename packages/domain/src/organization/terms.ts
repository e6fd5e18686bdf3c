/**
 * The terms of service: an organisation accepts the current version once, through one of its admins
 * (`/acceptterms`); every member can ask whether it has (`/hasacceptedterms`, a JSON boolean).
 */

import { z } from 'zod';
import { ADMIN, endpoint, MEMBER } from '../api/endpoint.ts';
import { okSchema } from '../api/schemas.ts';

/** The version in force. A new version asks every organisation's admins again. */
export const TERMS_VERSION = '2026-11-01';

const TAG = 'Organization';

export const hasAcceptedTerms = endpoint({
  name: 'hasAcceptedTerms',
  method: 'GET',
  path: '/api/v1/organization/hasacceptedterms',
  tag: TAG,
  summary: 'Whether the organisation accepted the terms of service in force',
  access: MEMBER,
  response: z.boolean(),
  example: {},
});

export const acceptTerms = endpoint({
  name: 'acceptTerms',
  method: 'POST',
  path: '/api/v1/organization/acceptterms',
  tag: TAG,
  summary: 'Accept the terms of service in force for the organisation (admins)',
  access: ADMIN,
  response: okSchema,
  example: {},
});
