/**
 * The project pages read what the database keeps for them (migration 0023): each project's JSON and
 * the counts the list's total is added up from, and each study's JSON for the detail. These tests
 * change projects, studies, scenarios and simulations in every way the triggers must follow, by
 * routes and by raw SQL, and compare the pages with what they would be if everything were read
 * afresh: the total with a count of what the access rule lets through, each listed project with
 * the detail's summary and with JSON.stringify's text, each study's simulations with a join.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, createUser, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { companies, configurations, projectAdministrators, projects, projectShares, simulations, studies, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { visibleProjects } from '../../contexts/projects/access.ts';
import type { Project, ProjectPage } from '@canopy/contract/projects.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
let loneUserId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
  // A user in no company, who sees only demos and what they made, administer or were shared.
  loneUserId = await createUser(t.database.db, { username: 'freelancer', companyId: null, role: 'Engineer' });
  for (const [role, id] of Object.entries({ owner: w.ownerId, lone: loneUserId, ...w.userIds })) tokens[role] = await accessToken(t.deps, id);
});
afterAll(() => t.close());

async function authUser(id: number): Promise<AuthUser> {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return { id: u!.id, username: u!.username, email: u!.email, companyId: u!.companyId, roleId: u!.roleId, isSuperuser: u!.isSuperuser };
}

/** For every user: the list's total against a count of the projects the access rule lets them see. */
async function expectTotalsFollowTheRule(step: string): Promise<void> {
  for (const [role, token] of Object.entries(tokens)) {
    const id = role === 'owner' ? w.ownerId : role === 'lone' ? loneUserId : w.userIds[role as keyof World['userIds']];
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(projects)
      .where(visibleProjects(await authUser(id)));
    const page = await call<ProjectPage>('GET', '/api/project/?page_size=2', token);
    expect({ step, role, status: page.status, total: page.body.count }).toEqual({ step, role, status: 200, total: expected!.n });
  }
}

describe('the project list’s total, added up from kept counts', () => {
  it('equals a count of what the access rule lets each user see, through every change a project can go through', async () => {
    const db = t.database.db;
    await expectTotalsFollowTheRule('the world');

    const [made] = await db
      .insert(projects)
      .values([
        { name: 'Made alone', companyId: null, createdBy: loneUserId },
        { name: 'Made alone, twice', companyId: null, createdBy: loneUserId },
        { name: 'Made elsewhere by the owner', companyId: w.otherCompanyId, createdBy: w.ownerId },
        { name: 'A demo of the other company', companyId: w.otherCompanyId, isDemo: true },
      ])
      .returning({ id: projects.id });
    await expectTotalsFollowTheRule('projects added');

    await db.update(projects).set({ companyId: w.companyId }).where(eq(projects.id, made!.id));
    await expectTotalsFollowTheRule('a project moved into a company');

    await db.update(projects).set({ isDemo: true }).where(eq(projects.name, 'Made elsewhere by the owner'));
    await expectTotalsFollowTheRule('a project made a demo');
    await db.update(projects).set({ isDemo: false }).where(eq(projects.name, 'A demo of the other company'));
    await expectTotalsFollowTheRule('a demo no longer one');

    const [elsewhere] = await db.select({ id: projects.id }).from(projects).where(eq(projects.name, 'A demo of the other company'));
    await db.insert(projectAdministrators).values({ projectId: elsewhere!.id, userId: loneUserId, addedBy: w.ownerId });
    await db
      .insert(projectShares)
      .values({ projectId: elsewhere!.id, userId: w.userIds.colleague, sharedBy: w.ownerId, shareStatus: 'accepted', accessLevel: 'view' });
    await db.insert(projectShares).values({ projectId: elsewhere!.id, userId: w.userIds.acceptedShare, sharedBy: w.ownerId, shareStatus: 'pending' });
    await expectTotalsFollowTheRule('administered and shared across companies');

    // Seen several ways at once (demo, own company, creator, administrator, share): counted once.
    await db.update(projects).set({ isDemo: true, createdBy: loneUserId }).where(eq(projects.id, elsewhere!.id));
    await db.insert(projectAdministrators).values({ projectId: w.projectId, userId: w.userIds.colleague, addedBy: w.ownerId });
    await expectTotalsFollowTheRule('seen several ways at once');

    await db.execute(sql`update projects set created_by = ${w.userIds.colleague}, company_id = null where name = 'Made alone, twice'`);
    await expectTotalsFollowTheRule('creator and company changed together, by raw SQL');

    const lonely = await createUser(db, { username: 'leaver', companyId: w.companyId, role: 'Engineer' });
    await db.insert(projects).values({ name: 'Made by a leaver', companyId: w.otherCompanyId, createdBy: lonely });
    await db.delete(users).where(eq(users.id, lonely));
    await expectTotalsFollowTheRule('a creator deleted (their projects keep no creator)');

    await db.delete(projects).where(eq(projects.id, elsewhere!.id));
    await expectTotalsFollowTheRule('a project deleted');

    const [gone] = await db.insert(companies).values({ name: 'Short-lived' }).returning({ id: companies.id });
    await db.insert(projects).values({ name: 'Of a short-lived company', companyId: gone!.id, createdBy: w.ownerId });
    await expectTotalsFollowTheRule('a project of a new company');
    await db.delete(companies).where(eq(companies.id, gone!.id));
    await expectTotalsFollowTheRule('that company deleted with its projects');
  });

  it('still pages: the last page is counted from the same total, and past it is 404', async () => {
    const total = (await call<ProjectPage>('GET', '/api/project/?page_size=1', tokens.colleague)).body.count;
    const last = await call<ProjectPage>('GET', `/api/project/?page_size=1&page=${total}`, tokens.colleague);
    expect(last.body).toMatchObject({ count: total, next: null });
    expect(last.body.results).toHaveLength(1);
    expect((await call('GET', `/api/project/?page_size=1&page=${total + 1}`, tokens.colleague)).status).toBe(404);
  });
});

describe('each listed project’s JSON, kept beside the project', () => {
  async function listed(id: number) {
    const res = await t.request(`/api/project/?search=${id}`, { method: 'GET', token: tokens.owner });
    const text = await res.text();
    const page = JSON.parse(text) as ProjectPage;
    return { text, project: page.results.find((p) => p.id === id)! };
  }

  async function expectAsTheDetail(id: number): Promise<void> {
    const { text, project } = await listed(id);
    const detail = (await call<Project>('GET', `/api/project/${id}/`, tokens.owner)).body;
    const { studies: listedStudies, ...summary } = project;
    for (const [key, value] of Object.entries(summary)) expect([key, value]).toEqual([key, detail[key as keyof Project]]);
    expect(listedStudies).toEqual(detail.studies.map((s) => ({ id: s.id, name: s.name })));
    // Written as JSON.stringify writes the same answer: the same bytes, not only the same values.
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
  }

  it('follows the project and its studies: added, renamed, moved, deleted, by routes and by raw SQL', async () => {
    const db = t.database.db;
    const created = await call<Project>('POST', '/api/project/', tokens.owner, { name: 'Quay "West" \\ side\n\ttab \u0001 ünïcødé 🌬️', location: 'Oslo' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await expectAsTheDetail(id);

    const patched = await call('PATCH', `/api/project/${id}/`, tokens.owner, { location: 'Bergen </script>', latitude: 60.39299, longitude: 5.32415 });
    expect(patched.status).toBe(200);
    await expectAsTheDetail(id);

    const [second] = await db.insert(studies).values({ projectId: id, name: 'Second "study"' }).returning({ id: studies.id });
    await expectAsTheDetail(id);
    await db.update(studies).set({ name: 'Renamed' }).where(eq(studies.id, second!.id));
    await expectAsTheDetail(id);

    await db.update(studies).set({ projectId: w.projectId }).where(eq(studies.id, second!.id));
    await expectAsTheDetail(id);
    await expectAsTheDetail(w.projectId);

    await db.delete(studies).where(eq(studies.projectId, id));
    expect((await listed(id)).project.studies).toEqual([]);
    await expectAsTheDetail(id);

    await db.execute(sql`update projects set met_error = 'No station "near"', updated_at = '2026-01-02T03:04:05.006789Z' where id = ${id}`);
    expect((await listed(id)).project).toMatchObject({ met_error: 'No station "near"', updated: '2026-01-02T03:04:05.006Z' });
    await expectAsTheDetail(id);

    expect((await call('POST', `/api/user/favorites/${id}`, tokens.owner)).status).toBe(201);
    expect((await listed(id)).project.is_favorite).toBe(true);
    await expectAsTheDetail(id);
  });
});

describe('each study’s JSON in the detail, kept beside the study', () => {
  /** The detail's studies against their simulations read afresh (a join), in id order. */
  async function expectLabelsAsRead(step: string, projectId: number): Promise<void> {
    const detail = (await call<Project>('GET', `/api/project/${projectId}/`, tokens.owner)).body;
    const fresh = await t.database.db
      .select({ id: studies.id, name: studies.name })
      .from(studies)
      .where(eq(studies.projectId, projectId))
      .orderBy(asc(studies.id));
    const expected = [];
    for (const study of fresh) {
      const labels = await t.database.db
        .select({ id: simulations.id, category: simulations.category })
        .from(simulations)
        .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
        .where(and(eq(configurations.studyId, study.id), eq(configurations.projectId, projectId)))
        .orderBy(asc(simulations.id));
      expected.push({ id: study.id, name: study.name, simulation_labels: labels });
    }
    expect({ step, studies: detail.studies.map((s) => ({ id: s.id, name: s.name, simulation_labels: s.simulation_labels })) }).toEqual({
      step,
      studies: expected,
    });
  }

  it('follows the studies’ scenarios and simulations: added, moved, recategorised, deleted', async () => {
    const db = t.database.db;
    const [project] = await db.insert(projects).values({ name: 'Labels', companyId: w.companyId, createdBy: w.ownerId }).returning({ id: projects.id });
    const id = project!.id;
    const [a, b] = await db
      .insert(studies)
      .values([
        { projectId: id, name: 'A' },
        { projectId: id, name: 'B' },
      ])
      .returning({ id: studies.id });
    await expectLabelsAsRead('two studies, no scenarios', id);

    const [one, two] = await db
      .insert(configurations)
      .values([
        { projectId: id, studyId: a!.id, name: 'One' },
        { projectId: id, studyId: a!.id, name: 'Two' },
      ])
      .returning({ id: configurations.id });
    await db.insert(simulations).values([
      { configurationId: two!.id, category: 'solar' },
      { configurationId: one!.id, category: 'thermal-comfort' },
      { configurationId: one!.id, category: 'solar' },
    ]);
    await expectLabelsAsRead('simulations added', id);

    await db.update(simulations).set({ category: 'wind' }).where(eq(simulations.configurationId, two!.id));
    await expectLabelsAsRead('a simulation recategorised', id);

    await db.update(configurations).set({ studyId: b!.id }).where(eq(configurations.id, two!.id));
    await expectLabelsAsRead('a scenario moved to the other study', id);

    const [moved] = await db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, one!.id)).limit(1);
    await db.update(simulations).set({ configurationId: two!.id }).where(eq(simulations.id, moved!.id));
    await expectLabelsAsRead('a simulation moved to another scenario', id);

    await db.execute(sql`delete from simulations where configuration_id = ${one!.id}`);
    await expectLabelsAsRead('simulations deleted by raw SQL', id);

    await db.delete(configurations).where(eq(configurations.id, two!.id));
    await expectLabelsAsRead('a scenario deleted with its simulations', id);

    await db.update(studies).set({ name: 'A, renamed' }).where(eq(studies.id, a!.id));
    await db.delete(studies).where(eq(studies.id, b!.id));
    await expectLabelsAsRead('a study renamed, another deleted', id);
    await db.delete(projects).where(eq(projects.id, id));
  });
});
