/**
 * Access-token verification with jose: signature against the issuer's keys, issuer, audience, expiry and
 * an algorithm allow-list. The embedded provider's public keys are read from the database; an external
 * provider's from its JWKS endpoint. An ERP's token for an API key is this installation's own (`apikeys/`).
 */
import { AppErrorCode } from '@hosewright/domain';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type ApiTokens, isApiToken } from '../apikeys/tokens.ts';
import { loadSigningKeys } from '../identity/keys.ts';

export interface AccessClaims {
  userId: string;
  organizationId: string;
  tokenId: string;
  /** The provider's grant the token was minted from (the embedded provider's `grant_id` claim). */
  grantId?: string;
  /** For an ERP's token (`apikeys/tokens.ts`): the API key it was issued for; `userId` is then empty. */
  apiKeyId?: string;
  expiresAt: Date;
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256'];

export type TokenVerifier = (token: string) => Promise<AccessClaims>;

export async function createTokenVerifier(
  config: Config,
  database: Database,
  apiTokens: ApiTokens,
): Promise<TokenVerifier> {
  const keys = config.embeddedIdentity
    ? createLocalJWKSet((await loadSigningKeys(database)).publicJwks)
    : createRemoteJWKSet(new URL('.well-known/jwks.json', config.issuer));

  return async (token) => {
    if (isApiToken(token)) {
      const claims = await apiTokens.verify(token);
      if ('refused' in claims) {
        throw new AppError(AppErrorCode.Unauthenticated, claims.refused, { apiFailed: true });
      }
      return { ...claims, userId: '' };
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.OIDC_AUDIENCE,
        algorithms: ALGORITHMS,
        clockTolerance: 5,
      }));
    } catch (error) {
      throw new AppError(AppErrorCode.Unauthenticated, describeTokenError(error));
    }
    const organizationId = payload.org_id;
    if (typeof payload.sub !== 'string' || typeof organizationId !== 'string' || !payload.exp) {
      throw new AppError(
        AppErrorCode.Unauthenticated,
        'The access token does not name a user and organisation',
      );
    }
    return {
      userId: payload.sub,
      organizationId,
      tokenId: typeof payload.jti === 'string' ? payload.jti : `${payload.sub}:${payload.iat ?? 0}`,
      ...(typeof payload.grant_id === 'string' ? { grantId: payload.grant_id } : {}),
      expiresAt: new Date(payload.exp * 1000),
    };
  };
}

function describeTokenError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return `The access token is not valid for this service (${error.claim})`;
  }
  if (
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey
  ) {
    return 'The access token signature is not valid';
  }
  return 'The access token is malformed or not valid';
}
