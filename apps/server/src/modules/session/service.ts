import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { revokedTokens, sessions } from '../../db/schema.ts';
import { type AuthContext, revocationKeys } from '../auth/plugin.ts';
import { ACCESS_TOKEN_TTL_S } from '../identity/provider.ts';

type SessionCaller = Pick<
  AuthContext,
  'organizationId' | 'userId' | 'tokenId' | 'grantId' | 'tokenExpiresAt'
>;

/** Record the session for this access token (idempotent: creating twice keeps one row). */
export async function openSession(tx: Tx, auth: SessionCaller): Promise<void> {
  await tx
    .insert(sessions)
    .values({
      organizationId: auth.organizationId,
      userId: auth.userId,
      tokenId: auth.tokenId,
      expiresAt: auth.tokenExpiresAt,
    })
    .onConflictDoNothing();
}

/**
 * End the session everywhere: the access token, and every other one minted from the same grant, are refused
 * from now on whatever their expiry says; the grant and its refresh tokens are gone, so none can be minted.
 */
export async function endSession(tx: Tx, auth: SessionCaller): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.organizationId, auth.organizationId),
        eq(sessions.tokenId, auth.tokenId),
        isNull(sessions.revokedAt),
      ),
    );
  const [ownKey, grantKey] = revocationKeys(auth);
  const grantTokensEnd = new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000);
  await tx
    .insert(revokedTokens)
    .values([
      { tokenId: ownKey ?? auth.tokenId, expiresAt: auth.tokenExpiresAt },
      ...(grantKey ? [{ tokenId: grantKey, expiresAt: grantTokensEnd }] : []),
    ])
    .onConflictDoNothing();
  if (auth.grantId) await tx.execute(sql`select hosewright_end_grant(${auth.grantId})`);
}
