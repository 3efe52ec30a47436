/**
 * A share link's secrets. The link token is 32 random bytes (256 bits, base64url): unguessable, so a
 * fast SHA-256 of it is enough to look it up and store it (a slow hash guards low-entropy secrets such
 * as passwords, not random ones). Once a password link is opened, its reader gets an `access` value —
 * the link id and an expiry signed with the server's secret — that the link's file routes accept, so
 * images and layers load without sending the password again.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How long an `access` value lives, at most (never past the link's own expiry). */
export const ACCESS_SECONDS = 3600;

function mac(secret: Uint8Array, linkId: number, expires: number): string {
  return createHmac('sha256', secret).update(`share-link-access:${linkId}:${expires}`, 'ascii').digest('base64url');
}

export function signLinkAccess(secret: Uint8Array, linkId: number, linkExpiresAt: Date, now: Date): string {
  const expires = Math.min(Math.floor(now.getTime() / 1000) + ACCESS_SECONDS, Math.floor(linkExpiresAt.getTime() / 1000));
  return `${expires}.${mac(secret, linkId, expires)}`;
}

export function verifyLinkAccess(secret: Uint8Array, linkId: number, access: string | undefined, now: Date): boolean {
  if (!access) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(access);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= Math.floor(now.getTime() / 1000)) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = Buffer.from(mac(secret, linkId, expires), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
