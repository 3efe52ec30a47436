/**
 * verifyToken (node:crypto HMAC, ADR 17) against tokens built by hand and by jose: every check jose's
 * jwtVerify made with `algorithms: ['HS256']` still holds — checked case by case, and by verifying a
 * set of forged and altered tokens with both and requiring the same verdict (jose's refusals are
 * refusals here; where this one is deliberately stricter the case says so).
 */
import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { signToken, TokenInvalidError, verifyToken, type TokenType } from './jwt.ts';

const secret = new TextEncoder().encode('a-secret-key-for-the-verify-tests-only-0123456789');
const other = new TextEncoder().encode('another-secret-key-of-the-same-length-0123456789');
const now = new Date('2026-11-26T12:00:00Z');
const at = Math.floor(now.getTime() / 1000);
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const claims = (extra: Record<string, unknown> = {}) => ({ token_type: 'access', exp: at + 300, iat: at, jti: 'abc123', user_id: '7', ...extra });

/** A token signed with HMAC-SHA256 over whatever header and payload it is given. */
function hs256(header: unknown, payload: unknown, key = secret): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

async function refusal(token: string, type: TokenType = 'access', when = now): Promise<string> {
  try {
    await verifyToken(secret, token, type, when);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenInvalidError);
    return (error as Error).message;
  }
  throw new Error('the token was accepted');
}

describe('verifyToken', () => {
  it('accepts what signToken and jose sign, and answers the claims', async () => {
    const { token, claims: signed } = await signToken(secret, 'refresh', 7, 300, now, { fam: 'f1' });
    expect(await verifyToken(secret, token, 'refresh', now)).toEqual(signed);
    const jose = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    expect(await verifyToken(secret, jose, 'access', now)).toEqual(claims());
    expect(await verifyToken(secret, hs256({ alg: 'HS256' }, claims()), 'access', now)).toEqual(claims());
  });

  it('refuses a tampered signature, a tampered payload and another secret', async () => {
    const { token } = await signToken(secret, 'access', 7, 300, now);
    const [head, body, sig] = token.split('.') as [string, string, string];
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect(await refusal(`${head}.${body}.${flipped}`)).toBe('Token is invalid');
    expect(await refusal(`${head}.${body}.${sig.slice(0, -1)}`)).toBe('Token is invalid');
    expect(await refusal(`${head}.${body}.`)).toBe('Token is invalid');
    expect(await refusal(`${head}.${b64(claims({ user_id: '1' }))}.${sig}`)).toBe('Token is invalid');
    expect(await refusal(hs256({ alg: 'HS256' }, claims(), other))).toBe('Token is invalid');
    // The last character of a 32-byte signature carries 4 unused bits: another spelling is refused.
    const last = sig.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(sig.slice(0, -1) + sibling, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    expect(await refusal(`${head}.${body}.${sig.slice(0, -1)}${sibling}`)).toBe('Token is invalid');
  });

  it('refuses alg "none" and every algorithm but HS256, whatever the signature', async () => {
    expect(await refusal(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`)).toBe('Token is invalid');
    // An HS256 signature under a header naming another algorithm: refused on the header.
    for (const alg of ['none', 'HS512', 'HS384', 'RS256', 'ES256', 'hs256', 'HS256 ', ''])
      expect(await refusal(hs256({ alg }, claims()))).toBe('Token is invalid');
    expect(await refusal(hs256({ typ: 'JWT' }, claims()))).toBe('Token is invalid');
    expect(await refusal(hs256({ alg: ['HS256'] }, claims()))).toBe('Token is invalid');
    const hs512 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    expect(await refusal(hs512)).toBe('Token is invalid');
  });

  it('refuses an expired token (exp equal to now included) and one not valid yet', async () => {
    expect(await refusal(hs256({ alg: 'HS256' }, claims({ exp: at - 1 })))).toBe('Token is expired');
    expect(await refusal(hs256({ alg: 'HS256' }, claims({ exp: at })))).toBe('Token is expired');
    expect(await verifyToken(secret, hs256({ alg: 'HS256' }, claims({ exp: at + 1 })), 'access', now)).toMatchObject({ exp: at + 1 });
    const { token } = await signToken(secret, 'access', 7, 300, now);
    expect(await refusal(token, 'access', new Date(now.getTime() + 300_000))).toBe('Token is expired');
    expect(await verifyToken(secret, token, 'access', new Date(now.getTime() + 299_999))).toMatchObject({ user_id: '7' });
    expect(await refusal(hs256({ alg: 'HS256' }, claims({ nbf: at + 1 })))).toBe('Token is invalid');
    expect(await verifyToken(secret, hs256({ alg: 'HS256' }, claims({ nbf: at })), 'access', now)).toMatchObject({ nbf: at });
  });

  it('refuses malformed dates, payloads and headers, and the wrong token type', async () => {
    for (const bad of [{ exp: String(at + 300) }, { exp: null }, { exp: undefined }, { iat: 'yesterday' }, { nbf: true }])
      expect(await refusal(hs256({ alg: 'HS256' }, claims(bad)))).toBe('Token is invalid');
    // JSON reads 1e999 as Infinity: jose let such a token live forever.
    expect(await refusal(hs256({ alg: 'HS256' }, JSON.stringify(claims()).replace(String(at + 300), '1e999')))).toBe('Token is invalid');
    for (const payload of ['[1,2]', 'null', '"text"', '{"a":', '']) expect(await refusal(hs256({ alg: 'HS256' }, payload))).toBe('Token is invalid');
    expect(await refusal(hs256('[]', claims()))).toBe('Token is invalid');
    expect(await refusal(hs256({ alg: 'HS256', crit: ['b64'], b64: true }, claims()))).toBe('Token is invalid');
    expect(await refusal(hs256({ alg: 'HS256' }, claims({ token_type: 'refresh' })))).toBe('Token has wrong type');
    expect(await refusal(hs256({ alg: 'HS256' }, claims({ user_id: 7 })))).toBe('Token is invalid');
    expect(await refusal(hs256({ alg: 'HS256' }, claims({ jti: undefined })))).toBe('Token is invalid');
    const { token } = await signToken(secret, 'access', 7, 300, now);
    for (const garbage of ['', 'abc', `${token}.x`, token.replace('.', '..'), `${token.slice(0, 5)}*${token.slice(6)}`, ` ${token}`, `${token}=`])
      expect(await refusal(garbage)).toBe('Token is invalid');
  });

  it('refuses everything jose refused, over a set of altered tokens', async () => {
    const { token } = await signToken(secret, 'access', 7, 300, now);
    const [head, body, sig] = token.split('.') as [string, string, string];
    const cases = [
      token,
      `${head}.${body}.${sig}`,
      `${head}.${body}.${sig.slice(1)}`,
      `${head}.${body.slice(0, -2)}.${sig}`,
      `${head.slice(1)}.${body}.${sig}`,
      hs256({ alg: 'HS256', typ: 'JWT' }, claims()),
      hs256({ alg: 'HS256', typ: 'JOSE+JSON', kid: 'x' }, claims({ extra: [1, 2] })),
      hs256({ alg: 'HS512' }, claims()),
      hs256({ alg: 'none' }, claims()),
      hs256({ alg: 'HS256', crit: ['exp'] }, claims()),
      hs256({ alg: 'HS256' }, claims({ exp: at })),
      hs256({ alg: 'HS256' }, claims({ exp: at + 1, nbf: at + 2 })),
      hs256({ alg: 'HS256' }, claims({ iat: '1' })),
      hs256({ alg: 'HS256' }, '[]'),
      hs256({ alg: 'HS256' }, claims(), other),
      `${b64({ alg: 'none' })}.${b64(claims())}.`,
    ];
    for (const candidate of cases) {
      const jose = await jwtVerify(candidate, secret, { algorithms: ['HS256'], currentDate: now }).then(
        () => 'accepted',
        () => 'refused',
      );
      const ours = await verifyToken(secret, candidate, 'access', now).then(
        () => 'accepted',
        () => 'refused',
      );
      expect({ candidate, ours }).toEqual({ candidate, ours: jose });
    }
  });
});
