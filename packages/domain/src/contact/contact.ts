/** The public contact form and 'Share your feedback' on the public site: what each sends. */
import { z } from 'zod';
import { endpoint, MEMBER, PUBLIC } from '../api/endpoint.ts';
import { okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, { error: 'Tell us your name' }).max(200, { error: 'The name is too long' }),
  email: z.email({ error: 'Enter an email address we can answer, like name@example.com' }),
  company: z.string().trim().max(200, { error: 'The company name is too long' }).default(''),
  message: z
    .string()
    .trim()
    .min(10, { error: 'Write at least a sentence (10 characters) so we can help' })
    .max(5000, { error: 'Keep the message under 5000 characters' }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const FEEDBACK_CATEGORIES = ['idea', 'problem', 'praise'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'Choose what kind of feedback this is' }),
  message: z
    .string()
    .trim()
    .min(10, { error: 'Write at least a sentence (10 characters)' })
    .max(5000, { error: 'Keep the feedback under 5000 characters' }),
  /** The page the user came from, so a problem report says where. */
  page: z.string().trim().max(500).default(''),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** Contact messages one address may send per window before it is asked to wait. */
export const CONTACT_MAX_PER_WINDOW = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;

const TAG = 'Contact';

/** The public site's contact form: stored, then emailed to the company; limited per address. */
export const sendContactMessage = endpoint({
  name: 'sendContactMessage',
  method: 'POST',
  path: '/api/v1/contact',
  tag: TAG,
  summary: 'Send the company a message from the public contact form',
  access: PUBLIC,
  body: contactMessageSchema,
  response: okSchema,
  status: 201,
  errors: [AppErrorCode.TooManyRequests],
  example: {
    body: {
      name: 'Sam Rancher',
      email: 'sam@example.com',
      company: 'Rancher Farms',
      message: 'Do you make hoses for balers? Ours keeps bursting at the fitting.',
    },
  },
});

/** 'Share your feedback': stored with the organisation and user, emailed too. */
export const sendFeedback = endpoint({
  name: 'sendFeedback',
  method: 'POST',
  path: '/api/v1/feedback',
  tag: TAG,
  summary: 'Share feedback with the company',
  access: MEMBER,
  body: feedbackSchema,
  response: z.object({ ok: z.literal(true), id: z.string() }),
  status: 201,
  example: {
    body: { category: 'idea', message: 'Let me print two tags per assembly.', page: '/hoseassemblies' },
  },
});

export const CONTACT_ENDPOINTS = [sendContactMessage, sendFeedback];
