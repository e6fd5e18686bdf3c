import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { revokedTokens, sessions } from '../../db/schema.ts';
import type { AuthContext } from '../auth/plugin.ts';

type SessionCaller = Pick<AuthContext, 'organizationId' | 'userId' | 'tokenId' | 'tokenExpiresAt'>;

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

/** End the session: the access token is refused from now on, whatever its expiry says. */
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
  await tx
    .insert(revokedTokens)
    .values({ tokenId: auth.tokenId, expiresAt: auth.tokenExpiresAt })
    .onConflictDoNothing();
}
