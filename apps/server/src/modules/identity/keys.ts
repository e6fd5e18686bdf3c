/**
 * The embedded provider's signing key and cookie keys. Generated once, kept in `app_secrets` and reused on
 * every start: regenerating them would invalidate every issued token and every browser session.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';

export const IDENTITY_KEYS_SECRET = 'identity.keys';

export interface SigningKeys {
  /** Private JWKS for the provider (`jwks` configuration) and for test helpers that mint tokens. */
  privateJwks: { keys: JWK[] };
  /** The same keys without private members: what token verifiers trust. */
  publicJwks: { keys: JWK[] };
  /** Keygrip keys for the provider's signed cookies. */
  cookieKeys: string[];
}

interface StoredKeys {
  privateJwks: { keys: JWK[] };
  cookieKeys: string[];
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export async function loadSigningKeys(database: Database): Promise<SigningKeys> {
  const existing = await readStoredKeys(database);
  const stored = existing ?? (await storeOnce(database, await generateKeys()));
  return {
    privateJwks: stored.privateJwks,
    publicJwks: { keys: stored.privateJwks.keys.map(toPublicJwk) },
    cookieKeys: stored.cookieKeys,
  };
}

async function readStoredKeys(database: Database): Promise<StoredKeys | undefined> {
  // Provider secrets belong to the installation, not to an organisation.
  const [row] = await database.withSystem((tx) =>
    tx.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, IDENTITY_KEYS_SECRET)),
  );
  return row ? parseStoredKeys(row.value) : undefined;
}

/** Insert unless another process got there first, then read back whichever set won the race. */
async function storeOnce(database: Database, keys: StoredKeys): Promise<StoredKeys> {
  // Installation secret: see readStoredKeys.
  await database.withSystem((tx) =>
    tx.insert(appSecrets).values({ name: IDENTITY_KEYS_SECRET, value: keys }).onConflictDoNothing(),
  );
  const stored = await readStoredKeys(database);
  if (!stored) throw new Error('The identity keys could not be stored');
  return stored;
}

async function generateKeys(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    privateJwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')],
  };
}

function toPublicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy as JWK;
}

function parseStoredKeys(value: unknown): StoredKeys {
  const candidate = value as Partial<StoredKeys> | null;
  const keys = candidate?.privateJwks?.keys;
  const cookieKeys = candidate?.cookieKeys;
  if (!Array.isArray(keys) || keys.length === 0 || !Array.isArray(cookieKeys) || cookieKeys.length === 0) {
    throw new Error(`The stored secret '${IDENTITY_KEYS_SECRET}' is malformed`);
  }
  return { privateJwks: { keys }, cookieKeys };
}
