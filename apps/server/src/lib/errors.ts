import {
  type AppErrorCode,
  AppErrorCode as Codes,
  type ErrorBody,
  HTTP_STATUS_BY_CODE,
} from '@hosewright/domain';
import type { z } from 'zod';

/** The one error type. Throw it anywhere; the error handler turns it into `{ statusCode, code, message }`. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }

  toBody(): ErrorBody {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static notFound(what = 'This item'): AppError {
    return new AppError(Codes.NotFound, `${what} was not found`);
  }
}

/**
 * Parses a request's body, query or params with a zod schema (a missing value parses as `{}`). A failure is a
 * 400 whose message is the first issue's and whose details list every issue with its path.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issues = issuesOf(parsed.error);
  throw new AppError(Codes.BadRequest, issues[0]?.message ?? 'Some of the information sent is not valid', {
    issues,
  });
}

/** Each problem of a failed parse with where it is. */
export function issuesOf(error: z.ZodError): { path: PropertyKey[]; message: string }[] {
  return error.issues.map((i) => ({ path: i.path, message: i.message }));
}
