import {
  type AppErrorCode,
  AppErrorCode as Codes,
  type ErrorBody,
  HTTP_STATUS_BY_CODE,
} from '@hosewright/domain';

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
