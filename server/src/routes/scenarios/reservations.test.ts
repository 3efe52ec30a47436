/**
 * Only what can run is offered, and nothing is charged for what does not run, over HTTP
 * on the real database with a real job worker (geometry validation):
 * - a pair neither Canopy nor a configured provider computes is refused at save, naming the field;
 *   each analysis Canopy computes is offered once, at the CFD level (the AI level is machine learning);
 * - an analysis that waits for external results reserves its credits at approval (nothing debited),
 *   and cancelling it, or deleting its scenario, returns them; once its results arrive, the model
 *   they recorded is reported. The debit on ingestion is in submission.routes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { solarScenarioBody, uploadFile } from '../../../test/world-scenarios.ts';
import { creditReservations, subscriptions, subscriptionUsage } from '../../db/schema/index.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { JobWorker } from '../../jobs/worker.ts';
import type { CapabilityList } from '@canopy/contract/capabilities.ts';
import type { Configuration, CostBreakdown, GeometryValidation, MlModelList, UserApprovalResult, VersionInfo } from '@canopy/contract/scenarios.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import type { Subscription } from '@canopy/contract/subscriptions.ts';

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('without an external provider', () => {
  let t: TestContext;
  let w: World;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
    w = await buildWorld(t.deps);
  });
  afterAll(() => t.close());

  const create = (body: object) => t.request(`/api/project/${w.projectId}/configuration/`, { method: 'POST', token: w.tokens.projectAdmin, json: body });

  it('offers only what Canopy computes, each analysis once, at the level of its method', async () => {
    const offer = await json<CapabilityList>(await t.request('/api/scenario-capabilities/', { token: w.tokens.colleague }), 200);
    expect(offer.results.map((c) => `${c.analysis_type}:${c.engine}:${c.computed_by}`).sort()).toEqual([
      'directional_wind:CFD:canopy',
      'pedestrian_wind_comfort:CFD:canopy',
      'solar:CFD:canopy',
      'thermal_comfort:CFD:canopy',
    ]);
  });

  it('refuses AI wind comfort and AI solar at save, naming the field, and accepts solar with the CFD engine', async () => {
    const solarAi = await create({ ...solarScenarioBody('Solar at AI level', w.scenarios.uploads), engine: 'AI' });
    expect(solarAi.status).toBe(400);
    expect(await solarAi.json()).toEqual({ 'analyses.0.analysis_type': ['"solar" is not offered with the AI engine. It runs at the CFD level.'] });
    const wind = await create({
      ...solarScenarioBody('Wind', w.scenarios.uploads),
      engine: 'AI',
      analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }],
    });
    expect(wind.status).toBe(400);
    expect(await wind.json()).toEqual({
      'analyses.0.analysis_type': ['"pedestrian_wind_comfort" is not offered with the AI engine. It runs at the CFD level.'],
    });
    const solarCfd = await json<Configuration>(await create({ ...solarScenarioBody('Solar at CFD level', w.scenarios.uploads), engine: 'CFD' }), 201);
    expect(solarCfd.simulations.map((s) => [s.category, s.engine, s.computed_by_canopy])).toEqual([['solar', 'CFD', true]]);
  });
});

describe('an analysis that waits for external results', () => {
  let t: TestContext;
  let w: World;
  let worker: JobWorker;
  let subscriptionId: number;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false', EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:AI', EXTERNAL_PROVIDER_NAME: 'Gust ML' });
    w = await buildWorld(t.deps);
    worker = new JobWorker({
      db: t.database.db,
      handlers: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} }),
      pollMs: 50,
      leaseMs: 30_000,
    });
    worker.start();
    const [sub] = await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.companyId, plan: 'Team', creditType: 'AI', creditsPerPeriod: 100, userId: w.userIds.projectAdmin })
      .returning({ id: subscriptions.id });
    subscriptionId = sub!.id;
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  const token = () => w.tokens.projectAdmin;
  const base = () => `/api/project/${w.projectId}/configuration`;
  const mySubscription = async () =>
    (await json<{ results: Subscription[] }>(await t.request('/api/company/subscriptions/', { token: token() }), 200)).results.find(
      (s) => s.id === subscriptionId,
    )!;

  /** A wind-comfort scenario (one season: 10 credits), validated and approved. */
  async function approvedWindScenario(name: string): Promise<{ scenario: Configuration; approval: UserApprovalResult }> {
    const scenario = await json<Configuration>(
      await t.request(`${base()}/`, {
        method: 'POST',
        token: token(),
        json: {
          ...solarScenarioBody(name, w.scenarios.uploads),
          engine: 'AI',
          seasons: ['annual'],
          analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }],
        },
      }),
      201,
    );
    const url = `${base()}/${scenario.id}`;
    await json(
      await t.request(`${url}/geometry-validation/`, {
        method: 'POST',
        token: token(),
        json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'AI' },
      }),
      202,
    );
    await waitFor(
      async () => json<GeometryValidation>(await t.request(`${url}/geometry-validation/`, { token: token() }), 200),
      (v) => v.status === 'passed' || v.status === 'failed',
    );
    const cost = await json<CostBreakdown>(
      await t.request(`/api/project/${w.projectId}/study/${w.studyId}/configuration/${scenario.id}/user-approval/cost-breakdown/`, { token: token() }),
      200,
    );
    expect(cost).toMatchObject({ total_credits: 10, credits_now: 0, credits_reserved: 10, blocked_reason: null });
    expect(cost.lines[0]).toMatchObject({ computed_by: 'external', provider: 'Gust ML' });
    const approval = await json<UserApprovalResult>(
      await t.request(`${url}/user-approval/`, { method: 'POST', token: token(), json: { approved: true, expected_credits: 10 } }),
      200,
    );
    return { scenario, approval };
  }

  it('is offered with the provider named', async () => {
    const offer = await json<CapabilityList>(await t.request('/api/scenario-capabilities/', { token: token() }), 200);
    expect(offer.results).toContainEqual({
      analysis_type: 'pedestrian_wind_comfort',
      engine: 'AI',
      computed_by: 'external',
      provider: 'Gust ML',
      method: 'Wind results from Gust ML; comfort classes computed by Canopy once they arrive',
    });
  });

  it('reserves its credits at approval and debits nothing', async () => {
    const { scenario, approval } = await approvedWindScenario('Reserved');
    expect(approval).toMatchObject({ credits_debited: 0, credits_reserved: 10, credits_left: 90 });
    expect(approval.simulations[0]).toMatchObject({ status: 'awaiting_external_results', computed_by_canopy: false });
    expect(await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id))).toEqual([]);
    expect(await mySubscription()).toMatchObject({ credits_used: 0, credits_reserved: 10, credits_left: 90 });
  });

  it('reports no ML model until results are ingested, then the one they recorded', async () => {
    const { scenario } = await approvedWindScenario('Model named');
    const wind = scenario.simulations[0]!.id;
    const mlUrl = `${base()}/${scenario.id}/simulation/${wind}/ml-version-info/`;
    expect(await json<VersionInfo>(await t.request(mlUrl, { token: token() }), 200)).toMatchObject({ recorded: false, name: null, version: null });
    const glb = await writeResultGlb({
      positions: Float32Array.from([0, 0, 1.5, 10, 0, 1.5, 10, 10, 1.5]),
      indices: Uint32Array.from([0, 1, 2]),
      fields: { speedRatio: Float32Array.from([0.8, 0.9, 1.1]) },
      metadata: {
        analysis: 'wind-directional',
        metric: 'speed-ratio',
        units: '',
        provenance: { engine: 'gust-wind-net', version: '2.3.1', trainedOn: 'AIJ cases' },
      },
    });
    const upload = await uploadFile(t.deps, w.projectId, w.ownerId, 'ratio-000.glb', glb);
    await json(
      await t.request('/api/ingestassets/appendresults', {
        method: 'PUT',
        token: token(),
        json: { project_id: w.projectId, simulation_id: wind, results: [{ upload_id: upload, wind_direction: '0' }] },
      }),
      200,
    );
    expect(await json<VersionInfo>(await t.request(mlUrl, { token: w.tokens.colleague }), 200)).toMatchObject({
      recorded: true,
      name: 'gust-wind-net',
      version: '2.3.1',
      details: { trainedOn: 'AIJ cases' },
    });
    expect(await json<VersionInfo>(await t.request(`${base()}/${scenario.id}/simulation/${wind}/cfd-version-info/`, { token: token() }), 200)).toMatchObject({
      recorded: false,
    });
    const models = await json<MlModelList>(await t.request(`/api/ingestassets/project/${w.projectId}/mlmodel/`, { token: token() }), 200);
    expect(models.models).toContainEqual(expect.objectContaining({ simulation_id: wind, name: 'gust-wind-net', version: '2.3.1' }));
  });

  it('returns the reserved credits when the simulation is cancelled — once; a cancelled one cannot be asked for again', async () => {
    const before = (await mySubscription()).credits_left;
    const { scenario } = await approvedWindScenario('Cancelled');
    expect((await mySubscription()).credits_left).toBe(before - 10);
    const cancelUrl = `${base()}/${scenario.id}/simulation/${scenario.simulations[0]!.id}/cancel/`;
    // Someone who may only see the project cannot cancel it.
    expect((await t.request(cancelUrl, { method: 'POST', token: w.tokens.colleague })).status).toBe(403);
    const cancelled = await json(await t.request(cancelUrl, { method: 'POST', token: token() }), 200);
    expect(cancelled).toEqual({
      simulation_id: scenario.simulations[0]!.id,
      status: 'cancelled',
      status_text: 'Cancelled: the reserved credits were returned',
      credits_returned: 10,
    });
    expect(await mySubscription()).toMatchObject({ credits_left: before });
    expect(await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id))).toEqual([]);
    const [reservation] = await t.database.db.select().from(creditReservations).where(eq(creditReservations.configurationId, scenario.id));
    expect(reservation).toMatchObject({ status: 'refunded', settledAt: expect.any(Date) });

    const again = await t.request(cancelUrl, { method: 'POST', token: token() });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      detail:
        'The simulation is cancelled; only a simulation waiting for external results, or a CFD wind run of Canopy’s that is queued or running, can be cancelled.',
    });
    const resubmit = await t.request(`${base()}/${scenario.id}/simulation/${scenario.simulations[0]!.id}/resubmit-ml/`, { method: 'POST', token: token() });
    expect(resubmit.status).toBe(400);
    expect((await json<Configuration>(await t.request(`${base()}/${scenario.id}/`, { token: token() }), 200)).status).toBe('cancelled');
  });

  it('returns the reserved credits when the scenario is deleted, keeping the record', async () => {
    const before = (await mySubscription()).credits_left;
    const { scenario } = await approvedWindScenario('Deleted');
    expect((await t.request(`${base()}/${scenario.id}/`, { method: 'DELETE', token: token() })).status).toBe(204);
    expect((await mySubscription()).credits_left).toBe(before);
    const kept = await t.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.label, 'Scenario "Deleted": pedestrian wind comfort results'));
    expect(kept).toEqual([expect.objectContaining({ status: 'refunded', configurationId: null, credits: 10 })]);
  });

  it('holds credits against the balance: a scenario needing more than is left after reservations is refused', async () => {
    await t.database.db.update(subscriptions).set({ creditsPerPeriod: 35 }).where(eq(subscriptions.id, subscriptionId));
    // 10 held by the first test's scenario and 10 debited for the ingested one: 15 left, so one more (10) fits and the next does not.
    expect((await mySubscription()).credits_left).toBe(15);
    await approvedWindScenario('Fits');
    const scenario = await json<Configuration>(
      await t.request(`${base()}/`, {
        method: 'POST',
        token: token(),
        json: {
          ...solarScenarioBody('Too many', w.scenarios.uploads),
          engine: 'AI',
          seasons: ['annual'],
          analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }],
        },
      }),
      201,
    );
    const url = `${base()}/${scenario.id}`;
    await json(
      await t.request(`${url}/geometry-validation/`, {
        method: 'POST',
        token: token(),
        json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'AI' },
      }),
      202,
    );
    await waitFor(
      async () => json<GeometryValidation>(await t.request(`${url}/geometry-validation/`, { token: token() }), 200),
      (v) => v.status === 'passed',
    );
    const refused = await t.request(`${url}/user-approval/`, { method: 'POST', token: token(), json: { approved: true } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      detail:
        'Not enough credits: this scenario needs 10 AI credits and your subscription (Team) has 5 left. The operator of this installation can raise its credits.',
    });
  });
});
