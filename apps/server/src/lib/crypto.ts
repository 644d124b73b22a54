import { hash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt parameters (OWASP: N=2^17, r=8, p=1). Stored with the hash so they can be raised later. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keylen: 32, maxmem: 256 * 1024 * 1024 };

/** Hashes new passwords at the configured cost (PASSWORD_HASH_COST); one per server. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
}

/**
 * A hasher at scrypt N = 2^log2N. Production refuses less than 2^17 (config.ts); test servers use
 * 2^10, where a registration or a password change would otherwise spend most of its test's CPU
 * in the hash. Verification reads the cost from the stored hash, so hashes of any cost verify.
 */
export function createPasswordHasher(log2N: number): PasswordHasher {
  const cost = { N: 2 ** log2N };
  return { hash: (password) => hashPassword(password, cost) };
}

/**
 * The cost for a password everybody knows: the demo users' password is printed in the README, so a
 * slow hash of it protects nothing, while each demo sign-in would pay the slow hash's half second
 * of CPU (hundreds of them in a test run). Verification reads the cost from the stored hash.
 */
export const PUBLIC_PASSWORD_COST = { N: 2 ** 10 } as const;

export async function hashPassword(
  password: string,
  cost: { N: number } = { N: SCRYPT.N },
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, SCRYPT.keylen, { ...SCRYPT, ...cost });
  return `scrypt$${cost.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(saltText, 'base64url'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: SCRYPT.maxmem,
    },
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random secret for a URL, a header or a cookie. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as their SHA-256: a database leak does not leak usable tokens. */
export function sha256(value: string): string {
  // The one-shot digest: no Hash object per call (a mass batch hashes every row's request).
  return hash('sha256', value, 'hex');
}
