/**
 * Identity business rules: sign-up, sign-in, email verification and password reset. Each function is one
 * transaction. They all run through `withSystem` because identity comes before any organisation: a person
 * signing up or in has no tenant yet, and `users` / `email_tokens` are global tables.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppErrorCode, PLANS, type SignUpInput, signUpInputSchema, TRIAL_DAYS } from '@hosewright/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { emailTokens, memberships, organizations, subscriptions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetMail, signUpAttemptMail, verificationMail } from './emails.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { DatabaseThrottleStore, SignInThrottle, tooManyAttemptsMessage } from './rate-limit.ts';

const DAY_MS = 24 * 60 * 60_000;
export const VERIFY_EMAIL_TTL_MS = 7 * DAY_MS;
export const RESET_PASSWORD_TTL_MS = 60 * 60_000;

export const TokenPurpose = { VerifyEmail: 'verify_email', ResetPassword: 'reset_password' } as const;
export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose];

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong email or password.';

export type LinkConfig = Pick<Config, 'publicUrl'>;

export interface FieldIssue {
  field: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------- sign-up

export interface CreateOrganizationInput {
  name: string;
  email: string;
  password: string;
  organizationName: string;
  /** Seeded and invited accounts may start verified; people signing up verify by email. */
  emailVerified?: boolean;
}

export interface CreatedAccount {
  userId: string;
  organizationId: string;
}

/** A new organisation, its first user as admin and a trial subscription, all or nothing. */
export async function createOrganizationWithAdmin(
  database: Database,
  input: CreateOrganizationInput,
  now = new Date(),
): Promise<CreatedAccount> {
  const data = parseOrThrow(signUpInputSchema, input);
  const passwordHash = await hashPassword(data.password);
  // No organisation exists yet: the owner transaction creates it (RLS tables allow this via system_access).
  return database.withSystem(async (tx) => {
    if (await findUserByEmail(tx, data.email)) throw new AppError(AppErrorCode.Conflict, EMAIL_TAKEN_MESSAGE);
    try {
      return await insertAccount(tx, data, passwordHash, input.emailVerified ? now : null, now);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(AppErrorCode.Conflict, EMAIL_TAKEN_MESSAGE);
      throw err;
    }
  });
}

async function insertAccount(
  tx: Tx,
  data: SignUpInput,
  passwordHash: string,
  emailVerifiedAt: Date | null,
  now: Date,
): Promise<CreatedAccount> {
  const [organization] = await tx
    .insert(organizations)
    .values({ name: data.organizationName })
    .returning({ id: organizations.id });
  const [user] = await tx
    .insert(users)
    .values({ email: data.email, name: data.name, passwordHash, emailVerifiedAt })
    .returning({ id: users.id });
  if (!organization || !user) throw new Error('Sign-up rows were not created');
  await tx.insert(memberships).values({ organizationId: organization.id, userId: user.id, role: 'admin' });
  const { maxCustomers, maxHoseAssemblies, maxHoseKits } = PLANS.trial;
  await tx.insert(subscriptions).values({
    organizationId: organization.id,
    tier: 'trial',
    expiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    maxCustomers,
    maxHoseAssemblies,
    maxHoseKits,
  });
  return { userId: user.id, organizationId: organization.id };
}

// ---------------------------------------------------------------------------------------------- sign-in

export interface AuthenticatedUser {
  userId: string;
  email: string;
  emailVerified: boolean;
}

const limiters = new WeakMap<Database, SignInThrottle>();

/** The throttle counting in this database (`sign_in_throttle`), when no other store (Redis) is given. */
export function loginLimiterFor(database: Database): SignInThrottle {
  let limiter = limiters.get(database);
  if (!limiter) {
    limiter = new SignInThrottle({ store: new DatabaseThrottleStore(database) });
    limiters.set(database, limiter);
  }
  return limiter;
}

/**
 * Checks an email and password, throttling failures (`SignInThrottle`). Throws UNAUTHENTICATED
 * ('Wrong email or password.') or TOO_MANY_REQUESTS ('Too many attempts. Try again in N seconds.').
 */
export async function authenticate(
  database: Database,
  email: string,
  password: string,
  ip: string,
  now?: number,
  limiter: SignInThrottle = loginLimiterFor(database),
): Promise<AuthenticatedUser> {
  const at = now ?? limiter.clock();
  const decision = await limiter.check(email, ip, at);
  if (!decision.allowed) {
    throw new AppError(AppErrorCode.TooManyRequests, tooManyAttemptsMessage(decision.retryAfterMs), {
      retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000),
    });
  }
  // Sign-in happens before an organisation is known; users is a global table.
  const user = await database.withSystem((tx) => findUserByEmail(tx, email));
  const valid = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !valid) {
    await limiter.recordFailure(email, ip, at);
    throw new AppError(AppErrorCode.Unauthenticated, WRONG_CREDENTIALS_MESSAGE);
  }
  await limiter.recordSuccess(email, ip);
  return { userId: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null };
}

// ---------------------------------------------------------------------------------------------- accounts

export interface AccountProfile {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The user's first organisation (by membership age), if any. */
  organizationId: string | undefined;
}

/** What the provider puts in tokens about a user. */
export async function findAccountProfile(
  database: Database,
  userId: string,
): Promise<AccountProfile | undefined> {
  // Token issuance for a user spans their memberships, before any tenant context exists.
  return database.withSystem(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const [membership] = await tx
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt), asc(memberships.id))
      .limit(1);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerifiedAt !== null,
      organizationId: membership?.organizationId,
    };
  });
}

// ---------------------------------------------------------------------------------------------- email links

/** Mails a link to `${publicUrl}/idp/verify-email?token=…`, valid 7 days. Does nothing once verified. */
export async function sendVerificationEmail(
  database: Database,
  mailer: Mailer,
  config: LinkConfig,
  userId: string,
  now = new Date(),
): Promise<void> {
  // Email tokens are global (they identify a person, not a tenant).
  const issued = await database.withSystem(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw AppError.notFound('This user');
    if (user.emailVerifiedAt) return undefined;
    const token = await issueToken(tx, user.id, TokenPurpose.VerifyEmail, VERIFY_EMAIL_TTL_MS, now);
    return { user, token };
  });
  if (!issued) return;
  const link = `${config.publicUrl}/idp/verify-email?token=${issued.token}`;
  await mailer.send(verificationMail(issued.user.email, issued.user.name, link));
}

/** Marks the email verified. The token works once; unknown, used and expired tokens are refused. */
export async function verifyEmail(
  database: Database,
  token: string,
  now = new Date(),
): Promise<{ userId: string }> {
  // Email tokens are global: see sendVerificationEmail.
  return database.withSystem(async (tx) => {
    const userId = await consumeToken(tx, token, TokenPurpose.VerifyEmail, now);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, userId));
    return { userId };
  });
}

/** Mails a reset link when the account exists; answers the same either way so nobody can probe emails. */
export async function requestPasswordReset(
  database: Database,
  mailer: Mailer,
  config: LinkConfig,
  email: string,
  now = new Date(),
): Promise<void> {
  const normalised = email.trim().toLowerCase();
  if (!normalised) return;
  // Password reset happens signed out, before any organisation: global tables only.
  const issued = await database.withSystem(async (tx) => {
    const user = await findUserByEmail(tx, normalised);
    if (!user) return undefined;
    await retireTokens(tx, user.id, TokenPurpose.ResetPassword, now);
    const token = await issueToken(tx, user.id, TokenPurpose.ResetPassword, RESET_PASSWORD_TTL_MS, now);
    return { user, token };
  });
  if (!issued) return;
  const link = `${config.publicUrl}/idp/reset-password?token=${issued.token}`;
  await mailer.send(resetMail(issued.user.email, issued.user.name, link));
}

/** Tells the owner of `email` that someone tried to sign up with it (the sign-up page answers as for anyone). */
export async function notifyExistingAccount(
  database: Database,
  mailer: Mailer,
  config: LinkConfig,
  email: string,
): Promise<void> {
  // Sign-up happens signed out, before any organisation: the global users table.
  const user = await database.withSystem((tx) => findUserByEmail(tx, email.trim().toLowerCase()));
  if (!user) return;
  await mailer.send(
    signUpAttemptMail(
      user.email,
      user.name,
      `${config.publicUrl}/login`,
      `${config.publicUrl}/idp/forgot-password`,
    ),
  );
}

/** Throws the same errors `resetPassword` would for this token, without using it (for the form page). */
export async function checkPasswordResetToken(
  database: Database,
  token: string,
  now = new Date(),
): Promise<void> {
  // Global email tokens: see requestPasswordReset.
  await database.withSystem(async (tx) => {
    const row = await findToken(tx, token, TokenPurpose.ResetPassword);
    const problem = tokenProblem(row, now);
    if (problem) throw problem;
  });
}

/** Sets a new password with a reset token (once). Proves the email too, so it marks it verified. */
export async function resetPassword(
  database: Database,
  token: string,
  newPassword: string,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const { password } = parseOrThrow(signUpInputSchema.pick({ password: true }), { password: newPassword });
  const passwordHash = await hashPassword(password);
  // Global email tokens and users: see requestPasswordReset.
  return database.withSystem(async (tx) => {
    const userId = await consumeToken(tx, token, TokenPurpose.ResetPassword, now);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await retireTokens(tx, userId, TokenPurpose.ResetPassword, now);
    return { userId, email: user?.email ?? '' };
  });
}

// ---------------------------------------------------------------------------------------------- helpers

export async function findUserByEmail(tx: Tx, email: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, ttlMs: number, now: Date) {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

async function retireTokens(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

async function findToken(tx: Tx, token: string, purpose: TokenPurpose) {
  if (!token) return undefined;
  const [row] = await tx
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  return row;
}

/** Marks the token used in one statement, so two clicks racing cannot both succeed. */
async function consumeToken(tx: Tx, token: string, purpose: TokenPurpose, now: Date): Promise<string> {
  const [used] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (used) return used.userId;
  throw tokenProblem(await findToken(tx, token, purpose), now) ?? invalidLink('invalid');
}

type TokenRow = typeof emailTokens.$inferSelect;

function tokenProblem(row: TokenRow | undefined, now: Date): AppError | undefined {
  if (!row) return invalidLink('invalid');
  if (row.usedAt) return invalidLink('used');
  if (row.expiresAt.getTime() <= now.getTime()) return invalidLink('expired');
  return undefined;
}

export const LINK_MESSAGES = {
  invalid: 'This link is not valid. Check that you copied all of it, or ask for a new one.',
  used: 'This link has already been used.',
  expired: 'This link has expired. Ask for a new one.',
} as const;

export function invalidLink(reason: keyof typeof LINK_MESSAGES): AppError {
  return new AppError(AppErrorCode.BadRequest, LINK_MESSAGES[reason], { reason });
}

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError(AppErrorCode.BadRequest, issues.map((i) => i.message).join('. '), { issues });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error || (e && typeof e === 'object'); ) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
