import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { projects, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectPermissions } from '../accounts/auth/permissions.ts';
import { projectAccess, visibleProjects } from './access.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  await t.database.db.insert(projects).values([
    { name: 'Demo', companyId: w.otherCompanyId, isDemo: true },
    { name: 'Orphan', companyId: null },
    { name: 'Made by the admin elsewhere', companyId: w.otherCompanyId, createdBy: w.userIds.projectAdmin },
  ]);
});
afterAll(() => t.close());

async function authUser(id: number): Promise<AuthUser> {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return { id: u!.id, username: u!.username, email: u!.email, companyId: u!.companyId, roleId: u!.roleId, isSuperuser: u!.isSuperuser };
}

describe('the list rule and the object rule', () => {
  it('agree for every role and every project: the list holds exactly what projectAccess lets the user see', async () => {
    const db = t.database.db;
    const all = await db.select({ id: projects.id }).from(projects);
    for (const [role, id] of Object.entries({ owner: w.ownerId, ...w.userIds })) {
      const user = await authUser(id);
      const listed = new Set((await db.select({ id: projects.id }).from(projects).where(visibleProjects(user))).map((r) => r.id));
      for (const { id: projectId } of all) {
        const access = await projectAccess(db, user, projectId);
        expect({ role, projectId, seen: listed.has(projectId) }).toEqual({ role, projectId, seen: access!.canSee });
      }
    }
  });

  it('grant change permissions per project exactly where the user may change it', async () => {
    const db = t.database.db;
    for (const [role, id] of Object.entries({ owner: w.ownerId, ...w.userIds })) {
      const user = await authUser(id);
      const map = await projectPermissions(db, user, ['projects.change_project']);
      for (const [projectId, permissions] of Object.entries(map)) {
        const access = await projectAccess(db, user, Number(projectId));
        expect({ role, projectId, change: permissions.includes('projects.change_project') }).toEqual({
          role,
          projectId,
          // Held by the role, and the project is one the user may change.
          change: access!.canChange && access!.permissions.has('projects.change_project'),
        });
      }
    }
  });

  it('give company-wide permissions only on the own company’s projects', async () => {
    const sharee = await projectPermissions(t.database.db, await authUser(w.userIds.acceptedShare), []);
    expect(sharee[String(w.projectId)]).toEqual([
      'projects.change_project',
      'simulation_assets.add_configuration',
      'simulation_assets.change_configuration',
      'projects.add_insight',
    ]);
    const admin = await projectPermissions(t.database.db, await authUser(w.userIds.colleagueWithPermission), ['custom_auth.change_user']);
    expect(admin[String(w.projectId)]).toEqual(['custom_auth.change_user']);
  });
});
