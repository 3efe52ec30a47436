import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { addSimulation, addSpeedRatios, createScenario, type AnalysisScenario } from '../../../test/analysis-fixtures.ts';
import { assets, companies, projects, simulations } from '../../db/schema/index.ts';
import { JobWorker } from '../../jobs/worker.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';

let t: TestContext;
let scenario: AnalysisScenario;
let token: string;
let strangerToken: string;
const url = (s: AnalysisScenario, simulationId = s.simulationId) =>
  `/api/project/${s.projectId}/configuration/${s.configurationId}/simulation/${simulationId}/submit-postprocessing/`;
const body = {
  criteria: ['lawson-lddc'],
  seasons: [{ id: 'summer', name: 'Summer', months: [6, 7, 8] }],
  time_windows: [{ id: 'daytime', name: 'Daytime', window: '07:00-23:00' }],
};

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Windy Ltd' }).returning({ id: companies.id });
  const [project] = await db
    .insert(projects)
    .values({ name: 'Quay', companyId: company!.id, latitude: 41.98, longitude: -87.92 })
    .returning({ id: projects.id });
  scenario = await createScenario(t.deps, 'wind-comfort', project!.id);
  await addSpeedRatios(t.deps, scenario.simulationId, [0, 90, 180, 270], (p) => 0.3 + p / 100);
  token = await accessToken(t.deps, await createUser(db, { username: 'admin', companyId: company!.id, role: 'Org Admin' }));
  strangerToken = await accessToken(t.deps, await createUser(db, { username: 'stranger', companyId: null, role: 'Org Admin' }));
});
afterAll(() => t.close());

const submit = (path: string, json: unknown, bearer = token) => t.request(path, { method: 'POST', token: bearer, json });

describe('submit-postprocessing/ and GET /api/jobs/{id}/', () => {
  it('queues the wind-comfort job, which a worker runs to completion; the job reports progress', async () => {
    const res = await submit(url(scenario), body);
    expect(res.status).toBe(202);
    const { job_id, status } = (await res.json()) as { job_id: number; status: string };
    expect(status).toBe('queued');
    // The same request while the job waits gives the same job.
    expect(((await (await submit(url(scenario), body)).json()) as { job_id: number }).job_id).toBe(job_id);
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, scenario.simulationId));
    expect(simulation).toMatchObject({ status: 'queued', statusText: 'Wind comfort: queued' });

    const queued = (await (await t.request(`/api/jobs/${job_id}/`, { token })).json()) as { status: string; progress: number; type: string };
    expect(queued).toMatchObject({ status: 'queued', progress: 0, type: 'analysis.wind-comfort' });

    const worker = new JobWorker({ db: t.database.db, handlers: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} }), pollMs: 50 });
    worker.start();
    let job = queued;
    // Until the job settles, however busy the machine (the test's timeout guards a hang).
    while (job.status !== 'completed' && job.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await t.request(`/api/jobs/${job_id}`, { token })).json()) as typeof queued;
    }
    await worker.stop();
    expect(job).toMatchObject({ status: 'completed', progress: 100, error: null, message: 'writing results' });
    const derived = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.analysisType, 'wind-comfort')));
    expect(derived).toHaveLength(1);
  });

  it('answers 400 naming what is missing when the simulation has no speed-up ratios', async () => {
    const other = await addSimulation(t.deps, scenario.configurationId, 'wind-comfort');
    const res = await submit(url(scenario, other), body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ detail: expect.stringMatching(/speed-up ratio/), missing: ['speedRatio assets'] });
  });

  it('checks criteria and time windows', async () => {
    const badCriterion = await submit(url(scenario), { ...body, criteria: ['beaufort'] });
    expect(badCriterion.status).toBe(400);
    expect(await badCriterion.json()).toEqual({ 'criteria.0': ['"beaufort" is not a valid choice.'] });
    const badWindow = await submit(url(scenario), { ...body, time_windows: [{ id: 'x', name: 'X', window: '25:00-26:00' }] });
    expect(badWindow.status).toBe(400);
    expect(Object.keys((await badWindow.json()) as object)).toEqual(['time_windows.0.window']);
    const badWeather = await submit(url(scenario), { ...body, weather_id: 'atlantis' });
    expect(badWeather.status).toBe(400);
    expect(await badWeather.json()).toEqual({ weather_id: ['"atlantis" is not a weather file of the library.'] });
  });

  it('hides other projects’ scenarios, jobs and mismatched ids (404)', async () => {
    expect((await submit(url(scenario), body, strangerToken)).status).toBe(404);
    const elsewhere = await createScenario(t.deps, 'wind-comfort', scenario.projectId);
    expect((await submit(url(scenario, elsewhere.simulationId), body)).status).toBe(404);
    const submitted = (await (await submit(url(scenario), { ...body, criteria: ['davenport'] })).json()) as { job_id: number };
    expect((await t.request(`/api/jobs/${submitted.job_id}/`, { token: strangerToken })).status).toBe(404);
    expect((await t.request('/api/jobs/999999/', { token })).status).toBe(404);
    expect((await t.request('/api/jobs/abc/', { token })).status).toBe(404);
  });
});
