import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, createUser, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { projectAdministrators, projects, shareGroupMembers, users } from '../../db/schema/index.ts';
import type { Company, CompanyUser, CompanyUserPage, OwnCompany, RolePage } from '@canopy/contract/company.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

describe('the company', () => {
  it("shows the user's own company with its user count", async () => {
    const { body } = await call<OwnCompany>('GET', '/api/company/', w.tokens.colleague);
    expect(body).toMatchObject({ id: w.companyId, name: 'Acme Engineering', is_rwdi: false });
    expect(body.user_count).toBeGreaterThan(5);
    expect((await call('GET', '/api/company/', w.tokens.superuser)).status).toBe(404);
  });

  it('shows a company by id to its members and to whoever sees one of its projects, no one else', async () => {
    const consulting = await call<Company>('GET', `/api/company/id/${await companyOf(w.userIds.acceptedShare)}/`, w.tokens.acceptedShare);
    expect(consulting.body).toEqual({ id: expect.any(Number), name: 'Partner Consulting', is_rwdi: true });
    expect((await call('GET', `/api/company/id/${w.companyId}/`, w.tokens.acceptedShare)).status).toBe(200);
    expect((await call('GET', `/api/company/id/${w.companyId}/`, w.tokens.otherCompany)).status).toBe(404);
    expect((await call('GET', '/api/company/id/999999/', w.tokens.superuser)).status).toBe(404);
  });

  it('lists the roles with their permission strings', async () => {
    const { body } = await call<RolePage>('GET', '/api/roles/', w.tokens.colleague);
    expect(body.results.map((r) => r.name)).toEqual(['Org Admin', 'Project Manager', 'Engineer', 'Viewer']);
    expect(body.results.find((r) => r.name === 'Viewer')?.permissions).toEqual([]);
  });
});

async function companyOf(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row!.companyId!;
}

describe('company users', () => {
  it('are listed, paged, to every member of the company and only its members', async () => {
    const page = await call<CompanyUserPage>('GET', '/api/company/users/?page_size=2', w.tokens.colleague);
    expect(page.body.results).toHaveLength(2);
    const all = await call<CompanyUserPage>('GET', '/api/company/users/?page_size=999', w.tokens.otherCompany);
    expect(all.body.results.every((u) => u.username !== 'colleague')).toBe(true);
  });

  it('are added by holders of custom_auth.change_user, with a mail to choose a password', async () => {
    const added = await call<CompanyUser>('POST', '/api/company/users/', w.tokens.colleagueWithPermission, {
      username: 'newbie',
      email: 'newbie@example.test',
      first_name: 'New',
      role: w.projects.viewerRoleId,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'newbie', role: w.projects.viewerRoleId, role_name: 'Viewer', subscription: null, is_active: true });
    expect(t.mailer.last()).toMatchObject({ to: 'newbie@example.test', text: expect.stringMatching(/\/password\/reset\/confirm\/[\w-]+\/[\w-]+/) });
    expect(await call('POST', '/api/company/users/', w.tokens.colleagueWithPermission, { username: 'NEWBIE', email: 'owner@example.test' })).toEqual({
      status: 400,
      body: { username: ['A user with that username already exists.'], email: ['user with this email address already exists.'] },
    });
    expect(await call('POST', '/api/company/users/', w.tokens.colleagueWithPermission, { username: 'bad name', email: 'x' })).toEqual({
      status: 400,
      body: {
        username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'],
        email: ['Enter a valid email address.'],
      },
    });
    expect(await call('POST', '/api/company/users/', w.tokens.colleagueWithPermission, { username: 'r', email: 'r@example.test', role: 999999 })).toEqual({
      status: 400,
      body: { role: ['Invalid pk "999999" - object does not exist.'] },
    });
  });

  it('change role; an administrator cannot change their own role', async () => {
    const path = `/api/company/users/${w.projects.memberId}/`;
    const [engineer] = (await call<RolePage>('GET', '/api/roles/', w.tokens.colleague)).body.results.filter((r) => r.name === 'Engineer');
    expect((await call<CompanyUser>('PATCH', path, w.tokens.colleagueWithPermission, { role: engineer!.id })).body.role_name).toBe('Engineer');
    expect(await call('PATCH', `/api/company/users/${w.userIds.colleagueWithPermission}/`, w.tokens.colleagueWithPermission, { role: engineer!.id })).toEqual({
      status: 400,
      body: { role: ['You cannot change your own role.'] },
    });
    expect(await call('PATCH', path, w.tokens.colleagueWithPermission, {})).toEqual({
      status: 400,
      body: { non_field_errors: ['Give role or subscription.'] },
    });
  });

  it('are removed by detaching and deactivating: their projects and other companies’ data stay', async () => {
    const db = t.database.db;
    const leaverId = await createUser(db, { username: 'leaver', companyId: w.companyId, role: 'Project Manager' });
    const [own] = await db.insert(projects).values({ name: 'Leaver project', companyId: w.companyId, createdBy: leaverId }).returning({ id: projects.id });
    const [theirs] = await db.insert(projects).values({ name: 'Partner project', companyId: w.otherCompanyId }).returning({ id: projects.id });
    await db.insert(projectAdministrators).values([
      { projectId: w.projectId, userId: leaverId },
      { projectId: theirs!.id, userId: leaverId },
    ]);
    const leaverToken = await accessToken(t.deps, leaverId);
    expect((await call('DELETE', `/api/company/users/${leaverId}/`, w.tokens.otherCompany)).status).toBe(404);
    expect((await call('DELETE', `/api/company/users/${leaverId}/`, w.tokens.colleague)).status).toBe(403);
    expect((await call('DELETE', `/api/company/users/${leaverId}/`, w.tokens.colleagueWithPermission)).status).toBe(204);
    const [row] = await db.select().from(users).where(eq(users.id, leaverId));
    expect(row).toMatchObject({ companyId: null, roleId: null, isActive: false });
    expect(await db.select({ id: projects.id }).from(projects).where(eq(projects.id, own!.id))).toHaveLength(1);
    // Administrator rows on this company's projects go; those on another company's project stay theirs.
    const adminRows = await db.select().from(projectAdministrators).where(eq(projectAdministrators.userId, leaverId));
    expect(adminRows.map((r) => r.projectId)).toEqual([theirs!.id]);
    expect((await call('GET', '/api/project/', leaverToken)).status).toBe(401);
    expect(await call('DELETE', `/api/company/users/${w.userIds.colleagueWithPermission}/`, w.tokens.colleagueWithPermission)).toEqual({
      status: 400,
      body: { detail: 'You cannot remove yourself from the company.' },
    });
  });
});

describe('concurrent administration of one user', () => {
  it('changing and removing the same user at once neither deadlocks nor fails', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await createUser(t.database.db, { username: `contested-${round}`, companyId: w.companyId, role: 'Viewer' });
      const [change, remove] = await Promise.all([
        call('PATCH', `/api/company/users/${id}/`, w.tokens.colleagueWithPermission, { role: w.projects.viewerRoleId }),
        call('DELETE', `/api/company/users/${id}/`, w.tokens.colleagueWithPermission),
      ]);
      expect(remove.status).toBe(204);
      // Changed before the removal, or found gone after it.
      expect([200, 404]).toContain(change.status);
    }
  });
});

describe('share groups', () => {
  it('keep exactly one default when two requests create default groups at once', async () => {
    const [a, b] = await Promise.all(
      ['North', 'South'].map((name) => call('POST', '/api/company/share-groups/', w.tokens.colleagueWithPermission, { name, default_for_new_projects: true })),
    );
    expect([a!.status, b!.status]).toEqual([201, 201]);
    const groups = await call<{ results: Array<{ name: string; default_for_new_projects: boolean }> }>(
      'GET',
      '/api/company/share-groups/?page_size=999',
      w.tokens.colleague,
    );
    expect(groups.body.results.filter((g) => g.default_for_new_projects)).toHaveLength(1);
  });

  it('keep exactly one default when two requests switch the default at once', async () => {
    const ids: number[] = [];
    for (const name of ['East', 'West']) {
      ids.push((await call<{ id: number }>('POST', '/api/company/share-groups/', w.tokens.colleagueWithPermission, { name })).body.id);
    }
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        ids.map((id) => call('PATCH', `/api/company/share-groups/${id}/`, w.tokens.colleagueWithPermission, { default_for_new_projects: true })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const groups = await call<{ results: Array<{ id: number; default_for_new_projects: boolean }> }>(
        'GET',
        '/api/company/share-groups/?page_size=999',
        w.tokens.colleague,
      );
      const defaults = groups.body.results.filter((g) => g.default_for_new_projects);
      expect(defaults).toHaveLength(1);
      expect(ids).toContain(defaults[0]!.id);
    }
  });

  it('manage members of the same company only, and refuse a taken name', async () => {
    const group = await call<{ id: number }>('POST', '/api/company/share-groups/', w.tokens.colleagueWithPermission, {
      name: 'Reviewers',
      users: [w.userIds.colleague],
    });
    const path = `/api/company/share-groups/${group.body.id}/users/`;
    expect(await call('POST', path, w.tokens.colleagueWithPermission, { users: [w.userIds.projectAdmin, w.userIds.colleague] })).toEqual({
      status: 200,
      body: { users: [w.userIds.colleague, w.userIds.projectAdmin].sort((x, y) => x - y) },
    });
    expect(await call('POST', path, w.tokens.colleagueWithPermission, { users: [w.userIds.otherCompany] })).toEqual({
      status: 400,
      body: { users: [`Invalid pk "${w.userIds.otherCompany}" - object does not exist.`] },
    });
    expect(await call('POST', path, w.tokens.colleagueWithPermission, { users: [] })).toEqual({ status: 400, body: { users: ['Give at least one user id.'] } });
    expect((await call('DELETE', `${path}${w.userIds.colleague}/`, w.tokens.colleagueWithPermission)).status).toBe(204);
    expect((await call('DELETE', `${path}${w.userIds.colleague}/`, w.tokens.colleagueWithPermission)).status).toBe(404);
    expect(await t.database.db.select().from(shareGroupMembers).where(eq(shareGroupMembers.shareGroupId, group.body.id))).toHaveLength(1);
    expect(await call('POST', '/api/company/share-groups/', w.tokens.colleagueWithPermission, { name: 'reviewers' })).toEqual({
      status: 400,
      body: { name: ['A share group with this name already exists.'] },
    });
    expect(await call('PATCH', `/api/company/share-groups/${group.body.id}/`, w.tokens.colleagueWithPermission, { name: 'north' })).toEqual({
      status: 400,
      body: { name: ['A share group with this name already exists.'] },
    });
  });
});
