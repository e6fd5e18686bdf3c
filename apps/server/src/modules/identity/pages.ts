/**
 * The provider's own pages, as Fastify routes under /idp: sign-in and sign-up (interaction steps), email
 * verification, forgot password and reset password. Plain HTML forms posted as
 * application/x-www-form-urlencoded, so they work without JavaScript.
 */
import { AppErrorCode } from '@hosewright/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type SharedCounter, WindowRateLimiter } from '../../lib/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  authenticate,
  checkPasswordResetToken,
  createOrganizationWithAdmin,
  type FieldIssue,
  notifyExistingAccount,
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from './accounts.ts';
import { acceptInvitation, openInvitation } from './invitations.ts';
import { FIRST_PARTY_SCOPES } from './provider.ts';
import type { SignInThrottle } from './rate-limit.ts';
import {
  acceptInvitationPage,
  type FieldErrors,
  forgotPasswordPage,
  messagePage,
  resetPasswordPage,
  signInPage,
  signUpPage,
} from './views.ts';

export interface IdentityPagesOptions {
  config: Pick<Config, 'publicUrl'>;
  database: Database;
  mailer: Mailer;
  provider: Provider;
  limiter: SignInThrottle;
  /** Counts shared by every instance (Redis) for the per-address form limits; this process alone without. */
  sharedCounter?: SharedCounter;
}

/** Sign-ups and password-reset requests one address may send per hour (each form counted on its own). */
export const FORM_MAX_PER_HOUR = 10;

/** A limiter per form, counting per address; `undefined` from `wait` means go ahead. */
function formLimiter(name: string, shared: SharedCounter | undefined, log: FastifyInstance['log']) {
  const limiter = new WindowRateLimiter({
    max: FORM_MAX_PER_HOUR,
    windowMs: 60 * 60_000,
    shared: shared && {
      counter: shared,
      name,
      onError: (error) => log.warn({ err: error }, 'shared rate limit unavailable; counting here'),
    },
  });
  return async (request: FastifyRequest): Promise<string | undefined> => {
    const waitMs = await limiter.hit(request.ip);
    if (waitMs <= 0) return undefined;
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    return `This form was sent many times from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  };
}

/** Paths under /idp served by these routes rather than by the provider. */
export const PAGE_PATHS = [
  '/interaction/',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/accept-invitation',
] as const;

type Form = Record<string, string>;
type UidParams = { uid: string };
type TokenQuery = { token?: string };

/** Every identity page is public: people reach them before they have a token. */
const PUBLIC = { access: { public: true } } as const;

export async function identityPages(scope: FastifyInstance, options: IdentityPagesOptions): Promise<void> {
  // Scoped to this plugin: the rest of the app keeps its own body parsers.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  registerInteractionRoutes(scope, options);
  registerEmailRoutes(scope, options);
}

// ---------------------------------------------------------------------------------------------- sign-in / sign-up

function registerInteractionRoutes(scope: FastifyInstance, options: IdentityPagesOptions): void {
  const { config, provider } = options;
  const loginUrl = `${config.publicUrl}/login`;
  const signUpLimit = formLimiter('signup', options.sharedCounter, scope.log);

  const withInteraction = async (
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
    prompts: readonly string[] = ['login'],
  ) => {
    const interaction = await findInteraction(provider, request, reply);
    if (interaction?.uid === request.params.uid && prompts.includes(interaction.prompt.name))
      return interaction;
    await sendPage(reply, expiredPage(loginUrl), 400);
    return undefined;
  };

  scope.get<{ Params: UidParams }>('/interaction/:uid', { config: PUBLIC }, async (request, reply) => {
    const interaction = await withInteraction(request, reply, ['login', 'consent']);
    if (!interaction) return reply;
    if (interaction.prompt.name === 'consent') return finishConsent(provider, request, reply, interaction);
    const wantsSignUp = interaction.params.screen_hint === 'signup';
    return sendPage(reply, wantsSignUp ? signUpView(interaction.uid) : signInView(interaction.uid));
  });

  scope.get<{ Params: UidParams }>('/interaction/:uid/login', { config: PUBLIC }, async (request, reply) => {
    const interaction = await withInteraction(request, reply);
    return interaction ? sendPage(reply, signInView(interaction.uid)) : reply;
  });

  scope.get<{ Params: UidParams }>('/interaction/:uid/signup', { config: PUBLIC }, async (request, reply) => {
    const interaction = await withInteraction(request, reply);
    return interaction ? sendPage(reply, signUpView(interaction.uid)) : reply;
  });

  scope.post<{ Params: UidParams; Body: Form }>(
    '/interaction/:uid/login',
    { config: PUBLIC },
    async (request, reply) => {
      const interaction = await withInteraction(request, reply);
      return interaction ? submitSignIn(options, request, reply, interaction) : reply;
    },
  );

  scope.post<{ Params: UidParams; Body: Form }>(
    '/interaction/:uid/signup',
    { config: PUBLIC },
    async (request, reply) => {
      const interaction = await withInteraction(request, reply);
      if (!interaction) return reply;
      const tooMany = await signUpLimit(request);
      if (tooMany) {
        return sendPage(
          reply,
          signUpView(interaction.uid, { values: keptValues(request.body), errors: { email: tooMany } }),
          429,
        );
      }
      return submitSignUp(options, request, reply, interaction);
    },
  );
}

type FormRequest = FastifyRequest<{ Params: UidParams; Body: Form }>;

async function submitSignIn(
  { database, provider, limiter }: IdentityPagesOptions,
  request: FormRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<FastifyReply> {
  const email = text(request.body, 'email');
  const password = text(request.body, 'password');
  try {
    const user = await authenticate(database, email, password, request.ip, undefined, limiter);
    return finishLogin(provider, request, reply, user.userId);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return sendPage(reply, signInView(interaction.uid, { email, error: err.message }), err.statusCode);
  }
}

/**
 * Creates the organisation and its admin and mails the verification link; the person signs in once the
 * address is confirmed. An address that already has an account gets the same page, after the same work (the
 * password is hashed before the address is looked up), and its owner an email instead (ADR 14): the page
 * never tells whether an address has an account.
 */
async function submitSignUp(
  { config, database, mailer }: IdentityPagesOptions,
  request: FormRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<FastifyReply> {
  const values = keptValues(request.body);
  const mailFailed = (err: unknown) => request.log.error({ err }, 'A sign-up email could not be sent');
  try {
    const password = text(request.body, 'password');
    const account = await createOrganizationWithAdmin(database, { ...values, password });
    sendVerificationEmail(database, mailer, config, account.userId).catch(mailFailed);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code !== AppErrorCode.Conflict) {
      return sendPage(
        reply,
        signUpView(interaction.uid, { values, errors: fieldErrors(err) }),
        err.statusCode,
      );
    }
    notifyExistingAccount(database, mailer, config, values.email).catch(mailFailed);
  }
  return sendPage(reply, checkInboxPage(values.email.trim(), `${config.publicUrl}/login`));
}

function checkInboxPage(email: string, loginUrl: string): string {
  return messagePage({
    title: 'Check your inbox',
    message: `We sent an email to ${email}. Open the link in it to confirm your address, then sign in to Hosewright.`,
    action: { href: loginUrl, label: 'Back to sign in' },
  });
}

/** What a refused sign-up form shows again: never the password. */
function keptValues(body: Form): { name: string; email: string; organizationName: string } {
  return {
    name: text(body, 'name'),
    email: text(body, 'email'),
    organizationName: text(body, 'organizationName'),
  };
}

function signInView(uid: string, state: { email?: string; error?: string } = {}): string {
  return signInPage({
    action: `/idp/interaction/${uid}/login`,
    signUpHref: `/idp/interaction/${uid}/signup`,
    forgotHref: '/idp/forgot-password',
    ...state,
  });
}

function signUpView(uid: string, state: { values?: Form; errors?: FieldErrors } = {}): string {
  return signUpPage({
    action: `/idp/interaction/${uid}/signup`,
    signInHref: `/idp/interaction/${uid}/login`,
    ...state,
  });
}

async function findInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  try {
    return await provider.interactionDetails(request.raw, reply.raw);
  } catch (err) {
    request.log.info({ err }, 'Sign-in interaction not found');
    return undefined;
  }
}

async function finishLogin(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<FastifyReply> {
  const returnTo = await provider.interactionResult(
    request.raw,
    reply.raw,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
  return reply.redirect(returnTo, 303);
}

interface ConsentDetails {
  missingOIDCScope?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

/**
 * Consent is implied for the first-party app. The provider normally never asks (see loadGrantSkippingConsent);
 * it does when the request itself says prompt=consent, and then this grants what is missing without a page.
 */
async function finishConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<FastifyReply> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new Error('Consent interaction without a session');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details as ConsentDetails;
  const allowed = new Set<string>(FIRST_PARTY_SCOPES);
  grant.addOIDCScope((details.missingOIDCScope ?? []).filter((scope) => allowed.has(scope)));
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes);
  }
  const grantId = await grant.save();
  const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
  return reply.redirect(returnTo, 303);
}

function expiredPage(loginUrl: string): string {
  return messagePage({
    title: 'Sign-in expired',
    message: 'This sign-in page has expired or was already used. Please start again.',
    action: { href: loginUrl, label: 'Sign in again' },
    tone: 'alert',
  });
}

// ---------------------------------------------------------------------------------------------- email links

function registerEmailRoutes(scope: FastifyInstance, options: IdentityPagesOptions): void {
  const { config, database, mailer, limiter } = options;
  const loginUrl = `${config.publicUrl}/login`;
  const resetLimit = formLimiter('forgot-password', options.sharedCounter, scope.log);

  scope.get<{ Querystring: TokenQuery }>('/verify-email', { config: PUBLIC }, async (request, reply) => {
    try {
      await verifyEmail(database, request.query.token ?? '');
      return sendPage(reply, verifiedPage(loginUrl));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return sendPage(reply, linkProblemPage(err, loginUrl), err.statusCode);
    }
  });

  // An invitation's link (team/routes.ts): a new person sets their name and password, an account joins as is.
  scope.get<{ Querystring: TokenQuery }>('/accept-invitation', { config: PUBLIC }, async (request, reply) => {
    const token = request.query.token ?? '';
    try {
      const invitation = await openInvitation(database, token);
      return sendPage(
        reply,
        acceptInvitationPage({ action: '/idp/accept-invitation', token, ...invitation }),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return sendPage(reply, invitationProblemPage(err, loginUrl), err.statusCode);
    }
  });

  scope.post<{ Body: Form }>('/accept-invitation', { config: PUBLIC }, async (request, reply) => {
    const token = text(request.body, 'token');
    const name = text(request.body, 'name');
    try {
      const { organizationName } = await acceptInvitation(database, token, {
        name,
        password: text(request.body, 'password'),
      });
      return sendPage(
        reply,
        messagePage({
          title: 'Welcome to the team',
          message: `You belong to ${organizationName} now. Sign in to start.`,
          action: { href: loginUrl, label: 'Sign in to Hosewright' },
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const errors = fieldErrors(err);
      if (Object.keys(errors).length === 0) {
        return sendPage(reply, invitationProblemPage(err, loginUrl), err.statusCode);
      }
      const invitation = await openInvitation(database, token);
      const page = acceptInvitationPage({
        action: '/idp/accept-invitation',
        token,
        ...invitation,
        values: { name },
        errors,
      });
      return sendPage(reply, page, err.statusCode);
    }
  });

  scope.get('/forgot-password', { config: PUBLIC }, async (_request, reply) =>
    sendPage(reply, forgotPasswordPage({ action: '/idp/forgot-password', signInHref: loginUrl })),
  );

  scope.post<{ Body: Form }>('/forgot-password', { config: PUBLIC }, async (request, reply) => {
    const email = text(request.body, 'email').trim();
    if (!z.email().safeParse(email).success) {
      const page = forgotPasswordPage({
        action: '/idp/forgot-password',
        signInHref: loginUrl,
        email,
        error: 'Enter a valid email address',
      });
      return sendPage(reply, page, 400);
    }
    const tooMany = await resetLimit(request);
    if (tooMany) {
      const page = forgotPasswordPage({
        action: '/idp/forgot-password',
        signInHref: loginUrl,
        email,
        error: tooMany,
      });
      return sendPage(reply, page, 429);
    }
    // Not awaited: the answer, and the time it takes, must not tell whether the account exists.
    requestPasswordReset(database, mailer, config, email).catch((err: unknown) => {
      request.log.error({ err }, 'A password reset could not be requested');
    });
    return sendPage(reply, resetRequestedPage(loginUrl));
  });

  scope.get<{ Querystring: TokenQuery }>('/reset-password', { config: PUBLIC }, async (request, reply) => {
    const token = request.query.token ?? '';
    try {
      await checkPasswordResetToken(database, token);
      return sendPage(reply, resetPasswordPage({ action: '/idp/reset-password', token }));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return sendPage(reply, linkProblemPage(err, `${config.publicUrl}/idp/forgot-password`), err.statusCode);
    }
  });

  scope.post<{ Body: Form }>('/reset-password', { config: PUBLIC }, async (request, reply) => {
    const token = text(request.body, 'token');
    const password = text(request.body, 'password');
    const form = (errors: FieldErrors) => resetPasswordPage({ action: '/idp/reset-password', token, errors });
    if (password !== text(request.body, 'confirmation')) {
      return sendPage(reply, form({ confirmation: 'The passwords do not match' }), 400);
    }
    try {
      const { email } = await resetPassword(database, token, password);
      // The person proved they own the mailbox: lift any sign-in lock on the account.
      await limiter.releaseAccount(email);
      return sendPage(reply, passwordChangedPage(loginUrl));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const errors = fieldErrors(err);
      const page = Object.keys(errors).length
        ? form(errors)
        : linkProblemPage(err, `${config.publicUrl}/idp/forgot-password`);
      return sendPage(reply, page, err.statusCode);
    }
  });
}

function invitationProblemPage(err: AppError, loginUrl: string): string {
  return messagePage({
    title: 'Invitation link',
    message: `${err.message} An admin of your shop can send the invitation again.`,
    action: { href: loginUrl, label: 'Go to sign in' },
    tone: 'alert',
  });
}

function verifiedPage(loginUrl: string): string {
  return messagePage({
    title: 'Email verified',
    message: 'Thank you. Your email address is confirmed.',
    action: { href: loginUrl, label: 'Continue to Hosewright' },
  });
}

function resetRequestedPage(loginUrl: string): string {
  return messagePage({
    title: 'Check your email',
    message:
      'If an account exists for that email, we sent a link to choose a new password. It works for 1 hour.',
    action: { href: loginUrl, label: 'Back to sign in' },
  });
}

function passwordChangedPage(loginUrl: string): string {
  return messagePage({
    title: 'Password changed',
    message: 'Your new password is saved. Sign in with it now.',
    action: { href: loginUrl, label: 'Sign in' },
  });
}

function linkProblemPage(err: AppError, retryHref: string): string {
  const reason = err.details?.reason;
  const title =
    reason === 'expired' ? 'Link expired' : reason === 'used' ? 'Link already used' : 'Link not valid';
  return messagePage({
    title,
    message: err.message,
    action: { href: retryHref, label: 'Continue' },
    tone: 'alert',
  });
}

// ---------------------------------------------------------------------------------------------- helpers

function fieldErrors(err: AppError): FieldErrors {
  const issues = (err.details?.issues ?? []) as FieldIssue[];
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.field] ??= issue.message;
  return errors;
}

function text(body: Form | undefined, name: string): string {
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
}

function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);
}
