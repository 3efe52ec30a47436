import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, createUser, type World } from '../../../test/world.ts';
import { projects, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectAccess } from './access.ts';

let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestContext();
  world = await buildWorld(t.deps);
});
afterAll(() => t.close());

async function authUser(id: number): Promise<AuthUser> {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return { id: u!.id, username: u!.username, email: u!.email, companyId: u!.companyId, roleId: u!.roleId, isSuperuser: u!.isSuperuser };
}

describe('project access', () => {
  it('matches the designed see/change table for every role', async () => {
    const table: Record<string, [boolean, boolean]> = {};
    for (const [role, id] of Object.entries({ owner: world.ownerId, ...world.userIds })) {
      const access = await projectAccess(t.database.db, await authUser(id), world.projectId);
      table[role] = [access!.canSee, access!.canChange];
    }
    expect(table).toEqual({
      owner: [true, true], // creator is an administrator, Project Manager holds change_project
      otherCompany: [false, false],
      colleague: [true, false], // Viewer: sees company projects, changes none
      colleagueWithPermission: [true, true], // Org Admin: edit-all-company-projects
      projectAdmin: [true, true], // Engineer administering it
      acceptedShare: [true, true], // Engineer with an accepted share (edit level)
      viewShare: [true, false], // Engineer with an accepted view-only share
      pendingShare: [false, false], // not until accepted
      superuser: [true, true],
    });
  });

  it('lets everyone see a demo project and only superusers change it', async () => {
    const [demo] = await t.database.db.insert(projects).values({ name: 'Demo', companyId: world.otherCompanyId, isDemo: true }).returning({ id: projects.id });
    const stranger = await createUser(t.database.db, { username: 'demo-viewer', companyId: null, role: 'Org Admin' });
    const a = await projectAccess(t.database.db, await authUser(stranger), demo!.id);
    expect([a!.canSee, a!.canChange]).toEqual([true, false]);
    const s = await projectAccess(t.database.db, await authUser(world.userIds.superuser), demo!.id);
    expect([s!.canSee, s!.canChange]).toEqual([true, true]);
  });

  it('answers null for a project that does not exist or a malformed id', async () => {
    const user = await authUser(world.ownerId);
    expect(await projectAccess(t.database.db, user, 999_999)).toBeNull();
    expect(await projectAccess(t.database.db, user, Number.NaN)).toBeNull();
  });
});
