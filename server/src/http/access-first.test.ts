/**
 * Access is decided before validation: a caller who may not see the object gets
 * the 404 they would get with a valid body, not a 400 that confirms the object exists; a caller who
 * may see it still gets the field errors. And every id in a scene view's body is checked, including
 * layer_selection[].simulation_id (item 10).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type World } from '../../test/world.ts';
import { caller } from '../../test/api.ts';
import { companies, configurations, projects, sceneViews, simulations, studies } from '../db/schema/index.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

describe('another company gets 404, not 400, for a bad request to an object it cannot see', () => {
  const cases = (): Array<[string, string, string, unknown]> => {
    const project = `/api/project/${w.projectId}`;
    const { configurationId, simulationId } = w.analyses;
    return [
      ['PATCH', `${project}/project-share/${w.projects.pendingShareId}/`, 'share_status', { share_status: 'bogus' }],
      ['GET', `${project}/weather-summary/`, 'met_id', undefined],
      ['POST', `${project}/configuration/${configurationId}/simulation/${simulationId}/submit-postprocessing/`, 'criteria', { criteria: 'not a list' }],
      ['POST', `${project}/study/${w.studyId}/insight`, 'title', { title: 42 }],
      ['PATCH', `/api/company/users/${w.userIds.colleague}/`, 'role', { role: 'x' }],
      ['PATCH', `/api/company/share-groups/${w.projects.shareGroupId}/`, 'name', { name: 42 }],
      ['POST', `/api/user/project-shares/${w.projects.pendingShareId}/`, 'share_status', { share_status: 'maybe' }],
    ];
  };

  it('for the stranger: 404 {"detail": "Not found."}', async () => {
    for (const [method, path, , body] of cases()) {
      expect(await call(method, path, w.tokens.otherCompany, body), `${method} ${path}`).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
  });

  it('for those who may see it: still 400 naming the field', async () => {
    for (const [method, path, field, body] of cases()) {
      const token = path.startsWith('/api/user/')
        ? w.tokens.pendingShare
        : path.startsWith('/api/company/')
          ? w.tokens.colleagueWithPermission
          : w.tokens.projectAdmin;
      const res = await call(method, path, token, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(Object.keys(res.body as object), `${method} ${path}`).toContain(field);
    }
  });
});

describe('scene views: layer_selection ids', () => {
  it("refuses another company's simulation in layer_selection, naming the entry, and stores nothing", async () => {
    const db = t.database.db;
    const [other] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, w.otherCompanyId));
    const [project] = await db.insert(projects).values({ name: 'Foreign', companyId: other!.id }).returning({ id: projects.id });
    const [study] = await db.insert(studies).values({ projectId: project!.id, name: 'Foreign study' }).returning({ id: studies.id });
    const [config] = await db
      .insert(configurations)
      .values({ projectId: project!.id, studyId: study!.id, name: 'Foreign scenario' })
      .returning({ id: configurations.id });
    const [foreign] = await db.insert(simulations).values({ configurationId: config!.id, category: 'solar' }).returning({ id: simulations.id });

    const base = `/api/project/${w.projectId}/study/${w.studyId}/insight/${w.insights.publishedInsightId}/scene-view`;
    const layer = (simulation_id: number) => ({ simulation_id, identifier: 'sun_hours', view_id: 'v1' });
    const before = (await db.select().from(sceneViews)).length;
    const created = await call('POST', base, w.tokens.projectAdmin, { name: 'Mixed', layer_selection: [layer(w.analyses.simulationId), layer(foreign!.id)] });
    expect(created).toEqual({ status: 400, body: { 'layer_selection.1.simulation_id': [`Invalid pk "${foreign!.id}" - object does not exist.`] } });
    expect((await db.select().from(sceneViews)).length).toBe(before);

    const updated = await call('PUT', `${base}/${w.insights.sceneViewId}`, w.tokens.projectAdmin, { layer_selection: [layer(foreign!.id)] });
    expect(updated.status).toBe(400);
    const [view] = await db.select().from(sceneViews).where(eq(sceneViews.id, w.insights.sceneViewId));
    expect(JSON.stringify(view!.layerSelection)).not.toContain(`"simulation_id":${foreign!.id}`);
    // The study's own simulations are fine.
    expect((await call('PUT', `${base}/${w.insights.sceneViewId}`, w.tokens.projectAdmin, { layer_selection: [layer(w.analyses.simulationId)] })).status).toBe(
      200,
    );
  });
});
