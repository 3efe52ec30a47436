/**
 * Password-reset links in the manner of Django's PasswordResetTokenGenerator: nothing is stored.
 * The token is `<timestamp base36>-<HMAC>` over the user's id, password hash, last login, e-mail
 * and the timestamp, so it dies by itself when any of those change — after it is used (the
 * password changes), after any sign-in (last_login moves), after a password change — and when it
 * is older than three days.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const RESET_TOKEN_LIFETIME_SECONDS = 3 * 24 * 60 * 60;

export interface ResetTokenSubject {
  id: number;
  passwordHash: string;
  lastLogin: Date | null;
  email: string;
}

/** The user id as unpadded URL-safe base64, as djoser's links carry it. */
export function encodeUid(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]+$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? id : null;
}

function signature(secret: Uint8Array, user: ResetTokenSubject, timestamp: number): string {
  // Whole seconds: the database may keep microseconds that a Date round trip would not.
  const lastLogin = user.lastLogin ? String(Math.floor(user.lastLogin.getTime() / 1000)) : '';
  return createHmac('sha256', Buffer.concat([Buffer.from('canopy.password-reset:'), Buffer.from(secret)]))
    .update([user.id, user.passwordHash, lastLogin, user.email.toLowerCase(), timestamp].join('\u0000'))
    .digest('base64url')
    .slice(0, 32);
}

export function makeResetToken(secret: Uint8Array, user: ResetTokenSubject, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `${timestamp.toString(36)}-${signature(secret, user, timestamp)}`;
}

export function checkResetToken(secret: Uint8Array, user: ResetTokenSubject, token: string, now: Date): boolean {
  const match = /^([0-9a-z]{1,13})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const timestamp = parseInt(match[1]!, 36);
  const expected = Buffer.from(signature(secret, user, timestamp));
  const given = Buffer.from(match[2]!);
  if (!timingSafeEqual(expected, given)) return false;
  const age = Math.floor(now.getTime() / 1000) - timestamp;
  return age <= RESET_TOKEN_LIFETIME_SECONDS;
}
