import { describe, expect, it } from 'vitest';
import { passwordProblems, quickRatio } from './password-policy.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './reset-token.ts';

describe('passwordProblems', () => {
  it('accepts a long uncommon passphrase', () => {
    expect(passwordProblems('wind tunnel at dawn', { username: 'jane', email: 'jane@acme.test' })).toEqual([]);
  });

  it('compares against each part of an attribute, case-insensitively', () => {
    expect(passwordProblems('JaneDoe@Acme', { email: 'jane.doe@acme.test' })).toEqual(['The password is too similar to the email address.']);
    expect(passwordProblems('harrison!', { lastName: 'Harrison' })).toEqual(['The password is too similar to the last name.']);
  });

  it('does not call a long passphrase similar to a short attribute it contains', () => {
    expect(passwordProblems('my cat bob likes long walks outside', { username: 'bob' })).toEqual([]);
  });

  it('computes difflib quick_ratio', () => {
    expect(quickRatio('abcd', 'bcde')).toBeCloseTo(0.75);
    expect(quickRatio('', '')).toBe(1);
  });
});

describe('password-reset tokens', () => {
  const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret');
  const user = { id: 42, passwordHash: 'scrypt$1$2$3$a$b', lastLogin: new Date('2026-01-02T03:04:05.678Z'), email: 'a@b.test' };
  const now = new Date('2026-02-01T00:00:00Z');

  it('round-trips the uid as unpadded base64url and refuses junk', () => {
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('NDI')).toBe(42);
    for (const junk of ['', 'NDI=', '!!', encodeUid(0), Buffer.from('4x').toString('base64url')]) expect(decodeUid(junk)).toBeNull();
  });

  it('is valid for three days and dies when the password, last login or e-mail change', () => {
    const token = makeResetToken(secret, user, now);
    expect(checkResetToken(secret, user, token, now)).toBe(true);
    expect(checkResetToken(secret, user, token, new Date(now.getTime() + 3 * 86_400_000))).toBe(true);
    expect(checkResetToken(secret, user, token, new Date(now.getTime() + 3 * 86_400_000 + 1000))).toBe(false);
    expect(checkResetToken(secret, { ...user, passwordHash: 'other' }, token, now)).toBe(false);
    expect(checkResetToken(secret, { ...user, lastLogin: new Date() }, token, now)).toBe(false);
    expect(checkResetToken(secret, { ...user, email: 'c@d.test' }, token, now)).toBe(false);
    expect(checkResetToken(new TextEncoder().encode('another-secret-another-secret!!'), user, token, now)).toBe(false);
  });
});
