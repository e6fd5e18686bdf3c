/**
 * The public site's messages (issue 3, item 9):
 *
 * - `POST /api/v1/contact` (public) `{ name, email, company?, message }`: stored, then emailed to the
 *   company's address (CONTACT_EMAIL) through the outbox; at most CONTACT_MAX_PER_WINDOW per address in
 *   CONTACT_WINDOW_MS (429 with a message that says how long to wait). Answers 201 `{ ok: true }`.
 * - `POST /api/v1/feedback` (any member) `{ category, message, page? }`: 'Share your feedback', stored with the
 *   organisation and user, emailed too. Answers 201 `{ ok: true, id }`.
 *
 * The message is stored first: a mail failure is logged and never loses what the person wrote.
 */
import {
  AppErrorCode,
  CONTACT_MAX_PER_WINDOW,
  CONTACT_WINDOW_MS,
  contactMessageSchema,
  feedbackSchema,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages, feedback, organizations, users } from '../../db/schema.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { type SharedCounter, WindowRateLimiter } from '../../lib/rate-limit.ts';
import { MEMBER, PUBLIC } from '../auth/access.ts';
import { authOf } from '../auth/plugin.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface ContactDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Counts shared across instances (Redis) for the per-address limit. */
  sharedCounter?: SharedCounter;
}

export function contactRoutes(
  app: FastifyInstance,
  { config, database, mailer, sharedCounter }: ContactDeps,
): void {
  const limiter = new WindowRateLimiter({
    max: CONTACT_MAX_PER_WINDOW,
    windowMs: CONTACT_WINDOW_MS,
    shared: sharedCounter && {
      counter: sharedCounter,
      name: 'contact',
      onError: (error) => app.log.warn({ err: error }, 'shared rate limit unavailable; counting here'),
    },
  });

  const mail = (request: FastifyRequest, subject: string, text: string) =>
    mailer.send({ to: config.CONTACT_EMAIL, subject, text }).catch((error: unknown) => {
      request.log.error({ err: error }, 'could not email a stored message');
    });

  app.post('/api/v1/contact', { config: { access: PUBLIC } }, async (request, reply) => {
    const wait = await limiter.hit(request.ip);
    if (wait > 0) {
      throw new AppError(
        AppErrorCode.TooManyRequests,
        `You have sent several messages in a short time. Please try again in ${Math.ceil(wait / 60_000)} minutes.`,
      );
    }
    const input = parseOrThrow(contactMessageSchema, request.body);
    await database.db.insert(contactMessages).values({ ...input, ip: request.ip });
    await mail(
      request,
      `Contact form: ${input.name}${input.company ? ` (${input.company})` : ''}`,
      `From: ${input.name} <${input.email}>\nCompany: ${input.company || '-'}\n\n${input.message}\n`,
    );
    return reply.code(201).send({ ok: true });
  });

  app.post('/api/v1/feedback', { config: { access: MEMBER } }, async (request, reply) => {
    const auth = authOf(request);
    const input = parseOrThrow(feedbackSchema, request.body);
    const { id, who, shop } = await database.withTenant(auth.organizationId, async (tx) => {
      const [row] = await tx
        .insert(feedback)
        .values({ ...input, organizationId: auth.organizationId, userId: auth.userId })
        .returning({ id: feedback.id });
      const [org] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, auth.organizationId));
      const [user] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, auth.userId));
      return { id: row?.id ?? '', who: user, shop: org?.name ?? '' };
    });
    await mail(
      request,
      `Feedback (${input.category}) from ${shop}`,
      `From: ${who?.name ?? ''} <${who?.email ?? ''}> at ${shop}\nPage: ${input.page || '-'}\n\n${input.message}\n`,
    );
    return reply.code(201).send({ ok: true, id });
  });
}
