/**
 * simplejwt-compatible tokens: HS256 only, claims token_type, exp, iat, jti, user_id (a string).
 * Refresh tokens additionally carry `fam` (the rotation family, for reuse detection).
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';

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

/** Verifies signature, algorithm (HS256 only), expiry against `now`, and the token type. */
export async function verifyToken(secret: Uint8Array, token: string, type: TokenType, now: Date): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = payload as unknown as TokenClaims;
    if (claims.token_type !== type) throw new TokenInvalidError('Token has wrong type');
    if (typeof claims.user_id !== 'string' || typeof claims.jti !== 'string') throw new TokenInvalidError();
    return claims;
  } catch (error) {
    if (error instanceof TokenInvalidError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new TokenInvalidError('Token is expired');
    throw new TokenInvalidError();
  }
}
