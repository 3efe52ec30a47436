/**
 * Sharing, inviting and signing up reveal nothing about accounts the caller could not already see:
 * a share by id reaches only users the caller can see; a share or an
 * invitation by e-mail answers the same whether or not the address has an account, and names the
 * recipient only by the address typed until they accept; revoking a share leaves the recipient's
 * notification; sign-up keeps the username message but no longer tells a taken address apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, createUser, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { notifications, projectShares, users } from '../../db/schema/index.ts';
import type { Invite, NotificationPage, ProjectShare, ProjectSharePage } from '@canopy/contract/sharing.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

const shares = () => `/api/project/${w.projectId}/project-share/`;

/** What an observer can compare between two answers: everything but ids and times. */
function comparable(share: ProjectShare) {
  const local = (text: string) => text.replace(/^[^@]+/, 'x');
  return { ...share, id: 'id', created: 'time', updated: 'time', user: { ...share.user, email: local(share.user.email), name: local(share.user.name) } };
}

describe('sharing by id', () => {
  it('reaches no user of another company: the same answer as an id that does not exist, and nothing is written', async () => {
    const victim = await createUser(t.database.db, { username: 'victim', companyId: w.otherCompanyId, role: 'Engineer', email: 'victim@elsewhere.test' });
    const foreign = await call('POST', shares(), w.tokens.projectAdmin, { user_id: victim });
    const missing = await call('POST', shares(), w.tokens.projectAdmin, { user_id: 2_000_000_000 });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).not.toMatch(/victim|elsewhere/i);
    expect(foreign.body).toEqual({ user_id: [expect.stringContaining('does not exist')] });
    expect(missing.body).toEqual({ user_id: [expect.stringContaining('does not exist')] });
    expect(await t.database.db.select().from(projectShares).where(eq(projectShares.userId, victim))).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, victim))).toEqual([]);
  });

  it('still shares with a colleague by id, naming them', async () => {
    const colleague = await createUser(t.database.db, { username: 'deskmate', companyId: w.companyId, role: 'Viewer' });
    const res = await call<ProjectShare>('POST', shares(), w.tokens.projectAdmin, { user_id: colleague });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ id: colleague, username: 'deskmate' });
  });
});

describe('sharing by e-mail', () => {
  it('answers alike for an address with an account and one without, naming only the address typed', async () => {
    const known = await createUser(t.database.db, { username: 'known', companyId: w.otherCompanyId, role: 'Engineer', email: 'known@elsewhere.test' });
    const a = await call<ProjectShare>('POST', shares(), w.tokens.projectAdmin, { email: 'Known@Elsewhere.test' });
    const b = await call<ProjectShare>('POST', shares(), w.tokens.projectAdmin, { email: 'Unknown@Elsewhere.test' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(comparable(a.body)).toEqual(comparable(b.body));
    expect(JSON.stringify(a.body)).not.toMatch(/"known"|Elsewhere Ltd/);
    // The list and the single share say no more.
    const list = await call<ProjectSharePage>('GET', `${shares()}?page_size=999`, w.tokens.projectAdmin);
    const listed = list.body.results.filter((s) => s.id === a.body.id || s.id === b.body.id);
    expect(listed).toHaveLength(2);
    expect(comparable(listed[0]!)).toEqual(comparable(listed[1]!));
    const one = await call<ProjectShare>('GET', `${shares()}${a.body.id}/`, w.tokens.projectAdmin);
    const other = await call<ProjectShare>('GET', `${shares()}${b.body.id}/`, w.tokens.projectAdmin);
    expect(comparable(one.body)).toEqual(comparable(other.body));
    // A second share to either address is refused with the same words.
    const again = [
      await call('POST', shares(), w.tokens.projectAdmin, { email: 'known@elsewhere.test' }),
      await call('POST', shares(), w.tokens.projectAdmin, { email: 'unknown@elsewhere.test' }),
    ];
    expect(again[0]).toEqual(again[1]);
    expect(again[0]!.status).toBe(400);
    // The real recipient still gets the share and, on accepting, is named to the sharer.
    const token = await accessToken(t.deps, known);
    const inbox = await call<NotificationPage>('GET', '/api/user/notifications/', token);
    expect(inbox.body.results.map((n) => n.project_share_id)).toContain(a.body.id);
    await call('POST', `/api/user/project-shares/${a.body.id}/`, token, { share_status: 'accepted' });
    const accepted = await call<ProjectShare>('GET', `${shares()}${a.body.id}/`, w.tokens.projectAdmin);
    expect(accepted.body.user).toMatchObject({ id: known, username: 'known', company_name: 'Elsewhere Ltd' });
    // Both can be revoked.
    expect((await call('DELETE', `${shares()}${b.body.id}/`, w.tokens.projectAdmin)).status).toBe(204);
    expect((await call('GET', `${shares()}${b.body.id}/`, w.tokens.projectAdmin)).status).toBe(404);
  });

  it('revoking a share leaves the recipient their notification', async () => {
    const target = await createUser(t.database.db, { username: 'noticer', companyId: w.otherCompanyId, role: 'Engineer', email: 'noticer@elsewhere.test' });
    const share = await call<ProjectShare>('POST', shares(), w.tokens.projectAdmin, { email: 'noticer@elsewhere.test' });
    expect((await call('DELETE', `${shares()}${share.body.id}/`, w.tokens.projectAdmin)).status).toBe(204);
    const inbox = await call<NotificationPage>('GET', '/api/user/notifications/', await accessToken(t.deps, target));
    expect(inbox.body.results).toEqual([expect.objectContaining({ kind: 'project_shared', project_id: w.projectId, project_share_id: null })]);
  });
});

describe('inviting by e-mail', () => {
  it('answers alike whether or not the address has an account', async () => {
    const path = `/api/project/${w.projectId}/user-invite/`;
    const taken = await call<Invite>('POST', path, w.tokens.projectAdmin, { email: 'owner@example.test' });
    const free = await call<Invite>('POST', path, w.tokens.projectAdmin, { email: 'fresh@example.test' });
    expect(taken.status).toBe(201);
    expect(free.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
  });
});

describe('signing up', () => {
  it('keeps the username message but answers a taken address like a free one, leaving its account alone', async () => {
    const body = (username: string, email: string) => ({ username, email, password: 'a sturdy passphrase for tests' });
    const taken = await call<{ email: string; username: string }>('POST', '/authusers/', undefined, body('lookalike', 'owner@example.test'));
    const free = await call<{ email: string; username: string }>('POST', '/authusers/', undefined, body('newcomer', 'newcomer@example.test'));
    expect(taken.status).toBe(201);
    expect(free.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(taken.body).toMatchObject({ username: 'lookalike', email: 'owner@example.test' });
    // The earlier account keeps the address for everything that goes by address.
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, w.ownerId));
    expect(owner).toMatchObject({ username: 'owner', email: 'owner@example.test', isActive: true });
    expect(await call('POST', '/authusers/', undefined, body('OWNER', 'another@example.test'))).toEqual({
      status: 400,
      body: { username: ['A user with that username already exists.'] },
    });
  });
});
