import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { configurations, notifications, projects, projectShares, simulations, studies } from '../../db/schema/index.ts';
import type { Favorite, Project, ProjectPage } from '@canopy/contract/projects.ts';
import type { ShareGroup } from '@canopy/contract/share-groups.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
let demoId: number;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
  const [demo] = await t.database.db
    .insert(projects)
    .values({ name: 'Demo district', location: 'Chicago', referenceId: 'DEMO-001', companyId: w.otherCompanyId, isDemo: true })
    .returning({ id: projects.id });
  demoId = demo!.id;
});
afterAll(() => t.close());

const names = (page: ProjectPage) => page.results.map((p) => p.name);

describe('the project list', () => {
  it('shows each user the projects they may see: company, administered, accepted shares, demos', async () => {
    const list = async (role: keyof World['tokens']) => names((await call<ProjectPage>('GET', '/api/project/?page_size=999', w.tokens[role])).body);
    expect(await list('colleague')).toEqual(expect.arrayContaining(['Harbour Towers', 'Demo district']));
    expect(await list('acceptedShare')).toEqual(expect.arrayContaining(['Harbour Towers', 'Demo district']));
    expect(await list('pendingShare')).not.toContain('Harbour Towers');
    expect(await list('otherCompany')).not.toContain('Harbour Towers');
    expect(await list('otherCompany')).toContain('Demo district');
    const first = (await call<ProjectPage>('GET', `/api/project/?search=${w.projectId}`, w.tokens.colleague)).body.results.find((p) => p.id === w.projectId);
    expect(first).toMatchObject({ name: 'Harbour Towers', is_favorite: false, studies: [{ id: w.studyId, name: 'Study 1' }] });
  });

  it('writes each listed project as the detail writes its summary: every field, times to the millisecond in UTC, coordinates exactly', async () => {
    // The list builds its JSON in SQL and the detail in TypeScript; they must agree field by field.
    const [own] = await t.database.db
      .insert(projects)
      .values({
        name: 'Lakeshore Commons',
        location: 'Toronto',
        referenceId: 'LC-7',
        companyId: w.companyId,
        latitude: 43.653226,
        longitude: -79.3831843,
        metError: 'No station',
        createdAt: new Date('2026-03-04T05:06:07.891Z'),
        updatedAt: new Date('2026-11-26T23:59:59.999Z'),
      })
      .returning({ id: projects.id });
    const id = own!.id;
    await t.database.db.execute(sql`update projects set created_at = created_at + interval '456 microseconds' where id = ${id}`);
    await t.database.db.insert(studies).values([
      { projectId: id, name: 'Massing B' },
      { projectId: id, name: 'Massing A' },
    ]);
    expect((await call('POST', `/api/user/favorites/${id}`, w.tokens.colleague)).status).toBe(201);
    const listed = (await call<ProjectPage>('GET', '/api/project/?search=lakeshore', w.tokens.colleague)).body.results[0]!;
    const detail = (await call<Project>('GET', `/api/project/${id}/`, w.tokens.colleague)).body;
    const summaryKeys = Object.keys(listed).filter((key) => key !== 'studies');
    expect(Object.keys(listed)).toEqual([...summaryKeys, 'studies']);
    for (const key of summaryKeys) expect([key, listed[key as keyof typeof listed]]).toEqual([key, detail[key as keyof Project]]);
    expect(listed).toMatchObject({
      latitude: 43.653226,
      longitude: -79.3831843,
      is_favorite: true,
      created: '2026-03-04T05:06:07.891Z',
      updated: '2026-11-26T23:59:59.999Z',
    });
    expect(listed.studies.map((s) => s.name)).toEqual(['Massing B', 'Massing A']);
    expect(listed.studies).toEqual(detail.studies.map((s) => ({ id: s.id, name: s.name })));
    await t.database.db.delete(projects).where(eq(projects.id, id));
  });

  it('filters by tab: demos, shared (accepted shares only), favorites', async () => {
    expect(names((await call<ProjectPage>('GET', '/api/project/?tab=demos', w.tokens.colleague)).body)).toEqual(['Demo district']);
    expect(names((await call<ProjectPage>('GET', '/api/project/?tab=shared', w.tokens.acceptedShare)).body)).toEqual(['Harbour Towers']);
    expect(names((await call<ProjectPage>('GET', '/api/project/?tab=shared', w.tokens.pendingShare)).body)).toEqual([]);
    expect(names((await call<ProjectPage>('GET', '/api/project/?tab=all', w.tokens.colleague)).body)).toContain('Harbour Towers');
  });

  it('searches name, location, reference id (anywhere, any case) and the project id', async () => {
    const search = async (q: string) => names((await call<ProjectPage>('GET', `/api/project/?search=${encodeURIComponent(q)}`, w.tokens.colleague)).body);
    expect(await search('harbour')).toEqual(['Harbour Towers']);
    expect(await search('CHICA')).toEqual(['Demo district']);
    expect(await search('demo-0')).toEqual(['Demo district']);
    expect(await search(String(w.projectId))).toContain('Harbour Towers');
    // Wildcards typed by the user are literal.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('orders by name and by creation, both ways', async () => {
    const order = async (o: string) => names((await call<ProjectPage>('GET', `/api/project/?ordering=${o}`, w.tokens.colleague)).body);
    const byName = await order('name');
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await order('-name')).toEqual([...byName].reverse());
    const created = await order('created');
    expect(await order('-created')).toEqual([...created].reverse());
  });

  it('refuses an unknown tab or ordering with a field error', async () => {
    expect(await call('GET', '/api/project/?tab=bogus', w.tokens.colleague)).toEqual({ status: 400, body: { tab: ['"bogus" is not a valid choice.'] } });
    expect(await call('GET', '/api/project/?ordering=size', w.tokens.colleague)).toEqual({
      status: 400,
      body: { ordering: ['"size" is not a valid choice.'] },
    });
  });
});

describe('creating a project', () => {
  it('needs projects.add_project', async () => {
    expect((await call('POST', '/api/project/', w.tokens.colleague, { name: 'Nope' })).status).toBe(403);
    expect((await call('POST', '/api/project/', w.tokens.projectAdmin, { name: 'Nope' })).status).toBe(403);
  });

  it("belongs to the creator's company, gets its first study and keeps the generateSurrounds flag", async () => {
    const { status, body } = await call<Project>('POST', '/api/project/', w.tokens.colleagueWithPermission, {
      name: '  Riverside  ',
      location: 'Ottawa',
      latitude: 45.42,
      longitude: -75.69,
      reference_id: 'RS-1',
      generateSurrounds: true,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Riverside', company_id: w.companyId, generate_surrounds: true, can_change: true, is_demo: false });
    expect(body.studies).toEqual([expect.objectContaining({ name: 'Study 1', insights: [], study_images: [], reports: [], simulation_labels: [] })]);
    expect(body.created_by?.username).toBe('orgadmin');
  });

  it('is shared with the members of the default share group, each notified, in the same step', async () => {
    const group = await call<ShareGroup>('POST', '/api/company/share-groups/', w.tokens.colleagueWithPermission, {
      name: 'Everyone',
      default_for_new_projects: true,
      users: [w.userIds.colleague, w.userIds.projectAdmin, w.userIds.colleagueWithPermission],
    });
    expect(group.status).toBe(201);
    const created = await call<Project>('POST', '/api/project/', w.tokens.colleagueWithPermission, { name: 'Group shared' });
    const shares = await t.database.db.select().from(projectShares).where(eq(projectShares.projectId, created.body.id));
    // The creator is not shared their own project.
    expect(shares.map((s) => [s.userId, s.shareStatus]).sort()).toEqual(
      [
        [w.userIds.colleague, 'accepted'],
        [w.userIds.projectAdmin, 'accepted'],
      ].sort(),
    );
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.projectId, created.body.id));
    expect(notes.map((n) => n.kind)).toEqual(['project_shared_with_group', 'project_shared_with_group']);
    expect(names((await call<ProjectPage>('GET', '/api/project/?tab=shared', w.tokens.colleague)).body)).toContain('Group shared');
  });

  it('validates every field with a clear 400', async () => {
    const post = (body: unknown) => call('POST', '/api/project/', w.tokens.colleagueWithPermission, body);
    expect(await post({})).toEqual({ status: 400, body: { name: ['This field is required.'] } });
    expect(await post({ name: '   ' })).toEqual({ status: 400, body: { name: ['This field may not be blank.'] } });
    expect(await post({ name: 'x'.repeat(201) })).toEqual({ status: 400, body: { name: ['Ensure this field has no more than 200 characters.'] } });
    expect(await post({ name: 'P', latitude: 91, longitude: 0 })).toEqual({
      status: 400,
      body: { latitude: ['Ensure this value is less than or equal to 90.'] },
    });
    expect(await post({ name: 'P', latitude: 'north', longitude: 0 })).toEqual({ status: 400, body: { latitude: ['A valid number is required.'] } });
    expect(await post({ name: 'P', latitude: 45 })).toEqual({
      status: 400,
      body: { longitude: ['Latitude and longitude go together: give both, or clear both.'] },
    });
    expect(await post({ name: 'P', generateSurrounds: 'yes' })).toEqual({ status: 400, body: { generateSurrounds: ['Must be a valid boolean.'] } });
  });
});

describe('one project', () => {
  it('carries its studies with simulation labels, IsRWDIProject and the consulting reviewer', async () => {
    const db = t.database.db;
    const [config] = await db
      .insert(configurations)
      .values({ projectId: w.projectId, studyId: w.studyId, name: 'Scheme A' })
      .returning({ id: configurations.id });
    const [sim] = await db.insert(simulations).values({ configurationId: config!.id, category: 'pedestrian_wind_comfort' }).returning({ id: simulations.id });
    const { status, body } = await call<Project>('GET', `/api/project/${w.projectId}/`, w.tokens.colleague);
    expect(status).toBe(200);
    const [study] = body.studies;
    // Shared (accepted) with a user of Partner Consulting, an is_rwdi company.
    expect(study).toMatchObject({ id: w.studyId, IsRWDIProject: true, reviewed_by: 'sharee' });
    expect(study!.simulation_labels).toContainEqual({ id: sim!.id, category: 'pedestrian_wind_comfort' });
    expect(body).toMatchObject({ can_change: false, project_files: [] });
    // The world links the Chicago station to this project (world-weather); the detail carries it.
    expect(body.met_sources.map((s) => s.wmo)).toContain('725300');
    expect(body.parameter_sets.length).toBeGreaterThan(0);
  });

  it('is not a consulting project when neither owner nor accepted sharees are consulting companies', async () => {
    const { body } = await call<Project>('GET', `/api/project/${demoId}/`, w.tokens.colleague);
    expect(body.studies).toEqual([]);
    const created = await call<Project>('POST', '/api/project/', w.tokens.otherCompany, { name: 'Plain' });
    expect(created.body.studies[0]).toMatchObject({ IsRWDIProject: false, reviewed_by: null });
  });

  it('changes with PATCH, keeping latitude and longitude together against the stored values', async () => {
    const path = `/api/project/${w.projectId}/`;
    expect((await call<Project>('PATCH', path, w.tokens.projectAdmin, { reference_id: 'HT-9', latitude: 43.7 })).body).toMatchObject({
      reference_id: 'HT-9',
      latitude: 43.7,
      longitude: -79.38,
    });
    expect(await call('PATCH', path, w.tokens.projectAdmin, { longitude: null })).toEqual({
      status: 400,
      body: { longitude: ['Latitude and longitude go together: give both, or clear both.'] },
    });
    expect((await call<Project>('PATCH', path, w.tokens.projectAdmin, { latitude: null, longitude: null })).body).toMatchObject({
      latitude: null,
      longitude: null,
    });
    expect(await call('PATCH', path, w.tokens.projectAdmin, { name: '' })).toEqual({ status: 400, body: { name: ['This field may not be blank.'] } });
  });

  it('answers 404 for ids that name nothing', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) expect((await call('GET', `/api/project/${id}/`, w.tokens.superuser)).status).toBe(404);
  });
});

describe('demo projects', () => {
  it('are readable by every signed-in user', async () => {
    for (const role of ['otherCompany', 'colleague', 'pendingShare', 'acceptedShare', 'superuser'] as const) {
      expect((await call('GET', `/api/project/${demoId}/`, w.tokens[role])).status).toBe(200);
    }
    expect((await call('GET', `/api/project/${demoId}/`, undefined)).status).toBe(401);
  });

  it("are changeable only by superusers, even by the owning company's Org Admin", async () => {
    expect((await call('PATCH', `/api/project/${demoId}/`, w.tokens.otherCompany, { name: 'Mine now' })).status).toBe(403);
    expect(
      (await call('POST', `/api/project/${demoId}/save-parameter-set/`, w.tokens.otherCompany, { name: 'x', analysis_type: 'solar', values: {} })).status,
    ).toBe(403);
    expect((await call<Project>('GET', `/api/project/${demoId}/`, w.tokens.otherCompany)).body.can_change).toBe(false);
    expect((await call<Project>('PATCH', `/api/project/${demoId}/`, w.tokens.superuser, { location: 'Chicago, IL' })).body.location).toBe('Chicago, IL');
  });
});

describe('favorites', () => {
  it('stars once (201, then 200), lists under the favorites tab, and unstars', async () => {
    const path = `/api/user/favorites/${demoId}/`;
    expect(await call<Favorite>('POST', path, w.tokens.pendingShare)).toEqual({ status: 201, body: { project_id: demoId, is_favorite: true } });
    expect((await call('POST', path, w.tokens.pendingShare)).status).toBe(200);
    const page = await call<ProjectPage>('GET', '/api/project/?tab=favorites', w.tokens.pendingShare);
    expect(page.body.results.map((p) => [p.name, p.is_favorite])).toEqual([['Demo district', true]]);
    expect((await call('DELETE', path, w.tokens.pendingShare)).status).toBe(204);
    expect((await call<ProjectPage>('GET', '/api/project/?tab=favorites', w.tokens.pendingShare)).body.count).toBe(0);
  });

  it('cannot star a project the user cannot see', async () => {
    expect((await call('POST', `/api/user/favorites/${w.projectId}/`, w.tokens.pendingShare)).status).toBe(404);
  });
});
