import { z } from 'zod';

/** The `{ ok: true }` answer of calls that only confirm (session delete, password reset, resend). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
