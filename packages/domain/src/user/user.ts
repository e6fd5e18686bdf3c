/** The signed-in user's own record: profile, name and language, password reset, verification email. */
import { z } from 'zod';
import { endpoint, MEMBER } from '../api/endpoint.ts';
import { okSchema } from '../api/schemas.ts';
import { LOCALES } from '../constants.ts';
import { AppErrorCode } from '../errors.ts';
import { localeSchema } from '../session/session.ts';
import { unitSystemSchema } from '../units/units.ts';

export const currentUserSchema = z.object({
  _id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The user's own choice of units, or null to follow the organisation. */
  unitSystem: unitSystemSchema.nullable(),
  /** The units this user sees: `effectiveUnitSystem` of their choice, the organisation's and their language. */
  units: unitSystemSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The signed-in user's own name and language; fields left out stay. */
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
  /** Null follows the organisation's units again. */
  unitSystem: unitSystemSchema.nullable().optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** What an update answers: the user as `getUser` has it, with the language. */
export const updatedUserSchema = currentUserSchema.extend({ locale: localeSchema.optional() });

const TAG = 'User';

export const getUser = endpoint({
  name: 'getUser',
  method: 'GET',
  path: '/api/v1/user',
  tag: TAG,
  summary: 'The signed-in user',
  access: { ...MEMBER, allowExpired: true, allowUnverified: true },
  response: currentUserSchema,
  example: {},
});

/** Only the caller's own record: the user id comes from the token, never from the request. */
export const updateUser = endpoint({
  name: 'updateUser',
  method: 'POST',
  path: '/api/v1/users/update',
  tag: TAG,
  summary: "Change the signed-in user's name, language or units",
  access: { ...MEMBER, allowUnverified: true },
  body: userUpdateSchema,
  response: updatedUserSchema,
  errors: [AppErrorCode.NotFound],
  example: { body: { name: 'Ann Fitter', locale: 'en_ca' } },
});

export const resetPassword = endpoint({
  name: 'resetPassword',
  method: 'POST',
  path: '/api/v1/user/resetpassword',
  tag: TAG,
  summary: 'Email the signed-in user a link to choose a new password',
  access: { ...MEMBER, allowExpired: true },
  response: okSchema,
  example: {},
});

export const resendVerificationEmail = endpoint({
  name: 'resendVerificationEmail',
  method: 'POST',
  path: '/api/v1/user/verifyemail/resend',
  tag: TAG,
  summary: 'Send the email-address verification link again (nothing when already verified)',
  access: { ...MEMBER, allowExpired: true, allowUnverified: true },
  response: okSchema,
  errors: [AppErrorCode.NotFound],
  example: {},
});

export const USER_ENDPOINTS = [getUser, updateUser, resetPassword, resendVerificationEmail];
