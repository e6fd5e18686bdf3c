/**
 * The signed-in session: opening and ending it, the roles and subscription the app caches (the cookies
 * named in `SESSION_COOKIES`), and the sign-up form of the embedded identity provider.
 */
import { z } from 'zod';
import { endpoint, MEMBER } from '../api/endpoint.ts';
import { okSchema } from '../api/schemas.ts';
import { LOCALES } from '../constants.ts';
import { ROLES, TIERS } from '../plans.ts';

export const tierSchema = z.enum(TIERS);
export const roleSchema = z.enum(ROLES);
export const localeSchema = z.enum(LOCALES);
export const uuidSchema = z.uuid();

/** The roles-and-subscription answer the router guard is fed from. */
export const rolesAndSubscriptionSchema = z.object({
  userId: z.string(),
  email: z.string(),
  userRoles: z.array(z.string()),
  subscription: z.object({ subscriptionType: tierSchema, expires: z.string() }),
  subscriptionProperties: z.object({
    maxCustomers: z.number().int(),
    maxHoseAssemblies: z.number().int(),
    maxHoseKits: z.number().int(),
  }),
  locale: localeSchema,
});
export type RolesAndSubscription = z.infer<typeof rolesAndSubscriptionSchema>;

export const userRolesSchema = z.object({ userId: z.string(), userRoles: z.array(z.string()) });
export type UserRoles = z.infer<typeof userRolesSchema>;

/** What opening a session answers and the web app caches, one cookie per field. */
export const sessionProfileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  userRoles: z.array(z.string()),
  subscription: tierSchema,
  subscriptionExpires: z.string(),
  locale: localeSchema,
  maxCustomers: z.number().int(),
  maxHoseAssemblies: z.number().int(),
  maxHoseKits: z.number().int(),
});
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

/** Sign-up form of the embedded identity provider. */
export const signUpInputSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(200, 'Your name is too long'),
  email: z
    .string({ error: 'Enter a valid email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address')),
  password: z
    .string({ error: 'Enter a password' })
    .min(10, 'Use at least 10 characters')
    .max(200, 'Use at most 200 characters')
    .refine((p) => /[a-zA-Z]/.test(p) && /[0-9\W_]/.test(p), 'Mix letters with numbers or symbols'),
  organizationName: z
    .string()
    .trim()
    .min(1, 'Enter your shop or company name')
    .max(200, 'The name is too long'),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

const TAG = 'Session';

/** After the identity provider hands the app a token: records the sign-in and answers the profile. */
export const createSession = endpoint({
  name: 'createSession',
  method: 'POST',
  path: '/api/v1/sessions/create',
  tag: TAG,
  summary: 'Open a session with the bearer token; answers the profile the app caches',
  access: { ...MEMBER, allowExpired: true, missingTokenIsNotAcceptable: true },
  response: sessionProfileSchema,
  example: {},
});

/** Sign-out: the access token is refused from now on. */
export const deleteSession = endpoint({
  name: 'deleteSession',
  method: 'POST',
  path: '/api/v1/sessions/delete',
  tag: TAG,
  summary: 'End the session of the bearer token',
  access: { ...MEMBER, allowExpired: true, allowUnverified: true },
  response: okSchema,
  example: {},
});

export const getUserRolesAndSubscription = endpoint({
  name: 'getUserRolesAndSubscription',
  method: 'GET',
  path: '/api/v1/organization/userrolesandsubscription',
  tag: TAG,
  summary: "The caller's roles, subscription and plan limits",
  access: { ...MEMBER, allowExpired: true },
  response: rolesAndSubscriptionSchema,
  example: {},
});

export const getUserRoles = endpoint({
  name: 'getUserRoles',
  method: 'GET',
  path: '/api/v1/organization/userroles',
  tag: TAG,
  summary: "The caller's roles",
  access: { ...MEMBER, allowExpired: true },
  response: userRolesSchema,
  example: {},
});

export const SESSION_ENDPOINTS = [createSession, deleteSession, getUserRolesAndSubscription, getUserRoles];
