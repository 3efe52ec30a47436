/**
 * A company's own wind comfort criterion tables against the real database: the Org
 * Admin's create, change and delete, every bad field a 400 naming it, GET /api/criteria/ with the
 * caller's company's tables (never another's), their legends and recipe defaults, and a table
 * carried through submit-postprocessing/ into the wind-comfort job's layers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { addSpeedRatios, analysisServices, createScenario, enqueueAnalysis, runHandlerDirectly } from '../../../test/analysis-fixtures.ts';
import { assets, companies, jobs, projects } from '../../db/schema/index.ts';
import { windComfortHandler } from '../../contexts/compute/handlers/wind-comfort.ts';
import type { CompanyCriterion, CompanyCriterionInput, CompanyCriterionPage } from '@canopy/contract/criteria.ts';
import { CRITERIA, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { checkScenarioRules } from '../../contexts/scenarios/rules.ts';
import { UpdateConfigurationSchema } from '@canopy/contract/scenarios.ts';

let t: TestContext;
const tokens = {} as Record<'admin' | 'viewer' | 'engineer' | 'otherAdmin' | 'superuser', string>;
let companyId: number;
let projectId: number;

const table = (name: string): CompanyCriterionInput => ({
  name,
  description: 'Our own wind comfort categories for podium terraces.',
  speedType: 'maxMeanGem',
  classes: [
    { label: 'Terrace dining', thresholdMs: 3, allowedExceedance: 0.04, colour: '#2c7bb6' },
    { label: 'Strolling', thresholdMs: 6, allowedExceedance: 0.05, colour: '#ffffbf' },
    { label: 'Too windy', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
  ],
  safety: [{ label: 'Unsafe', thresholdMs: 15, allowedExceedance: 0.0003, colour: '#2d004b' }],
});

const call = async <T = unknown>(method: string, path: string, token: string | undefined, json?: unknown) => {
  const res = await t.request(path, { method, ...(token ? { token } : {}), ...(json !== undefined ? { json } : {}) });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as T };
};

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [mine] = await db.insert(companies).values({ name: 'Gusty Partners' }).returning({ id: companies.id });
  const [theirs] = await db.insert(companies).values({ name: 'Calm Co' }).returning({ id: companies.id });
  companyId = mine!.id;
  tokens.admin = await accessToken(t.deps, await createUser(db, { username: 'admin', companyId, role: 'Org Admin' }));
  tokens.viewer = await accessToken(t.deps, await createUser(db, { username: 'viewer', companyId, role: 'Viewer' }));
  tokens.engineer = await accessToken(t.deps, await createUser(db, { username: 'engineer', companyId, role: 'Engineer' }));
  tokens.otherAdmin = await accessToken(t.deps, await createUser(db, { username: 'other', companyId: theirs!.id, role: 'Org Admin' }));
  tokens.superuser = await accessToken(t.deps, await createUser(db, { username: 'root', companyId: null, isSuperuser: true }));
  const [project] = await db.insert(projects).values({ name: 'Quay', companyId, latitude: 41.98, longitude: -87.92 }).returning({ id: projects.id });
  projectId = project!.id;
});
afterAll(() => t.close());

describe('a company’s criterion tables', () => {
  it('are created by the Org Admin, read by every member, and listed beside the built-in criteria', async () => {
    const created = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('Podium terraces'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: `company-${created.body.pk}`,
      origin: 'company',
      name: 'Podium terraces',
      exceedanceComparison: 'atMost',
      revision: 1,
    });
    expect(created.body.classes.map((c) => c.label)).toEqual(['Terrace dining', 'Strolling', 'Too windy']);

    const list = await call<CompanyCriterionPage>('GET', '/api/company/criteria/', tokens.viewer);
    expect(list.body.results.map((c) => c.name)).toEqual(['Podium terraces']);
    expect((await call('GET', `/api/company/criteria/${created.body.pk}/`, tokens.engineer)).status).toBe(200);

    const all = await call<Array<Criterion & { origin: string }>>('GET', '/api/criteria/', tokens.engineer);
    expect(all.body.map((c) => c.id)).toEqual([...CRITERIA.map((c) => c.id), created.body.id]);
    expect(all.body.at(-1)).toMatchObject({ origin: 'company', speedType: 'maxMeanGem', description: 'Our own wind comfort categories for podium terraces.' });
    expect(all.body[0]).toMatchObject({ id: 'lawson-lddc', origin: 'builtin' });
  });

  it('are never shown to another company (404, and absent from its GET /api/criteria/)', async () => {
    const created = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('Private table'));
    const theirs = await call<Criterion[]>('GET', '/api/criteria/', tokens.otherAdmin);
    expect(theirs.body.map((c) => c.id)).toEqual(CRITERIA.map((c) => c.id));
    expect((await call<CompanyCriterionPage>('GET', '/api/company/criteria/', tokens.otherAdmin)).body.count).toBe(0);
    expect((await call('GET', `/api/company/criteria/${created.body.pk}/`, tokens.otherAdmin)).status).toBe(404);
    expect((await call('PUT', `/api/company/criteria/${created.body.pk}/`, tokens.otherAdmin, table('Stolen'))).status).toBe(404);
    expect((await call('DELETE', `/api/company/criteria/${created.body.pk}/`, tokens.otherAdmin)).status).toBe(404);
    expect((await call('GET', `/api/color-legend/?name=wind-comfort-${created.body.id}`, tokens.otherAdmin)).status).toBe(404);
    expect((await call('POST', `/api/criteria/${created.body.id}/get-recipe-defaults/`, tokens.otherAdmin, {})).status).toBe(404);
  });

  it('are changed and deleted by the Org Admin only: members without the permission get 403', async () => {
    const created = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('Draft table'));
    expect((await call('POST', '/api/company/criteria/', tokens.engineer, table('By an engineer'))).status).toBe(403);
    expect((await call('PUT', `/api/company/criteria/${created.body.pk}/`, tokens.viewer, table('Renamed'))).status).toBe(403);
    expect((await call('DELETE', `/api/company/criteria/${created.body.pk}/`, tokens.engineer)).status).toBe(403);
    expect((await call('POST', '/api/company/criteria/', undefined, table('Anonymous'))).status).toBe(401);
    // The superuser belongs to no company: nowhere to create.
    expect((await call('POST', '/api/company/criteria/', tokens.superuser, table('Root’s'))).status).toBe(404);

    const changed = await call<CompanyCriterion>('PUT', `/api/company/criteria/${created.body.pk}/`, tokens.admin, {
      ...table('Final table'),
      speedType: 'hourlyMean',
      safety: [],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, name: 'Final table', speedType: 'hourlyMean', safety: [], revision: 2 });
    expect((await call('DELETE', `/api/company/criteria/${created.body.pk}/`, tokens.admin)).status).toBe(204);
    expect((await call('GET', `/api/company/criteria/${created.body.pk}/`, tokens.admin)).status).toBe(404);
    expect((await call('DELETE', `/api/company/criteria/${created.body.pk}/`, tokens.admin)).status).toBe(404);
  });

  it('answer 400 naming the field for every bad field', async () => {
    const base = table('Checked');
    const [a, b, last] = base.classes as [
      CompanyCriterionInput['classes'][number],
      CompanyCriterionInput['classes'][number],
      CompanyCriterionInput['classes'][number],
    ];
    const cases: Array<[string, unknown]> = [
      ['name', { ...base, name: '' }],
      ['name', { ...base, name: 'x'.repeat(101) }],
      ['name', { ...base, name: 'Nul\u0000table' }],
      ['description', { ...base, description: 'd'.repeat(501) }],
      ['speedType', { ...base, speedType: 'gusty' }],
      ['exceedanceComparison', { ...base, exceedanceComparison: 'roughly' }],
      ['classes', { ...base, classes: [last] }],
      ['classes', { ...base, classes: Array.from({ length: 13 }, (_, i) => ({ ...a, label: `C${i}`, thresholdMs: i + 1 })) }],
      ['classes.1.thresholdMs', { ...base, classes: [a, { ...b, thresholdMs: 2 }, last] }],
      ['classes.1.allowedExceedance', { ...base, classes: [a, { ...b, allowedExceedance: 0.01 }, last] }],
      ['classes.1.thresholdMs', { ...base, classes: [a, { ...b, thresholdMs: 3, allowedExceedance: 0.04 }, last] }],
      ['classes.0.allowedExceedance', { ...base, classes: [{ ...a, allowedExceedance: 5 }, b, last] }],
      ['classes.0.allowedExceedance', { ...base, classes: [{ ...a, allowedExceedance: -0.1 }, b, last] }],
      ['classes.0.thresholdMs', { ...base, classes: [{ ...a, thresholdMs: 0 }, b, last] }],
      ['classes.0.thresholdMs', { ...base, classes: [{ ...a, thresholdMs: 101 }, b, last] }],
      ['classes.0.thresholdMs', { ...base, classes: [{ ...a, thresholdMs: null }, b, last] }],
      ['classes.0.thresholdMs', { ...base, classes: [{ ...a, thresholdMs: '3' }, b, last] }],
      ['classes.2.thresholdMs', { ...base, classes: [a, b, { ...last, thresholdMs: 9 }] }],
      ['classes.0.label', { ...base, classes: [{ ...a, label: ' ' }, b, last] }],
      ['classes.0.label', { ...base, classes: [{ ...a, label: 'L'.repeat(61) }, b, last] }],
      ['classes.0.label', { ...base, classes: [{ ...a, label: 'Ter\u0000race' }, b, last] }],
      ['classes.1.label', { ...base, classes: [a, { ...b, label: 'terrace DINING' }, last] }],
      ['classes.0.colour', { ...base, classes: [{ ...a, colour: 'blue' }, b, last] }],
      ['safety.0.thresholdMs', { ...base, safety: [{ label: 'Unsafe', thresholdMs: -1, allowedExceedance: 0.001, colour: '#000000' }] }],
      [
        'safety.1.thresholdMs',
        {
          ...base,
          safety: [
            { label: 'Unsafe', thresholdMs: 20, allowedExceedance: 0.001, colour: '#000000' },
            { label: 'Very unsafe', thresholdMs: 15, allowedExceedance: 0.001, colour: '#111111' },
          ],
        },
      ],
    ];
    for (const [field, body] of cases) {
      const res = await call<Record<string, string[]>>('POST', '/api/company/criteria/', tokens.admin, body);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(Object.keys(res.body), `${field}: ${JSON.stringify(res.body)}`).toContain(field);
    }
    await call('POST', '/api/company/criteria/', tokens.admin, table('Taken'));
    expect(await call('POST', '/api/company/criteria/', tokens.admin, table('TAKEN'))).toEqual({
      status: 400,
      body: { name: ['Your company already has a criterion table with this name.'] },
    });
    // Nothing bad was stored.
    const names = (await call<CompanyCriterionPage>('GET', '/api/company/criteria/?page_size=999', tokens.admin)).body.results.map((c) => c.name);
    expect(names).not.toContain('Checked');
  });

  it('give their legends and recipe defaults to the company’s members', async () => {
    const created = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('With legend'));
    const legend = await call<{ title: string; classes: Array<{ value: number; label: string; colour: string }> }>(
      'GET',
      `/api/color-legend/?name=wind-comfort-${created.body.id}`,
      tokens.viewer,
    );
    expect(legend.status).toBe(200);
    expect(legend.body.title).toBe('Wind comfort — With legend');
    expect(legend.body.classes).toEqual([
      { value: 0, label: 'Terrace dining', colour: '#2c7bb6' },
      { value: 1, label: 'Strolling', colour: '#ffffbf' },
      { value: 2, label: 'Too windy', colour: '#d7191c' },
    ]);
    const safety = await call<{ classes: Array<{ label: string }> }>('GET', `/api/color-legend/?name=wind-safety-${created.body.id}`, tokens.viewer);
    expect(safety.body.classes.map((c) => c.label)).toEqual(['No safety limit exceeded', 'Unsafe']);
    const defaults = await call<{ criterionId: string; thresholdsMs: number[]; returnPeriods: Array<{ thresholdMs: number }> }>(
      'POST',
      `/api/criteria/${created.body.id}/get-recipe-defaults/`,
      tokens.engineer,
      { criteria_id: created.body.id },
    );
    expect(defaults.body).toMatchObject({ criterionId: created.body.id, thresholdsMs: [3, 6, 15], returnPeriods: [{ thresholdMs: 15 }] });
  });
});

describe('a company table in a study', () => {
  it('is carried through submit-postprocessing/ into the wind-comfort job, which classifies with it', async () => {
    const created = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('Quay terraces'));
    const scenario = await createScenario(t.deps, 'wind-comfort', projectId);
    await addSpeedRatios(t.deps, scenario.simulationId, [0, 90, 180, 270], (p) => 0.2 + p / 50);
    const url = `/api/project/${projectId}/configuration/${scenario.configurationId}/simulation/${scenario.simulationId}/submit-postprocessing/`;
    const body = { criteria: [created.body.id, 'lawson-lddc'], seasons: [{ id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }] };

    // Another company's table is not a choice; nor is a made-up one.
    const other = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.otherAdmin, table('Elsewhere'));
    expect(await call('POST', url, tokens.admin, { ...body, criteria: [other.body.id] })).toEqual({
      status: 400,
      body: { criteria: [`"${other.body.id}" is not a valid choice.`] },
    });
    expect((await call<Record<string, string[]>>('POST', url, tokens.admin, { ...body, criteria: ['company-x'] })).body).toHaveProperty(['criteria.0']);

    const submitted = await call<{ job_id: number }>('POST', url, tokens.admin, body);
    expect(submitted.status).toBe(202);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, submitted.body.job_id));
    // The table travels with the job: editing it now does not change this job.
    expect((job!.input as { settings: { tables: Criterion[] } }).settings.tables.map((c) => c.name)).toEqual(['Quay terraces']);
    await call('PUT', `/api/company/criteria/${created.body.pk}/`, tokens.admin, { ...table('Renamed later'), classes: table('x').classes.slice(1) });

    await runHandlerDirectly(t.deps, windComfortHandler(analysisServices(t.deps)), job!);
    const layers = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.analysisType, 'wind-comfort')));
    const names = layers.map((l) => (l.qualifiers as { criterion?: string }).criterion);
    expect(names).toContain('Quay terraces');
    expect(names).toContain('Lawson LDDC (City of London)');
  });

  it('is read from the project’s company when a job carries no copy (a scenario’s CFD post-processing), and a deleted one fails the job for good', async () => {
    const created = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('CFD terraces'));
    const scenario = await createScenario(t.deps, 'wind-comfort', projectId);
    await addSpeedRatios(t.deps, scenario.simulationId, [0, 90, 180, 270], (p) => 0.2 + p / 50);
    const input = {
      ...scenario,
      settings: { criteria: [created.body.id], seasons: [{ id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }] },
    };
    await runHandlerDirectly(t.deps, windComfortHandler(analysisServices(t.deps)), await enqueueAnalysis(t.deps, 'analysis.wind-comfort', input));
    const layers = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.analysisType, 'wind-comfort')));
    expect(layers.map((l) => (l.qualifiers as { criterion?: string }).criterion)).toEqual(['CFD terraces']);
    expect((layers[0]!.metadata as { legend?: { name: string } }).legend?.name).toBe(`wind-comfort-${created.body.id}`);

    await call('DELETE', `/api/company/criteria/${created.body.pk}/`, tokens.admin);
    const again = runHandlerDirectly(t.deps, windComfortHandler(analysisServices(t.deps)), await enqueueAnalysis(t.deps, 'analysis.wind-comfort', input));
    await expect(again).rejects.toMatchObject({ name: 'PermanentJobError', message: expect.stringContaining(`${created.body.id} no longer exists`) });
  });

  it('is a metric a scenario of the company’s project may choose; another company’s table is not', async () => {
    const mine = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.admin, table('Scenario table'));
    const theirs = await call<CompanyCriterion>('POST', '/api/company/criteria/', tokens.otherAdmin, table('Their scenario table'));
    const form = (metrics: string[]) =>
      UpdateConfigurationSchema.parse({
        name: 'Terraces',
        engine: 'AI',
        analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics }],
        geometry: { study: [999999] },
        seasons: ['annual'],
        times: ['07:00-23:00'],
      });
    const errors = await checkScenarioRules(t.database.db, projectId, form(['lawson-lddc', mine.body.id, theirs.body.id]), []);
    expect(Object.keys(errors)).not.toContain('analyses.0.metrics.0');
    expect(Object.keys(errors)).not.toContain('analyses.0.metrics.1');
    expect(errors['analyses.0.metrics.2']?.[0]).toMatch(/is not a comfort criterion/);
  });
});
