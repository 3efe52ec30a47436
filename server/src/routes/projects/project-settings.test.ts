import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { projects, uploads } from '../../db/schema/index.ts';
import type { ParameterSet } from '@canopy/contract/parameter-sets.ts';
import type { Project } from '@canopy/contract/projects.ts';
import type { ProjectFile } from '@canopy/contract/project-files.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

const comfort = {
  criterion: 'lawson-lddc',
  seasons: ['summer', 'winter'],
  time_window: '07:00-23:00',
  wind_directions: 16,
  reference_height_m: 10,
};

describe('parameter sets', () => {
  const path = (action: string) => `/api/project/${w.projectId}/${action}/`;

  it('saves a set whose values fit its analysis type, filling defaults', async () => {
    const { status, body } = await call<ParameterSet>('POST', path('save-parameter-set'), w.tokens.projectAdmin, {
      name: 'Ground level',
      analysis_type: 'pedestrian_wind_comfort',
      values: comfort,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Ground level', analysis_type: 'pedestrian_wind_comfort', values: { ...comfort, method: 'hourly' } });
    const project = await call<Project>('GET', `/api/project/${w.projectId}/`, w.tokens.colleague);
    // The detail reads the sets as JSON in its one statement: each must be the set as saved, field for field.
    expect(project.body.parameter_sets.find((s) => s.name === 'Ground level')).toEqual(body);
  });

  it('reports each problem in values under values.<field>', async () => {
    const { status, body } = await call('POST', path('save-parameter-set'), w.tokens.projectAdmin, {
      name: 'Broken',
      analysis_type: 'pedestrian_wind_comfort',
      values: { ...comfort, time_window: '7-23', seasons: [], wind_directions: 17, reference_height_m: -1, extra: true },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      'values.time_window': ['Enter a time window as HH:MM-HH:MM (00:00 to 23:59).'],
      'values.seasons': ['Choose at least one season.'],
      'values.wind_directions': ['Choose one of 8, 12, 16, 18, 24, 36.'],
      'values.reference_height_m': ['Ensure this value is greater than 0.'],
      values: [expect.stringContaining('extra')],
    });
  });

  it('checks rules across fields (sun hours need a date) and missing values', async () => {
    const solar = await call('POST', path('save-parameter-set'), w.tokens.projectAdmin, {
      name: 'Sun',
      analysis_type: 'solar',
      values: { metric: 'sun_hours', time_window: '06:00-20:00', minutes_interval: 15 },
    });
    expect(solar).toEqual({ status: 400, body: { 'values.single_date': ['Sun hours need a single date.'] } });
    const missing = await call('POST', path('save-parameter-set'), w.tokens.projectAdmin, { name: 'Loads', analysis_type: 'pressure', values: {} });
    expect(missing.body).toMatchObject({ 'values.internal_pressure_coefficient': ['This field is required.'] });
  });

  it('refuses an unknown analysis type, a taken name, and values that are not an object', async () => {
    expect(await call('POST', path('save-parameter-set'), w.tokens.projectAdmin, { name: 'X', analysis_type: 'acoustics', values: {} })).toEqual({
      status: 400,
      body: { analysis_type: ['"acoustics" is not a valid choice.'] },
    });
    expect(
      await call('POST', path('save-parameter-set'), w.tokens.projectAdmin, {
        name: 'ground LEVEL',
        analysis_type: 'pedestrian_wind_comfort',
        values: comfort,
      }),
    ).toEqual({ status: 400, body: { name: ['A parameter set with this name already exists in this project.'] } });
    expect((await call('POST', path('save-parameter-set'), w.tokens.projectAdmin, { name: 'Y', analysis_type: 'solar', values: [1] })).body).toEqual({
      values: ['Expected a JSON object.'],
    });
  });

  it('updates by id, re-checking values against the resulting type, and deletes', async () => {
    const created = await call<ParameterSet>('POST', path('save-parameter-set'), w.tokens.projectAdmin, {
      name: 'Thermal',
      analysis_type: 'thermal_comfort',
      values: { index: 'UTCI', seasons: ['annual'], time_window: '09:00-17:00' },
    });
    const id = created.body.id;
    // Changing only the type would leave values that do not fit it.
    const retyped = await call('POST', path('update-parameter-set'), w.tokens.projectAdmin, { id, analysis_type: 'solar' });
    expect(retyped.status).toBe(400);
    expect(Object.keys(retyped.body as object).every((k) => k === 'values' || k.startsWith('values.'))).toBe(true);
    const renamed = await call<ParameterSet>('POST', path('update-parameter-set'), w.tokens.projectAdmin, { id, name: 'Thermal (UTCI)' });
    expect(renamed.body).toMatchObject({ id, name: 'Thermal (UTCI)', analysis_type: 'thermal_comfort' });
    expect((await call('POST', path('delete-parameter-set'), w.tokens.projectAdmin, { id })).status).toBe(204);
    expect(await call('POST', path('delete-parameter-set'), w.tokens.projectAdmin, { id })).toEqual({
      status: 400,
      body: { id: [`Invalid pk "${id}" - object does not exist.`] },
    });
    expect(await call('POST', path('delete-parameter-set'), w.tokens.projectAdmin, { id: 'one' })).toEqual({
      status: 400,
      body: { id: ['A valid integer is required.'] },
    });
  });

  it("cannot reach another project's set through this project", async () => {
    const [other] = await t.database.db.insert(projects).values({ name: 'Other', companyId: w.companyId }).returning({ id: projects.id });
    const theirs = await call<ParameterSet>('POST', `/api/project/${other!.id}/save-parameter-set/`, w.tokens.colleagueWithPermission, {
      name: 'Theirs',
      analysis_type: 'directional_wind',
      values: { wind_directions: 36, return_periods: [10, 50], reference_height_m: 50 },
    });
    expect(theirs.status).toBe(201);
    expect((await call('POST', path('delete-parameter-set'), w.tokens.colleagueWithPermission, { id: theirs.body.id })).status).toBe(400);
  });
});

describe('project files', () => {
  it('attaches an upload of the project by uuid and filename, once, and lists it on the project', async () => {
    const uuid = randomUUID();
    await t.database.db.insert(uploads).values({
      projectId: w.projectId,
      container: 'project-assets',
      uuid,
      filename: 'massing.stl',
      size: 2048,
      sha256: 'a'.repeat(64),
      contentType: 'model/stl',
      format: 'stl-binary',
    });
    const path = `/api/project/${w.projectId}/save-project-file/`;
    const first = await call<ProjectFile>('POST', path, w.tokens.acceptedShare, { uuid, filename: 'massing.stl', description: 'Massing v2' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'massing.stl', filename: 'massing.stl', description: 'Massing v2', size: 2048, format: 'stl-binary' });
    expect((await call('POST', path, w.tokens.acceptedShare, { upload_id: first.body.upload_id })).status).toBe(200);
    const project = await call<Project>('GET', `/api/project/${w.projectId}/`, w.tokens.colleague);
    expect(project.body.project_files.find((f) => f.id === first.body.id)).toEqual(first.body);
  });

  it('refuses an upload of another project, or an unknown one, and says what to send', async () => {
    const [other] = await t.database.db.insert(projects).values({ name: 'Elsewhere', companyId: w.otherCompanyId }).returning({ id: projects.id });
    const [foreign] = await t.database.db
      .insert(uploads)
      .values({
        projectId: other!.id,
        container: 'project-assets',
        uuid: randomUUID(),
        filename: 'x.pdf',
        size: 1,
        sha256: 'b'.repeat(64),
        contentType: 'application/pdf',
        format: 'pdf',
      })
      .returning({ id: uploads.id });
    const path = `/api/project/${w.projectId}/save-project-file/`;
    expect(await call('POST', path, w.tokens.projectAdmin, { upload_id: foreign!.id })).toEqual({
      status: 400,
      body: { upload_id: [`Invalid pk "${foreign!.id}" - object does not exist.`] },
    });
    expect(await call('POST', path, w.tokens.projectAdmin, { uuid: randomUUID(), filename: 'nope.pdf' })).toEqual({
      status: 400,
      body: { uuid: ['No file of this project was uploaded under this uuid and filename.'] },
    });
    expect(await call('POST', path, w.tokens.projectAdmin, {})).toEqual({
      status: 400,
      body: { upload_id: ['Give upload_id, or the uuid and filename of the upload.'] },
    });
    expect((await call('POST', path, w.tokens.projectAdmin, { uuid: 'not-a-uuid', filename: 'a' })).body).toEqual({ uuid: ['Must be a valid UUID.'] });
  });
});
