/**
 * How API routes declare who may call them. Every route carries `config.access`; `app.ts` refuses to
 * register a route without one, and a test lists them all.
 */
import type { Role, Tier } from '@hosewright/domain';

export interface ProtectedAccess {
  public?: false;
  /** At least one of these roles is needed. */
  roles: readonly Role[];
  /** The subscription must be one of these; omitted means any tier. */
  subscriptions?: readonly Tier[];
  /** Reachable with an expired subscription (the calls that tell the app it has expired, sign-out). */
  allowExpired?: boolean;
  /** Reachable before the email address is verified (profile, resend, sign-out). */
  allowUnverified?: boolean;
  /** SPEC 5: `sessions/create` answers 406 'accessToken is required' rather than 401 without a token. */
  missingTokenIsNotAcceptable?: boolean;
}

export type ApiAccess = { public: true } | ProtectedAccess;

export const PUBLIC: ApiAccess = { public: true };
/** Any member of the organisation (regular or admin), any tier. */
export const MEMBER: ProtectedAccess = { roles: ['regular', 'admin'] };
export const ADMIN: ProtectedAccess = { roles: ['admin'] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: ApiAccess;
  }
}
