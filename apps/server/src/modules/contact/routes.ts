/**
 * The public site's messages (the `sendContactMessage` and `sendFeedback` contracts):
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
  sendContactMessage,
  sendFeedback,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { contactMessages, feedback, organizations, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { WindowRateLimiter } from '../../lib/rate-limit.ts';

export function contactModule({ config, database, mailer, realtime, log }: ModuleDeps): ModuleManifest {
  const limiter = new WindowRateLimiter({
    max: CONTACT_MAX_PER_WINDOW,
    windowMs: CONTACT_WINDOW_MS,
    shared: realtime.sharedCounter && {
      counter: realtime.sharedCounter,
      name: 'contact',
      onError: (error) => log.warn({ err: error }, 'shared rate limit unavailable; counting here'),
    },
  });

  const mail = (request: FastifyRequest, subject: string, text: string) =>
    mailer.send({ to: config.CONTACT_EMAIL, subject, text }).catch((error: unknown) => {
      request.log.error({ err: error }, 'could not email a stored message');
    });

  return {
    routes: [
      implement(sendContactMessage).publicly(async ({ body: input }, { request }) => {
        const wait = await limiter.hit(request.ip);
        if (wait > 0) {
          throw new AppError(
            AppErrorCode.TooManyRequests,
            `You have sent several messages in a short time. Please try again in ${Math.ceil(wait / 60_000)} minutes.`,
          );
        }
        await database.db.insert(contactMessages).values({ ...input, ip: request.ip });
        await mail(
          request,
          `Contact form: ${input.name}${input.company ? ` (${input.company})` : ''}`,
          `From: ${input.name} <${input.email}>\nCompany: ${input.company || '-'}\n\n${input.message}\n`,
        );
        return { ok: true };
      }),

      implement(sendFeedback).inTransaction(
        async ({ body: input }, { tx, organizationId, userId, request, afterCommit }) => {
          const [row] = await tx
            .insert(feedback)
            .values({ ...input, organizationId, userId })
            .returning({ id: feedback.id });
          const [org] = await tx
            .select({ name: organizations.name })
            .from(organizations)
            .where(eq(organizations.id, organizationId));
          const [who] = await tx
            .select({ name: users.name, email: users.email })
            .from(users)
            .where(eq(users.id, userId));
          const shop = org?.name ?? '';
          afterCommit(() =>
            mail(
              request,
              `Feedback (${input.category}) from ${shop}`,
              `From: ${who?.name ?? ''} <${who?.email ?? ''}> at ${shop}\nPage: ${input.page || '-'}\n\n${input.message}\n`,
            ),
          );
          return { ok: true, id: row?.id ?? '' };
        },
      ),
    ],
  };
}
