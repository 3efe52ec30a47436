/**
 * The scenario lifecycle over HTTP against the real (PGlite) database, with a real job worker in
 * this process: create from STL files sent through the upload mechanism → validate (a job reading
 * the blobs with engine/geometry) → cost → insufficient credit → approve (concurrent retries, one
 * debit) → the solar job computes → status; the façade pressure simulation (an external CFD provider
 * is configured for it) waits with its credits reserved until its results are ingested — then they
 * are debited — and reports the solver they recorded. Live events are collected from the bus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { solarScenarioBody, uploadFile } from '../../../test/world-scenarios.ts';
import { readFileSync } from 'node:fs';
import { assets, creditReservations, jobs, subscriptions, subscriptionUsage } from '../../db/schema/index.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { JobWorker } from '../../jobs/worker.ts';
import { createInProcessBus, type BusMessage } from '../../realtime/bus.ts';
import type { Configuration, CostBreakdown, GeometryValidation, LatestStatus, UserApprovalResult, VersionInfo } from '@canopy/contract/scenarios.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';

let t: TestContext;
let w: World;
let worker: JobWorker;
const events: BusMessage[] = [];

beforeAll(async () => {
  // Canopy computes solar at the CFD level; façade pressures at that level come from a provider.
  t = await createTestContext({ EXTERNAL_ANALYSES: 'pressure:CFD', EXTERNAL_PROVIDER_NAME: 'Harbour CFD' });
  t.deps.bus = createInProcessBus();
  t.deps.bus.subscribe((m) => events.push(m));
  w = await buildWorld(t.deps);
  worker = new JobWorker({
    db: t.database.db,
    handlers: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} }),
    pollMs: 50,
    leaseMs: 30_000,
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

describe('a scenario from STL upload to computed results', () => {
  let scenario: Configuration;
  let metSource: { id: number; met_id: string; name: string };
  const url = () => `/api/project/${w.projectId}/configuration/${scenario.id}`;
  const token = () => w.tokens.projectAdmin;

  it('is created with a solar and an external pressure simulation, on the weather the user uploaded', async () => {
    // The weather step: an EPW uploaded to the project (renamed, so its provenance is unmistakable).
    const epw = readFileSync(new URL('../../../../tests/fixtures/chicago.epw', import.meta.url), 'latin1').replace(
      'Chicago Ohare Intl Ap',
      'Harbour Test Station',
    );
    const epwUpload = await uploadFile(t.deps, w.projectId, w.ownerId, 'harbour.epw', new TextEncoder().encode(epw));
    metSource = await json(
      await t.request(`/api/project/${w.projectId}/met-sources/`, { method: 'POST', token: token(), json: { upload_id: epwUpload } }),
      201,
    );
    scenario = await json<Configuration>(
      await t.request(`/api/project/${w.projectId}/configuration/`, {
        method: 'POST',
        token: token(),
        json: {
          ...solarScenarioBody('Harbour option C', w.scenarios.uploads),
          analyses: [
            { analysis_type: 'solar', metrics: ['sun_hours'] },
            { analysis_type: 'pressure', metrics: ['cp'] },
          ],
          reference_height_m: 30,
          return_periods: { pressure: [50] },
          internal_pressure_coefficient: 0,
          met_source_id: metSource.id,
        },
      }),
      201,
    );
    expect(scenario.simulations.map((s) => [s.category, s.engine, s.computed_by_canopy])).toEqual([
      ['solar', 'CFD', true],
      ['pressure', 'CFD', false],
    ]);
  });

  it('cannot be approved before its geometry passed validation', async () => {
    const cost = await json<CostBreakdown>(
      await t.request(`/api/project/${w.projectId}/study/${w.studyId}/configuration/${scenario.id}/user-approval/cost-breakdown/`, { token: token() }),
      200,
    );
    expect(cost.blocked_reason).toBe('Validate the scenario’s geometry first: approval needs a passed geometry validation.');
    const res = await t.request(`${url()}/user-approval/`, { method: 'POST', token: token(), json: { approved: true } });
    expect(res.status).toBe(400);
  });

  it('fails validation for a building with a 1 m hole, with the offending triangles, and passes with the closed one', async () => {
    const { boxWithHole } = await import('@canopy/engine/geometry/mesh/test-meshes.ts');
    const { writeBinaryStl } = await import('@canopy/engine/geometry/stl/writer.ts');
    const holed = await uploadFile(t.deps, w.projectId, w.ownerId, 'holed-tower.stl', writeBinaryStl(boxWithHole(1)));
    const body = { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'solar' };
    const queued = await json<GeometryValidation>(
      await t.request(`${url()}/geometry-validation/`, {
        method: 'POST',
        token: token(),
        json: { ...body, geometry: { ...(scenario.form.geometry as object), study: [holed] } },
      }),
      202,
    );
    expect(queued).toMatchObject({ status: 'queued', error: false, scenario_id: scenario.id });
    const failed = await waitFor(
      'the failed validation',
      async () => json<GeometryValidation>(await t.request(`${url()}/geometry-validation/`, { token: w.tokens.colleague }), 200),
      (v) => v.status === 'failed',
    );
    expect(failed.error).toBe(true);
    const open = failed.findings.find((f) => f.code === 'open-edges')!;
    expect(open).toMatchObject({ severity: 'error', role: 'study', asset: 'holed-tower.stl', upload_id: holed });
    expect(open.triangles.length).toBeGreaterThan(0);
    expect(open.suggested_fix.length).toBeGreaterThan(0);
    expect(failed.error_message).toMatch(/^1 error|errors; first:/);
    expect(((await (await t.request(`${url()}/`, { token: token() })).json()) as Configuration).status).toBe('draft');

    await json(await t.request(`${url()}/geometry-validation/`, { method: 'POST', token: token(), json: body }), 202);
    const passed = await waitFor(
      'the passed validation',
      async () => json<GeometryValidation>(await t.request(`${url()}/geometry-validation/`, { token: token() }), 200),
      (v) => v.status === 'passed',
    );
    expect(passed).toMatchObject({ error: false, error_message: null, summary: { errors: 0 } });
    expect(passed.findings.map((f) => f.code)).toContain('north-is-plus-y');
    expect(passed.assets.map((a) => [a.role, a.name, a.triangle_count])).toEqual([
      ['ground', 'ground.stl', 32],
      ['study', 'tower.stl', 12],
      ['presentation_planes', 'plane.stl', 200],
    ]);
    expect(((await (await t.request(`${url()}/`, { token: token() })).json()) as Configuration).status).toBe('awaiting_approval');
    const live = events.filter((e) => e.event.type === 'scenario.validation' && e.event.configuration_id === scenario.id).map((e) => e.event.status);
    expect(live).toEqual(['queued', 'failed', 'queued', 'passed']);
  });

  it('prices the analyses × seasons, and refuses approval with too few credits — nothing debited', async () => {
    const [sub] = await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.companyId, plan: 'Starter', creditType: 'CFD', creditsPerPeriod: 5, userId: w.userIds.projectAdmin })
      .returning();
    const costUrl = `/api/project/${w.projectId}/study/${w.studyId}/configuration/${scenario.id}/user-approval/cost-breakdown/`;
    const cost = await json<CostBreakdown>(await t.request(costUrl, { token: token() }), 200);
    expect(cost.lines.map((l) => [l.analysis_type, l.unit_credits, l.direction_factor, l.seasons, l.credits, l.computed_by, l.provider])).toEqual([
      ['solar', 1, 1, 2, 2, 'canopy', 'Canopy'],
      ['pressure', 3, 1, 2, 6, 'external', 'Harbour CFD'],
    ]);
    expect(cost).toMatchObject({
      total_credits: 8,
      credits_now: 2,
      credits_reserved: 6,
      credit_type: 'CFD',
      sufficient: false,
      subscription: { id: sub!.id, credits_left: 5 },
    });
    expect(cost.blocked_reason).toBe(
      'Not enough credits: this scenario needs 8 CFD credits and your subscription (Starter) has 5 left. The operator of this installation can raise its credits.',
    );

    const refused = await t.request(`${url()}/user-approval/`, { method: 'POST', token: token(), json: { approved: true } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: cost.blocked_reason });
    expect(await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id))).toEqual([]);

    await t.database.db.update(subscriptions).set({ creditsPerPeriod: 100 }).where(eq(subscriptions.id, sub!.id));
    const stale = await t.request(`${url()}/user-approval/`, { method: 'POST', token: token(), json: { approved: true, expected_credits: 7 } });
    expect(await stale.json()).toEqual({ expected_credits: ['The cost is now 8 credits (you approved 7); review the breakdown and approve again.'] });
  });

  it('debits once under concurrent retries and submits: solar is debited and becomes a job, the pressures wait with their credits reserved', async () => {
    const approve = () => t.request(`${url()}/user-approval/`, { method: 'POST', token: token(), json: { approved: true, expected_credits: 8 } });
    const answers = await Promise.all([approve(), approve(), approve()]);
    const bodies = await Promise.all(answers.map((r) => json<UserApprovalResult>(r, 200)));
    expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
    for (const b of bodies) expect(b).toMatchObject({ credits_debited: 2, credits_reserved: 6, credit_type: 'CFD' });
    // Only what Canopy computes is debited; the pressure results are not here yet, so theirs are held.
    const usage = await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ creditsUsed: 2, creditType: 'CFD', usedBy: w.userIds.projectAdmin, label: 'Scenario "Harbour option C"' });
    const held = await t.database.db.select().from(creditReservations).where(eq(creditReservations.configurationId, scenario.id));
    expect(held.map((r) => [r.simulationId, r.credits, r.status])).toEqual([[scenario.simulations[1]!.id, 6, 'held']]);
    const first = bodies.find((b) => !b.replayed)!;
    expect(first.credits_left).toBe(92);
    const subs = await json<{ results: Array<{ credits_used: number; credits_reserved: number; credits_left: number }> }>(
      await t.request('/api/company/subscriptions/', { token: token() }),
      200,
    );
    expect(subs.results).toContainEqual(expect.objectContaining({ credits_used: 2, credits_reserved: 6, credits_left: 92 }));
    const [solar, pressure] = first.simulations;
    expect(solar).toMatchObject({ category: 'solar', computed_by_canopy: true });
    expect(solar!.job_id).not.toBeNull();
    expect(pressure).toMatchObject({ category: 'pressure', status: 'awaiting_external_results', computed_by_canopy: false, job_id: null });

    // The debit shows in the company's subscription usage.
    const page = await json<{ results: Array<{ label: string; credits_used: number }> }>(
      await t.request('/api/company/subscription-usage/', { token: w.tokens.colleagueWithPermission }),
      200,
    );
    expect(page.results).toContainEqual(expect.objectContaining({ label: 'Scenario "Harbour option C"', credits_used: 2 }));
  });

  it('computes the solar simulation on the worker; the scenario waits for the external pressure results', async () => {
    const statusUrl = `${url()}/simulation/${scenario.simulations[0]!.id}/get-latest-status/`;
    const done = await waitFor(
      'the solar job',
      async () => json<LatestStatus>(await t.request(statusUrl, { token: w.tokens.colleague }), 200),
      (s) => s.status === 'completed' || s.status === 'failed',
      120_000,
    );
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      configuration_status: 'awaiting_external_results',
      job: { status: 'completed', error: null },
    });
    const data = await t.database.db.select().from(assets).where(eq(assets.simulationId, scenario.simulations[0]!.id));
    expect(data.filter((a) => a.layerType === 'data').length).toBeGreaterThan(0);
    // Computed on the met source chosen in the wizard, not on the library's nearest station.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, done.job!.id));
    expect(job!.input).toMatchObject({ stationId: expect.any(Number) });
    for (const layer of data.filter((a) => a.layerType === 'data')) {
      expect((layer.metadata as { provenance: { weatherSource: string; weatherFile: string } }).provenance).toMatchObject({
        weatherSource: expect.stringContaining('Harbour Test Station'),
        weatherFile: `${metSource.met_id}.epw`,
      });
    }
    // The uploads, and the project's surroundings (the world's project has OpenStreetMap buildings).
    expect(
      data
        .filter((a) => a.layerType === 'geometry')
        .map((a) => a.geometryType)
        .sort(),
    ).toEqual(['ground', 'presentation_plane', 'study', 'surrounds']);
    // Live: the solar simulation went queued → running → completed; the scenario shows its least advanced simulation.
    const live = events.filter((e) => e.event.type === 'scenario.status' && e.event.configuration_id === scenario.id);
    const solarSeen = live.map((e) => (e.event.simulations as Array<{ id: number; status: string }>).find((s) => s.id === scenario.simulations[0]!.id)!.status);
    expect(solarSeen.indexOf('queued')).toBeLessThan(solarSeen.indexOf('running'));
    expect(solarSeen.indexOf('running')).toBeLessThan(solarSeen.lastIndexOf('completed'));
    expect(live.at(-1)!.event.status).toBe('awaiting_external_results');
  });

  it('reports no solver until results are ingested, then the one they recorded; the scenario completes', async () => {
    const pressure = scenario.simulations[1]!.id;
    const cfdUrl = `${url()}/simulation/${pressure}/cfd-version-info/`;
    expect(await json<VersionInfo>(await t.request(cfdUrl, { token: token() }), 200)).toMatchObject({ recorded: false, name: null, version: null });
    const glb = await writeResultGlb({
      positions: Float32Array.from([0, 0, 1.5, 10, 0, 1.5, 10, 10, 1.5]),
      indices: Uint32Array.from([0, 1, 2]),
      fields: { speedRatio: Float32Array.from([0.8, 0.9, 1.1]) },
      metadata: {
        analysis: 'wind-directional',
        metric: 'speed-ratio',
        units: '',
        provenance: { engine: 'harbour-cfd', version: '2.3.1', turbulence: 'k-omega SST' },
      },
    });
    const upload = await uploadFile(t.deps, w.projectId, w.ownerId, 'ratio-000.glb', glb);
    await json(
      await t.request('/api/ingestassets/appendresults', {
        method: 'PUT',
        token: token(),
        json: { project_id: w.projectId, simulation_id: pressure, results: [{ upload_id: upload, wind_direction: '0' }] },
      }),
      200,
    );

    expect(await json<VersionInfo>(await t.request(cfdUrl, { token: w.tokens.colleague }), 200)).toMatchObject({
      recorded: true,
      name: 'harbour-cfd',
      version: '2.3.1',
      details: { turbulence: 'k-omega SST' },
    });
    // A CFD solver is not a machine-learning model.
    expect(await json<VersionInfo>(await t.request(`${url()}/simulation/${pressure}/ml-version-info/`, { token: token() }), 200)).toMatchObject({
      recorded: false,
    });

    const final = await json<Configuration>(await t.request(`${url()}/`, { token: token() }), 200);
    expect(final.status).toBe('completed');
    expect(final.simulations.map((s) => [s.status, s.status_text])).toEqual([
      ['completed', ''],
      ['completed', 'Results ingested'],
    ]);
    expect(final.approval).toMatchObject({ credits: 8, approved_by: w.userIds.projectAdmin });
    // The results arrived: the reserved credits are debited now, once (a second ingestion debits nothing).
    await json(
      await t.request('/api/ingestassets/appendresults', {
        method: 'PUT',
        token: token(),
        json: { project_id: w.projectId, simulation_id: pressure, results: [{ upload_id: upload, wind_direction: '90' }] },
      }),
      200,
    );
    const usage = await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id));
    expect(usage.map((u) => [u.label, u.creditsUsed]).sort()).toEqual([
      ['Scenario "Harbour option C"', 2],
      ['Scenario "Harbour option C": pressure results', 6],
    ]);
    const [settled] = await t.database.db.select().from(creditReservations).where(eq(creditReservations.configurationId, scenario.id));
    expect(settled).toMatchObject({ status: 'debited', usageId: expect.any(Number) });
    const subs = await json<{ results: Array<{ credits_used: number; credits_reserved: number; credits_left: number }> }>(
      await t.request('/api/company/subscriptions/', { token: token() }),
      200,
    );
    expect(subs.results).toContainEqual(expect.objectContaining({ credits_used: 8, credits_reserved: 0, credits_left: 92 }));
    // A submitted scenario's inputs are fixed.
    const put = await t.request(`${url()}/`, { method: 'PUT', token: token(), json: solarScenarioBody('Changed', w.scenarios.uploads) });
    expect(put.status).toBe(400);
  });
});
