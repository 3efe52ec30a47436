import { describe, expect, it } from 'vitest';
import { authenticateSas, authorizeSas, deriveSasKey, signSas } from './sas.ts';

const key = deriveSasKey(new TextEncoder().encode('a-secret-key-for-sas-tests-0123456789'));
const now = new Date('2026-03-01T10:00:00Z');
const uuid = '0b9f7c1e-3a4d-4f43-9c0f-6f4e8d1a2b3c';
const token = signSas(key, { container: 'assets', directory: uuid, permissions: ['w', 'c'], expiresOn: new Date('2026-03-01T11:00:00Z') });

describe('shared access signatures', () => {
  it('writes Azure service-SAS fields, permissions in Azure order, time without milliseconds', () => {
    const q = new URLSearchParams(token);
    expect([...q.keys()]).toEqual(['sv', 'sp', 'se', 'sr', 'sdd', 'spr', 'sdir', 'sig']);
    expect(q.get('sp')).toBe('cw');
    expect(q.get('se')).toBe('2026-03-01T11:00:00Z');
    expect(q.get('sdir')).toBe(uuid);
  });

  it('authenticates its own token until the expiry, and not at or after it', () => {
    expect(authenticateSas(key, 'assets', new URLSearchParams(token), now)).toMatchObject({ ok: true, directory: uuid });
    expect(authenticateSas(key, 'assets', new URLSearchParams(token), new Date('2026-03-01T11:00:00Z'))).toMatchObject({
      ok: false,
      code: 'AuthenticationFailed',
    });
  });

  it('honours a start time', () => {
    const later = signSas(key, {
      container: 'assets',
      directory: uuid,
      permissions: ['c'],
      startsOn: new Date('2026-03-01T10:30:00Z'),
      expiresOn: new Date('2026-03-01T11:00:00Z'),
    });
    expect(authenticateSas(key, 'assets', new URLSearchParams(later), now).ok).toBe(false);
    expect(authenticateSas(key, 'assets', new URLSearchParams(later), new Date('2026-03-01T10:31:00Z')).ok).toBe(true);
  });

  it.each([
    ['sp', 'rcwd'],
    ['se', '2027-03-01T11:00:00Z'],
    ['sdir', '11111111-1111-4111-8111-111111111111'],
    ['sr', 'c'],
  ])('fails when the signed field %s is changed', (field, value) => {
    const q = new URLSearchParams(token);
    q.set(field, value);
    expect(authenticateSas(key, 'assets', q, now)).toMatchObject({ ok: false, code: 'AuthenticationFailed' });
  });

  it('fails for another container, another key, a truncated or missing sig, and malformed fields', () => {
    expect(authenticateSas(key, 'project-assets', new URLSearchParams(token), now).ok).toBe(false);
    expect(authenticateSas(deriveSasKey(new Uint8Array(32)), 'assets', new URLSearchParams(token), now).ok).toBe(false);
    const q = new URLSearchParams(token);
    q.set('sig', q.get('sig')!.slice(0, 20));
    expect(authenticateSas(key, 'assets', q, now).ok).toBe(false);
    q.delete('sig');
    expect(authenticateSas(key, 'assets', q, now)).toMatchObject({ detail: expect.stringContaining('sig is missing') });
    const bad = new URLSearchParams(token);
    bad.set('se', 'tomorrow');
    expect(authenticateSas(key, 'assets', bad, now)).toMatchObject({ detail: 'Signature fields not well formed.' });
  });

  it('authorizes only blobs one level below its directory, with a permission it grants', () => {
    const sas = authenticateSas(key, 'assets', new URLSearchParams(token), now);
    if (!sas.ok) throw new Error('expected a valid token');
    expect(authorizeSas(sas, `${uuid}/tower.stl`, ['c', 'w'])).toBeNull();
    expect(authorizeSas(sas, `${uuid}/tower.stl`, ['r'])).toMatchObject({ code: 'AuthorizationPermissionMismatch' });
    expect(authorizeSas(sas, `other/tower.stl`, ['c'])).toMatchObject({ code: 'AuthorizationPermissionMismatch' });
    expect(authorizeSas(sas, `${uuid}/deeper/tower.stl`, ['c'])).toMatchObject({ code: 'AuthorizationPermissionMismatch' });
    expect(authorizeSas(sas, uuid, ['c'])).toMatchObject({ code: 'AuthorizationPermissionMismatch' });
  });
});
