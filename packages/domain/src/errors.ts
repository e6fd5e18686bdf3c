/**
 * One error vocabulary for server and client. The server maps each code to an HTTP status
 * (`HTTP_STATUS_BY_CODE`); every error body is `{ statusCode, code, message, details? }`.
 */
export const AppErrorCode = {
  /** Input failed validation; `details.issues` lists each field and message. */
  BadRequest: 'BAD_REQUEST',
  /** No bearer token, or a malformed, expired, wrongly signed or wrong-audience token. */
  Unauthenticated: 'UNAUTHENTICATED',
  /** The token is valid but the user has no organisation membership or no subscription. */
  Unauthorized: 'UNAUTHORIZED',
  /** The user's role does not allow this (guard code 845). */
  MissingRole: 'MISSING_ROLE',
  /** The subscription tier does not include this feature (guard code 996). */
  WrongTier: 'WRONG_TIER',
  /** The subscription has expired (guard code 997); details carry the subscription status. */
  SubscriptionExpired: 'SUBSCRIPTION_EXPIRED',
  /** The email address is not verified yet. */
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** The object does not exist in this organisation (another organisation's object answers the same). */
  NotFound: 'NOT_FOUND',
  /** A unique value is already taken (an email, a part number). */
  Conflict: 'CONFLICT',
  /** A required header or token is missing (`accessToken is required`). */
  NotAcceptable: 'NOT_ACCEPTABLE',
  /** A plan limit (maxCustomers, maxHoseAssemblies, maxHoseKits, maxImageStorageBytes) would be exceeded. */
  LimitReached: 'LIMIT_REACHED',
  /** An upload is larger than the endpoint accepts. */
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** Too many attempts (sign-in failures, public lookups). */
  TooManyRequests: 'TOO_MANY_REQUESTS',
  /** Anything unexpected; the message is generic and the details are logged, not sent. */
  Internal: 'INTERNAL',
} as const;
export type AppErrorCode = (typeof AppErrorCode)[keyof typeof AppErrorCode];

export const HTTP_STATUS_BY_CODE: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  UNAUTHORIZED: 403,
  MISSING_ROLE: 403,
  WRONG_TIER: 403,
  SUBSCRIPTION_EXPIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_ACCEPTABLE: 406,
  LIMIT_REACHED: 403,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
};

export interface ErrorBody {
  statusCode: number;
  code: AppErrorCode;
  message: string;
  details?: Record<string, unknown>;
}
