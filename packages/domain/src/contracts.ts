/** Request and response contracts shared by the server (validation, OpenAPI) and the web app. */
import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { ROLES, TIERS } from './plans.ts';

export const tierSchema = z.enum(TIERS);
export const roleSchema = z.enum(ROLES);
export const localeSchema = z.enum(LOCALES);
export const uuidSchema = z.uuid();

/** SPEC 3, "Roles and subscription response". */
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

/** SPEC 3, "Session/profile": what `POST /api/v1/sessions/create` answers and the web app caches. */
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

/** `GET /api/v1/user`. */
export const currentUserSchema = z.object({
  _id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `POST /api/v1/users/update`: the signed-in user's own name and language; fields left out stay. */
export const userUpdateSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(200, 'Your name is too long (at most 200 characters)')
    .optional(),
  locale: z
    .enum(LOCALES, {
      error: 'Choose the language: en_ca (English, Canada), en_us (English, United States) or en (English)',
    })
    .optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** What `POST /api/v1/users/update` answers: the user as `GET /api/v1/user` has it, with the language. */
export const updatedUserSchema = currentUserSchema.extend({ locale: localeSchema.optional() });

/** `GET /api/v1/organization/`. */
export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** `GET /api/v1/dashboard`: what the dashboard shows. `counts` grows as features land. */
export const dashboardSchema = z.object({
  organization: z.object({ _id: z.string(), name: z.string() }),
  subscription: z.object({
    subscriptionType: tierSchema,
    expires: z.string(),
    maxCustomers: z.number().int(),
    maxHoseAssemblies: z.number().int(),
    maxHoseKits: z.number().int(),
  }),
  counts: z.record(z.string(), z.number().int()),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Lists answer `{ items, total, page }` (SPEC 7). */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int() });
}

export const versionSchema = z.object({ version: z.number().int() });

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

/** SPEC 3 "Search result": objectType is one of these. */
export const SEARCH_OBJECT_TYPES = [
  'customer',
  'hoseAssembly',
  'hoseKit',
  'workOrder',
  'salesEstimate',
  'hose',
  'crimpFitting',
  'ferrule',
  'wrap',
  'otherItem',
  'adaptor',
] as const;
export type SearchObjectType = (typeof SEARCH_OBJECT_TYPES)[number];

export const searchResultSchema = z.object({
  name: z.string().optional(),
  /** Relative, without the leading slash: the client links to `/{url}`. */
  url: z.string(),
  objectType: z.string(),
  partNumber: z.string().optional(),
  revision: z.string().optional(),
  number: z.string().optional(),
  brand: z.string().optional(),
  description: z.string().optional(),
  domain: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ items: z.array(searchResultSchema), total: z.number().int() });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** `GET /api/v1/search`: SPEC 7 sends searchText and itemsPerPage (10); the /search page adds page. */
export const searchQuerySchema = z.object({
  searchText: z.string().trim().max(100, 'Search for at most 100 characters').default(''),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
/** Totals are counted up to this; beyond it the answer says "at least". */
export const SEARCH_TOTAL_CAP = 200;
