/**
 * simplejwt-compatible tokens: HS256 only, claims token_type, exp, iat, jti, user_id (a string).
 * Refresh tokens additionally carry `fam` (the rotation family, for reuse detection).
 */
import { SignJWT } from 'jose';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** 'socket' tokens only open the live-update WebSocket (short-lived, see server/src/realtime). */
export type TokenType = 'access' | 'refresh' | 'socket';

export interface TokenClaims {
  token_type: TokenType;
  exp: number;
  iat: number;
  jti: string;
  user_id: string;
  fam?: string;
}

export async function signToken(
  secret: Uint8Array,
  type: TokenType,
  userId: number,
  lifetimeSeconds: number,
  now: Date,
  extra: { fam?: string; jti?: string } = {},
): Promise<{ token: string; claims: TokenClaims }> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    token_type: type,
    exp: iat + lifetimeSeconds,
    iat,
    jti: extra.jti ?? randomUUID().replaceAll('-', ''),
    user_id: String(userId),
    ...(extra.fam ? { fam: extra.fam } : {}),
  };
  const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
  return { token, claims };
}

export class TokenInvalidError extends Error {
  constructor(message = 'Token is invalid') {
    super(message);
    this.name = 'TokenInvalidError';
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A base64url segment's JSON, when it is a plain object (else null). */
function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(utf8.decode(Buffer.from(segment, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A NumericDate claim: absent, or a finite number (anything else makes the token invalid). */
function numericDate(claims: Record<string, unknown>, name: 'exp' | 'nbf' | 'iat'): number | undefined {
  const value = claims[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TokenInvalidError();
  return value;
}

/**
 * Verifies signature, algorithm (HS256 only), expiry against `now`, and the token type — the
 * checks jose's jwtVerify made with `algorithms: ['HS256']` and no clock tolerance (ADR 17), in
 * node:crypto on this thread: jose went through WebCrypto, an imported key and an async job for every
 * request, 5–9 % of the event loop under load on PostgreSQL.
 *
 * - three base64url segments; the header a JSON object with `alg` exactly "HS256" ("none" and every
 *   other algorithm are refused before the signature is looked at) and no `crit` (jose recognises
 *   only `b64`, which a JWT may not use: refusing every `crit` is stricter);
 * - the HMAC-SHA256 of the first two segments, compared in constant time, its base64url spelling the
 *   canonical one;
 * - the payload a JSON object; `iat`, `nbf`, `exp` finite numbers when present; `nbf` not after now;
 *   `exp` after now (an `exp` equal to now is expired, as in jose), and required (jose let a token
 *   without one live forever; every token Canopy signs has one);
 * - `token_type` the expected one, `user_id` and `jti` strings.
 */
export async function verifyToken(secret: Uint8Array, token: string, type: TokenType, now: Date): Promise<TokenClaims> {
  return verifyTokenSync(secret, token, type, now);
}

function verifyTokenSync(secret: Uint8Array, token: string, type: TokenType, now: Date): TokenClaims {
  if (typeof token !== 'string') throw new TokenInvalidError();
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenInvalidError();
  const [head, body, signature] = parts as [string, string, string];
  if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(signature)) throw new TokenInvalidError();
  const header = jsonObject(head);
  if (!header || header.alg !== 'HS256' || header.crit !== undefined) throw new TokenInvalidError();
  const expected = createHmac('sha256', secret).update(`${head}.${body}`, 'ascii').digest();
  const given = Buffer.from(signature, 'base64url');
  // Only the canonical spelling of the signature (no stray bits in its last character).
  if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) throw new TokenInvalidError();
  const claims = jsonObject(body);
  if (!claims) throw new TokenInvalidError();
  const seconds = Math.floor(now.getTime() / 1000);
  numericDate(claims, 'iat');
  const nbf = numericDate(claims, 'nbf');
  if (nbf !== undefined && nbf > seconds) throw new TokenInvalidError();
  const exp = numericDate(claims, 'exp');
  if (exp === undefined) throw new TokenInvalidError();
  if (exp <= seconds) throw new TokenInvalidError('Token is expired');
  if (claims.token_type !== type) throw new TokenInvalidError('Token has wrong type');
  if (typeof claims.user_id !== 'string' || typeof claims.jti !== 'string') throw new TokenInvalidError();
  return claims as unknown as TokenClaims;
}
