/** End-user agreement, onboarding questionnaire, permission lists, reference data, socket negotiate. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { eulas } from '../../db/schema/index.ts';
import { PERMISSIONS, ROLES } from '../../contexts/accounts/roles.ts';
import { CURRENT_EULA } from '../../contexts/accounts/auth/eula-text.ts';
import { verifySocketToken } from '../../realtime/socket-token.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://canopy.example.test' });
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

const get = (path: string, token?: string) => t.request(path, { token });

describe('end-user agreement', () => {
  it('shows the current agreement until it is accepted, then {}', async () => {
    const token = w.tokens.colleague;
    const first = (await (await get('/api/eula/', token)).json()) as { id: number; version: string; body: string };
    expect(first).toMatchObject({ id: w.eulaId, version: CURRENT_EULA.version, title: CURRENT_EULA.title });
    expect(first.body.length).toBeGreaterThan(100);
    const agree = await t.request(`/api/eula/${first.id}/agreement`, { method: 'POST', token });
    expect(agree.status).toBe(201);
    expect(await agree.json()).toMatchObject({ eula_id: first.id, agreed_at: expect.any(String) });
    expect(await (await get('/api/eula', token)).json()).toEqual({});
    // Agreeing twice is harmless; other users still see it.
    expect((await t.request(`/api/eula/${first.id}/agreement`, { method: 'POST', token })).status).toBe(201);
    expect(await (await get('/api/eula/', w.tokens.superuser)).json()).toMatchObject({ id: first.id });
  });

  it('asks again when a newer version is published', async () => {
    const token = w.tokens.colleague;
    const [next] = await t.database.db
      .insert(eulas)
      .values({ version: 'next', title: 'Updated terms', body: 'New text.', publishedAt: t.clock.now() })
      .returning({ id: eulas.id });
    expect(await (await get('/api/eula/', token)).json()).toMatchObject({ id: next!.id, version: 'next' });
  });

  it('answers 404 for an agreement that does not exist', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await t.request(`/api/eula/${id}/agreement`, { method: 'POST', token: w.tokens.colleague });
      expect(res.status).toBe(404);
    }
  });
});

describe('onboarding questionnaire', () => {
  const answers = { role: 'Wind engineer', organisation_type: 'Consultancy', intended_use: 'Pedestrian comfort studies' };

  it('is answered once: 201, then me says so, and a repeat keeps the first answers with 200', async () => {
    const token = w.tokens.acceptedShare;
    expect(await (await get('/authusers/me/', token)).json()).toMatchObject({ questionnaire_answered: false });
    const res = await t.request('/api/user/questionnaire-answers', { method: 'POST', token, json: answers });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ...answers, answered_at: expect.any(String) });
    expect(await (await get('/authusers/me/', token)).json()).toMatchObject({ questionnaire_answered: true });
    const again = await t.request('/api/user/questionnaire-answers', { method: 'POST', token, json: { ...answers, role: 'Other' } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject(answers);
  });

  it('requires every answer', async () => {
    const res = await t.request('/api/user/questionnaire-answers', { method: 'POST', token: w.tokens.pendingShare, json: { role: '' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      role: ['This field may not be blank.'],
      organisation_type: ['This field is required.'],
      intended_use: ['This field is required.'],
    });
  });
});

describe('permissions', () => {
  const roleHolds = (name: string) => [...ROLES.find((r) => r.name === name)!.permissions];

  it('lists the role permissions globally; all for a superuser, none for a Viewer', async () => {
    expect(await (await get('/api/permissions/', w.tokens.colleagueWithPermission)).json()).toEqual([...PERMISSIONS]);
    expect(await (await get('/api/permissions/', w.tokens.projectAdmin)).json()).toEqual(PERMISSIONS.filter((p) => roleHolds('Engineer').includes(p)));
    expect(await (await get('/api/permissions/', w.tokens.colleague)).json()).toEqual([]);
    expect(await (await get('/api/permissions/', w.tokens.superuser)).json()).toEqual([...PERMISSIONS]);
  });

  it('maps the company projects to the requested permissions the role holds', async () => {
    const query = '?user_permission=projects.change_project&user_permission=custom_auth.change_user';
    const engineer = await (await get(`/api/project-permissions/${query}`, w.tokens.projectAdmin)).json();
    expect(engineer).toEqual({ [String(w.projectId)]: ['projects.change_project'] });
    const admin = await (await get(`/api/project-permissions/${query}`, w.tokens.colleagueWithPermission)).json();
    expect(admin).toEqual({ [String(w.projectId)]: ['projects.change_project', 'custom_auth.change_user'] });
    // Another company's member sees none of company A's projects.
    expect(await (await get(`/api/project-permissions/${query}`, w.tokens.otherCompany)).json()).toEqual({});
    expect(await (await get(`/api/project-permissions/${query}`, w.tokens.superuser)).json()).toMatchObject({
      [String(w.projectId)]: ['projects.change_project', 'custom_auth.change_user'],
    });
  });

  it('refuses an unknown permission string', async () => {
    const res = await get('/api/project-permissions/?user_permission=projects.fly', w.tokens.colleague);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ user_permission: ['"projects.fly" is not a valid choice.'] });
  });
});

describe('reference data', () => {
  it('lists every ISO 3166-1 country by name', async () => {
    const res = await get('/api/countries');
    expect(res.status).toBe(200);
    const countries = (await res.json()) as Array<{ code: string; name: string }>;
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ code: 'CA', name: 'Canada' });
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(new Set(countries.map((c) => c.code)).size).toBe(249);
    expect(countries.map((c) => c.name)).toEqual([...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('lists subdivisions for CA, US, GB and AU', async () => {
    const count = async (country: string) => ((await (await get(`/api/provinces?country=${country}`)).json()) as unknown[]).length;
    expect(await count('CA')).toBe(13);
    expect(await count('US')).toBe(57);
    expect(await count('GB')).toBe(4);
    expect(await count('AU')).toBe(8);
    expect(await count('fr')).toBe(0);
    const ca = (await (await get('/api/provinces/?country=ca')).json()) as Array<Record<string, string>>;
    expect(ca).toContainEqual({ code: 'CA-QC', name: 'Quebec', type: 'province', country: 'CA' });
    expect(((await (await get('/api/provinces')).json()) as unknown[]).length).toBe(13 + 57 + 4 + 8);
    const bad = await get('/api/provinces?country=XQ');
    expect(bad.status).toBe(400);
  });
});

describe('GET /socket/negotiate', () => {
  it('returns the socket URL and a one-minute socket token', async () => {
    const res = await get('/socket/negotiate', w.tokens.colleague);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; accessToken: string };
    expect(body.url).toBe('wss://canopy.example.test/socket/live');
    expect(await verifySocketToken(t.deps, body.accessToken)).toBe(w.userIds.colleague);
    t.clock.advance(61_000);
    try {
      await expect(verifySocketToken(t.deps, body.accessToken)).rejects.toThrow('Token is expired');
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await get('/socket/negotiate')).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('describes the sign-in routes with their access and request schemas', async () => {
    const doc = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: string; requestBody?: unknown }>>;
    };
    expect(doc.paths['/authjwt/create']?.post?.['x-access']).toBe('public');
    expect(doc.paths['/authjwt/create']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/authusers/me']?.get?.['x-access']).toBe('user');
    expect(doc.paths['/autho/{provider}']?.post?.['x-access']).toBe('public');
    expect(doc.paths['/socket/negotiate']?.get?.['x-access']).toBe('user');
  });
});
