import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's scrypt baseline (N=2^17, r=8, p=1) costs about 128 MiB and 0.3 s a hash; N=2^15 keeps a
// login near 50 ms on a small server while staying well above the minimum it lists (N=2^13).
const PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * Hashes a password with scrypt; the result carries its own parameters and salt. Only the server
 * tests pass cheaper `params` (server/test/setup.ts): a check reads them from the stored hash.
 */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxMemory(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** 128 * N * r bytes, plus headroom: Node refuses anything above maxmem. */
const maxMemory = ({ N, r }: ScryptParams) => 128 * N * r * 2;

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    ...params,
    maxmem: maxMemory(params),
  });
  return crypto.timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so a login for an unknown e-mail cannot be told apart. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
