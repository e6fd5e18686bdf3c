/**
 * The access tokens an ERP gets for an API key (`exchangeApiKey`): `hwapi_` and a JWT signed with HS256 by
 * this installation's own key, the same whichever identity provider signs people's tokens. The key is made
 * once and kept in `app_secrets` (not readable by the request role, ADR 13). A token names its organisation
 * and key; every call then checks the key itself (`auth/plugin.ts`), so a disabled or deleted key is refused
 * at once, whatever tokens it has out.
 */
import { randomBytes } from 'node:crypto';
import { API_TOKEN_SECONDS } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';

export const API_TOKEN_PREFIX = 'hwapi_';
const SECRET_NAME = 'apikeys.token-key';
const ISSUER = 'hosewright:apikeys';
const AUDIENCE = 'hosewright:api';

export interface ApiTokenClaims {
  organizationId: string;
  apiKeyId: string;
  tokenId: string;
  expiresAt: Date;
}

export interface ApiTokens {
  issue(claims: { organizationId: string; apiKeyId: string }): Promise<{ token: string; expiresIn: number }>;
  /** The claims of a token this installation issued and that has not expired; undefined otherwise. */
  verify(token: string): Promise<ApiTokenClaims | { refused: string }>;
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

export async function createApiTokens(database: Database): Promise<ApiTokens> {
  const key = await loadKey(database);
  return {
    async issue({ organizationId, apiKeyId }) {
      const jwt = await new SignJWT({ org_id: organizationId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(apiKeyId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(`${API_TOKEN_SECONDS}s`)
        .sign(key);
      return { token: `${API_TOKEN_PREFIX}${jwt}`, expiresIn: API_TOKEN_SECONDS };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token.slice(API_TOKEN_PREFIX.length), key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          clockTolerance: 5,
        });
        if (typeof payload.sub !== 'string' || typeof payload.org_id !== 'string' || !payload.exp) {
          return { refused: 'The API token is not valid. Exchange the API key for a new one.' };
        }
        return {
          organizationId: payload.org_id,
          apiKeyId: payload.sub,
          tokenId: typeof payload.jti === 'string' ? payload.jti : `${payload.sub}:${payload.iat ?? 0}`,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (error) {
        return {
          refused:
            error instanceof joseErrors.JWTExpired
              ? 'The API token has expired. Exchange the API key for a new one.'
              : 'The API token is not valid. Exchange the API key for a new one.',
        };
      }
    },
  };
}

async function loadKey(database: Database): Promise<Uint8Array> {
  // An installation secret, not an organisation's: read and made as the owner.
  const read = () =>
    database.withSystem((tx) =>
      tx.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)),
    );
  let [row] = await read();
  if (!row) {
    await database.withSystem((tx) =>
      tx
        .insert(appSecrets)
        .values({ name: SECRET_NAME, value: { key: randomBytes(32).toString('base64url') } })
        .onConflictDoNothing(),
    );
    [row] = await read();
  }
  const value = row?.value as { key?: unknown } | undefined;
  if (typeof value?.key !== 'string') throw new Error(`The stored secret '${SECRET_NAME}' is malformed`);
  return Buffer.from(value.key, 'base64url');
}
