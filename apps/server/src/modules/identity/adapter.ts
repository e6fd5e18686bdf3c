/**
 * oidc-provider's storage on the `oidc_payloads` table: sessions, interactions, grants, codes and tokens,
 * keyed by (id, model name). Expired rows are never returned; `purgeExpiredOidcPayloads` removes them.
 * Everything runs through `withSystem`: provider state is global (it exists before and across organisations).
 */
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Database, Tx } from '../../db/client.ts';
import { oidcPayloads } from '../../db/schema.ts';

type Row = typeof oidcPayloads.$inferSelect;

export function createOidcAdapter(database: Database): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    readonly type: string;

    constructor(name: string) {
      this.type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const values = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        consumedAt: null,
      };
      const { id: _id, type: _type, ...changes } = values;
      // Provider state is global: no tenant applies.
      await database.withSystem((tx) =>
        tx
          .insert(oidcPayloads)
          .values(values)
          .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: changes }),
      );
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return findOne(database, this.type, eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return findOne(database, this.type, eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return findOne(database, this.type, eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      // Global provider state: see upsert.
      await database.withSystem((tx) =>
        tx
          .update(oidcPayloads)
          .set({ consumedAt: new Date() })
          .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type))),
      );
    }

    async destroy(id: string): Promise<void> {
      // Global provider state: see upsert.
      await database.withSystem((tx) =>
        tx.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type))),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Global provider state: see upsert. Every artefact of the grant goes, whatever its model.
      await database.withSystem((tx) => tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId)));
    }
  };
}

async function findOne(database: Database, type: string, match: SQL): Promise<AdapterPayload | undefined> {
  // Global provider state: see DatabaseAdapter.upsert.
  const [row] = await database.withSystem((tx: Tx) =>
    tx
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, type), match, notExpired()))
      .limit(1),
  );
  return row ? toPayload(row) : undefined;
}

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

function toPayload(row: Row): AdapterPayload {
  const payload = row.payload as AdapterPayload;
  if (!row.consumedAt) return payload;
  return { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
}

/** Deletes expired provider state; returns how many rows went. */
export async function purgeExpiredOidcPayloads(database: Database, now = new Date()): Promise<number> {
  // Global provider state: see DatabaseAdapter.upsert.
  const deleted = await database.withSystem((tx) =>
    tx.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, now)).returning({ id: oidcPayloads.id }),
  );
  return deleted.length;
}
