/**
 * Password hashing with scrypt (node:crypto). The stored string describes itself —
 * `scrypt$N=32768,r=8,p=1$<salt>$<hash>` — so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 };

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, DEFAULT_COST, KEY_LENGTH);
  const { N, r, p } = DEFAULT_COST;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** False for a wrong password and for a stored value it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/**
 * A valid hash of a password nobody knows. Checking against it when the email is unknown makes a failed
 * sign-in take as long whether or not the account exists.
 */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, params, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !params || !salt || !hash) return undefined;
  const cost = Object.fromEntries(params.split(',').map((pair) => pair.split('=')));
  const N = Number(cost.N);
  const r = Number(cost.r);
  const p = Number(cost.p);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return undefined;
  return { cost: { N, r, p }, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}
