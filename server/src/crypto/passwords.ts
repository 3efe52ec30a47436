/**
 * Password hashing with scrypt at OWASP's recommended minimum (N = 2^17, r = 8, p = 1; OWASP
 * Password Storage Cheat Sheet). Stored as `scrypt$N$r$p$salt$hash` (base64) so the parameters can
 * be raised later without invalidating existing hashes.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashSlots } from './hash-slots.ts';
import { scryptOnThread } from './hash-threads.ts';

export { hashSlots };

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** Every hash goes through the bounded pool (hash-slots.ts), on a low-priority thread (hash-threads.ts). */
function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return hashSlots.run(() => scryptOnThread({ password, salt, keyLength: KEY_LENGTH, options: { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 } }));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash!, 'base64');
  const key = await scrypt(password, Buffer.from(salt!, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that never verifies, compared against for unknown users so timing does not reveal them. */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
