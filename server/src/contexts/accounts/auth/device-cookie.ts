/**
 * Device cookies (after OWASP's "slow down online guessing attacks with device cookies"): a browser
 * that signed in to an account gets an HttpOnly cookie naming that account and a random device id,
 * signed with the server's key. Its later sign-ins are counted as that device's, so failures from
 * anyone else — even behind the same address — cannot throttle it (login-throttle.ts). Nothing is
 * stored: the signature is the proof. One cookie per account, so people sharing a browser each keep
 * theirs.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE_DAYS = 90;
const PREFIX = 'canopy_device_';

export const deviceCookieName = (userId: number) => `${PREFIX}${userId}`;

function mac(secretKey: Uint8Array, userId: number, deviceId: string): string {
  return createHmac('sha256', secretKey).update(`device-cookie:${userId}:${deviceId}`).digest('base64url');
}

export function newDeviceCookie(secretKey: Uint8Array, userId: number, deviceId = randomBytes(12).toString('base64url')): string {
  return `${deviceId}.${mac(secretKey, userId, deviceId)}`;
}

/** The device id of a genuine cookie for `userId`, or undefined. */
export function deviceIdOf(secretKey: Uint8Array, userId: number, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const [deviceId, signature] = value.split('.');
  if (!deviceId || !signature || !/^[\w-]{8,64}$/.test(deviceId)) return undefined;
  const expected = Buffer.from(mac(secretKey, userId, deviceId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}
