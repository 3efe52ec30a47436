/** Scenario CRUD over HTTP against the real (PGlite) database: create, read, replace, duplicate, hide, delete; field errors by name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { solarScenarioBody, uploadFile } from '../../../test/world-scenarios.ts';
import { configurations, simulations } from '../../db/schema/index.ts';
import type { Configuration } from '@canopy/contract/scenarios.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  // AI wind comfort is offered only with a provider configured for it (reservations.test.ts).
  t = await createTestContext({ EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:AI' });
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

const base = () => `/api/project/${w.projectId}/configuration`;
const body = (name = 'Tower option A') => solarScenarioBody(name, w.scenarios.uploads);
const post = (json: unknown, token = w.tokens.projectAdmin) => t.request(`${base()}/`, { method: 'POST', token, json });

describe('POST configuration/', () => {
  it('creates the scenario and one simulation per analysis, in draft, with the ML status text for external AI analyses', async () => {
    const res = await post({
      ...body(),
      analyses: [
        { analysis_type: 'solar', metrics: ['sun_hours'] },
        { analysis_type: 'thermal_comfort', metrics: ['UTCI'] },
      ],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Configuration;
    expect(created).toMatchObject({
      study_id: w.studyId,
      name: 'Tower option A',
      status: 'draft',
      engine: 'CFD',
      hidden: false,
      approval: null,
      geometry_validation: null,
    });
    expect(created.simulations.map((s) => [s.category, s.status, s.status_text, s.computed_by_canopy])).toEqual([
      ['solar', 'draft', '', true],
      ['thermal_comfort', 'draft', '', true],
    ]);
    expect(created.form).toMatchObject({ seasons: ['annual', 'summer'], times: ['08:00-18:00'], wind_directions: 16 });
    const rows = await t.database.db.select().from(simulations).where(eq(simulations.configurationId, created.id));
    expect(rows).toHaveLength(2);
    // The provider delivers AI wind: its simulation waits for the results with the ML status text.
    const ai = await post({ ...body('Tower option A (AI)'), engine: 'AI', analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }] });
    expect(ai.status).toBe(201);
    const aiWind = (await ai.json()) as Configuration;
    expect(aiWind.simulations.map((s) => [s.category, s.engine, s.status_text, s.computed_by_canopy])).toEqual([
      ['pedestrian_wind_comfort', 'AI', 'starting simulation', false],
    ]);
    // At the CFD level Canopy's own solver computes it.
    const dup = await t.request(`${base()}/${aiWind.id}/duplicate-scenario/`, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: { new_name: 'At CFD', subscription_type: 'CFD' },
    });
    expect(dup.status).toBe(201);
    expect(((await dup.json()) as Configuration).simulations.map((s) => [s.category, s.engine, s.computed_by_canopy])).toEqual([
      ['pedestrian_wind_comfort', 'CFD', true],
    ]);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(configurations)).length;
    const res = await post({
      ...body(),
      name: '',
      times: ['8:00-18:00', '18:00-08:00'],
      seasons: [],
      wind_directions: 10,
      single_date: '2025-02-30',
    });
    expect(res.status).toBe(400);
    const errors = (await res.json()) as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['name', 'seasons', 'single_date', 'times.0', 'wind_directions']);
    expect(errors['times.0']).toEqual(['Enter a time window as HH:MM-HH:MM (00:00 to 23:59).']);

    const rules = await post({
      ...body(),
      times: ['18:00-08:00'],
      single_day_hours: null,
      terms_accepted: true,
      geometry: { study: [w.scenarios.uploads.study, 999_999], presentation_planes: [] },
      pedestrian_plane: null,
      analyses: [{ analysis_type: 'solar' }, { analysis_type: 'pressure' }],
    });
    expect(rules.status).toBe(400);
    expect(await rules.json()).toEqual({
      'analyses.1.analysis_type': ['"pressure" is not offered with the CFD engine. Neither Canopy nor a configured provider computes it on this installation.'],
      'geometry.study.1': ['Invalid pk "999999" - object does not exist.'],
      'geometry.presentation_planes': [
        'Upload a presentation plane or have Canopy generate a pedestrian plane (pedestrian_plane): the chosen analyses compute their results on it.',
      ],
      single_day_hours: ['Give the hours of the single day (HH:MM-HH:MM).'],
      'times.0': ['The end of the time window must be after its start.'],
      reference_height_m: ['Give the reference height (m) for the wind load analyses.'],
      return_periods: ['Give return periods (years) for at least one criterion.'],
      internal_pressure_coefficient: ['Give the internal pressure coefficient (−1 to 1) for façade pressures.'],
    });
    expect((await t.database.db.select().from(configurations)).length).toBe(before);
  });

  it('refuses a geometry file that is not an STL, and a scenario without accepted terms', async () => {
    const csv = await uploadFile(t.deps, w.projectId, w.ownerId, 'points.csv', new TextEncoder().encode('x,y\n1,2\n'));
    const res = await post({ ...body(), geometry: { study: [csv], presentation_planes: [w.scenarios.uploads.plane] } });
    expect(await res.json()).toEqual({ 'geometry.study.0': ['points.csv is not an STL file (it reads as csv).'] });
    const terms = await post({ ...body(), terms_accepted: false });
    expect(terms.status).toBe(400);
    expect(await terms.json()).toEqual({ terms_accepted: ['Accept the terms and conditions to create the scenario.'] });
  });

  it('needs add_configuration: a Viewer colleague gets 403, a stranger 404', async () => {
    expect((await post(body(), w.tokens.colleague)).status).toBe(403);
    expect((await post(body(), w.tokens.otherCompany)).status).toBe(404);
  });
});

describe('GET, PUT, duplicate, hide, DELETE', () => {
  it('reads, replaces the analyses (keeping the simulation of a kept analysis), duplicates, hides and deletes', async () => {
    const created = (await (await post(body('Option B'))).json()) as Configuration;
    const url = `${base()}/${created.id}/`;
    const read = (await (await t.request(url, { token: w.tokens.colleague })).json()) as Configuration;
    expect(read.id).toBe(created.id);

    const put = await t.request(url, {
      method: 'PUT',
      token: w.tokens.acceptedShare,
      json: { ...body('Option B2'), analyses: [{ analysis_type: 'solar' }, { analysis_type: 'thermal_comfort', metrics: ['UTCI'] }] },
    });
    expect(put.status).toBe(200);
    const replaced = (await put.json()) as Configuration;
    expect(replaced.name).toBe('Option B2');
    expect(replaced.simulations.map((s) => s.category)).toEqual(['solar', 'thermal_comfort']);
    expect(replaced.simulations[0]!.id).toBe(created.simulations[0]!.id);

    // Solar and thermal comfort are offered once, at the CFD level: a copy at the AI level is refused by field.
    const dup = await t.request(`${base()}/${created.id}/duplicate-scenario/`, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: { new_name: 'Option B copy', subscription_type: 'CFD' },
    });
    expect(dup.status).toBe(201);
    const copy = (await dup.json()) as Configuration;
    expect(copy).toMatchObject({ name: 'Option B copy', status: 'draft', engine: 'CFD' });
    expect(copy.simulations.map((s) => [s.category, s.engine, s.computed_by_canopy])).toEqual([
      ['solar', 'CFD', true],
      ['thermal_comfort', 'CFD', true],
    ]);
    expect(copy.id).not.toBe(created.id);
    const dupAi = await t.request(`${base()}/${created.id}/duplicate-scenario/`, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: { new_name: 'Option B at AI', subscription_type: 'AI' },
    });
    expect(dupAi.status).toBe(400);

    const hidden = await t.request(`${base()}/${created.id}/hide-scenario/`, { method: 'PATCH', token: w.tokens.projectAdmin, json: {} });
    expect(((await hidden.json()) as Configuration).hidden).toBe(true);

    expect((await t.request(url, { method: 'DELETE', token: w.tokens.colleague })).status).toBe(403);
    expect((await t.request(url, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(204);
    expect((await t.request(url, { token: w.tokens.projectAdmin })).status).toBe(404);
    expect(await t.database.db.select().from(simulations).where(eq(simulations.configurationId, created.id))).toEqual([]);
  });

  it('lists the scenario’s simulations for whoever sees the project', async () => {
    const res = await t.request(`${base()}/${w.scenarios.configurationId}/simulation/`, { token: w.tokens.colleague });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: Array<{ id: number; category: string; configuration: { id: number } }> };
    expect(results.map((s) => [s.id, s.category, s.configuration.id])).toEqual([[w.scenarios.simulationId, 'solar', w.scenarios.configurationId]]);
    expect((await t.request(`${base()}/${w.scenarios.configurationId}/simulation/`, { token: w.tokens.pendingShare })).status).toBe(404);
  });

  it('answers 404 for a scenario of another project', async () => {
    const res = await t.request(`/api/project/${w.projectId}/configuration/999999/`, { token: w.tokens.superuser });
    expect(res.status).toBe(404);
  });
});
