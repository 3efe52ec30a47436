/**
 * Canopy's CFD wind end to end over HTTP on the embedded database (PGlite), with a real job worker
 * in this process and the real solver on a tiny geometry (a 10 m tower) — a short run
 * (CFD_TEST_STEPS) so each direction takes about a second:
 * - the wizard's estimate; validation keeps it; the cost step prices the grid;
 * - approval runs the planning job and one job per direction; the wind-comfort post-processing
 *   follows by itself; the scenario completes with comfort, safety, directional, arrow and
 *   streamline layers, each with its provenance; the scenario's thermal comfort waited for the
 *   wind field and says it used it;
 * - a direction whose worker lost it mid-run (its lease taken, as after a crash) resumes from its
 *   checkpoint on another worker;
 * - oversized grids and geometry the solver cannot take are refused with the numbers / the file;
 * - a run that diverges fails with the reason and the step, publishing nothing.
 * The same kill with a real SIGKILL of a worker process is in contexts/compute/cfd/cfd-kill.pg.test.ts (PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { uploadFile } from '../../../test/world-scenarios.ts';
import { assets, companyCriteria, jobs, simulations, subscriptionUsage } from '../../db/schema/index.ts';
import { sampleTable } from '../../../test/world-criteria.ts';
import { json, scenarioUrl, setup, startWorker, teardown, validatedScenario, validation, waitFor, type Setup } from '../../../test/world-cfd.ts';
import { getJob } from '../../jobs/queue.ts';
import type { Configuration, CostBreakdown, LatestStatus, UserApprovalResult } from '@canopy/contract/scenarios.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/index.ts';
import { boxSoup } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { getBytes, parseBlobKey } from '../../blobs/blob-io.ts';
import { CFD_DIRECTION_JOB, cfdDirectionsAtOnce } from '../../contexts/compute/cfd/cfd-plan.ts';
import { runCheckpointDir } from '../../contexts/compute/cfd/checkpoints.ts';
import type { CfdRunState } from '../../contexts/compute/cfd/run-state.ts';
import { pdfLayoutText as pdfText, POPPLER as poppler } from '../../../test/pdf-layout-text.ts';

describe('a CFD wind scenario on the embedded installation', { timeout: 300_000 }, () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ CFD_TEST_STEPS: '24' });
    startWorker(s);
  });
  afterAll(() => teardown(s));

  let scenario: Configuration;
  let windId: number;
  let thermalId: number;

  it('estimates the grid for the wizard: cells, memory, minutes and credits', async () => {
    const { t, w } = s;
    const estimate = await json<CfdEstimateResponse>(
      await t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
        method: 'POST',
        token: w.tokens.projectAdmin,
        json: {
          geometry: { study: [w.scenarios.uploads.study], presentation_planes: [w.scenarios.uploads.plane] },
          cfd_tier: 'rapid',
          wind_directions: 8,
          seasons: ['annual', 'winter'],
        },
      }),
      200,
    );
    expect(estimate).toMatchObject({
      tier: 'rapid',
      finest_cell_m: 4,
      wind_directions: 8,
      credit_type: 'CFD',
      unit_credits: 2,
      compute_factor: 1,
      seasons: 2,
      // The solver runs once whatever the seasons: charged once.
      credits: 2,
      throughput_source: 'default',
      shortened_schedule: true,
    });
    expect(estimate.cells).toBeGreaterThan(1000);
    expect(estimate.levels.map((l) => l.dx_m)).toEqual([32, 16, 8, 4]);
    // Where each box lies in the solver frame (the preview draws the tunnel from it): level 0 holds
    // the region's centre (x = y = 0) with more room downwind (+x) than upwind, and every finer box
    // lies inside the one before it.
    const [outer] = estimate.levels;
    const [x0, y0, z0] = outer!.origin_m!;
    expect(z0).toBe(0);
    expect(x0).toBeLessThan(0);
    expect(y0).toBeLessThan(0);
    expect(x0 + outer!.nx * outer!.dx_m).toBeGreaterThan(-x0);
    estimate.levels.slice(1).forEach((box, i) => {
      const parent = estimate.levels[i]!;
      expect(box.origin_m![0]).toBeGreaterThanOrEqual(parent.origin_m![0]);
      expect(box.origin_m![0] + box.nx * box.dx_m).toBeLessThanOrEqual(parent.origin_m![0] + parent.nx * parent.dx_m);
      expect(box.origin_m![1] + box.ny * box.dx_m).toBeLessThanOrEqual(parent.origin_m![1] + parent.ny * parent.dx_m);
    });
    // CFD_THREADS=1: one direction per core at once, so 8 directions take ceil(8 / cores) rounds.
    const rounds = Math.ceil(8 / cfdDirectionsAtOnce({ CFD_THREADS: 1 }));
    expect(rounds).toBe(Math.ceil(8 / availableParallelism()));
    expect(estimate.directions_at_once).toBe(availableParallelism());
    expect(estimate.minutes_total).toBeCloseTo(estimate.minutes_per_direction * rounds, 0);
    const detailed = await json<CfdEstimateResponse>(
      await t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
        method: 'POST',
        token: w.tokens.projectAdmin,
        json: { geometry: { study: [w.scenarios.uploads.study], presentation_planes: [w.scenarios.uploads.plane] }, cfd_tier: 'detailed', wind_directions: 8 },
      }),
      200,
    );
    expect(detailed.cells).toBeGreaterThan(estimate.cells);
    expect(detailed.levels.at(-1)!.dx_m).toBe(2);
    // Access before anything else: a colleague without the right to create scenarios.
    const refused = await t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
      method: 'POST',
      token: w.tokens.colleague,
      json: { geometry: { study: [w.scenarios.uploads.study] } },
    });
    expect(refused.status).toBe(403);
    const stranger = await t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
      method: 'POST',
      token: w.tokens.otherCompany,
      json: { geometry: { study: [] } },
    });
    expect(stranger.status).toBe(404);
  });

  it('validates with the grid stated, and prices the CFD by it', async () => {
    // Two towers that overlap in one file: valid geometry, which the solver voxelises as their union (with a warning).
    const { t, w } = s;
    const towers = await uploadFile(
      t.deps,
      w.projectId,
      w.ownerId,
      'towers.stl',
      writeBinaryStl(Float32Array.from([...boxSoup(0, 0, -1, 10, 10, 9), ...boxSoup(6, 6, -1, 14, 14, 15)])),
    );
    scenario = await validatedScenario(s, 'Tower wind (CFD)', {
      analyses: [
        { analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc', 'davenport'] },
        { analysis_type: 'thermal_comfort', metrics: ['UTCI'] },
      ],
      geometry: { study: [towers], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
    });
    windId = scenario.simulations.find((x) => x.category === 'pedestrian_wind_comfort')!.id;
    thermalId = scenario.simulations.find((x) => x.category === 'thermal_comfort')!.id;
    expect(scenario.simulations.find((x) => x.id === windId)).toMatchObject({ engine: 'CFD', computed_by_canopy: true });
    const v = await validation(s, scenario.id);
    expect(v.status, JSON.stringify(v.findings.filter((f) => f.severity === 'error'))).toBe('passed');
    const grid = v.findings.find((f) => f.code === 'cfd-grid')!;
    expect(grid.severity).toBe('info');
    expect(grid.message).toMatch(/^Canopy’s CFD grid \(rapid .*\): \d\.\d\d million cells, \d+ MB, \d+ steps per direction/);
    const cost = await json<CostBreakdown>(
      await s.t.request(`/api/project/${s.w.projectId}/study/${s.w.studyId}/configuration/${scenario.id}/user-approval/cost-breakdown/`, {
        token: s.w.tokens.projectAdmin,
      }),
      200,
    );
    expect(cost.lines.map((l) => [l.analysis_type, l.unit_credits, l.direction_factor, l.credits, l.computed_by])).toEqual([
      ['pedestrian_wind_comfort', 2, 1, 2, 'canopy'],
      ['thermal_comfort', 3, 1, 3, 'canopy'],
    ]);
  });

  it('runs one job per direction after approval, then the comfort post-processing by itself, and completes', async () => {
    const { t, w } = s;
    const approved = await json<UserApprovalResult>(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      200,
    );
    expect(approved).toMatchObject({ credit_type: 'CFD', credits_debited: 5 });
    // Thermal comfort waits for the computed wind field.
    expect(approved.simulations.find((x) => x.id === thermalId)).toMatchObject({
      status: 'queued',
      status_text: 'Waiting for the CFD wind field (thermal comfort uses it)',
      job_id: null,
    });

    const statusUrl = `${scenarioUrl(s, scenario.id)}/simulation/${windId}/get-latest-status/`;
    const seen = new Set<string>();
    const percents: number[] = [];
    const final = await waitFor(
      'the scenario to complete',
      async () => {
        const status = await json<LatestStatus>(await t.request(statusUrl, { token: w.tokens.colleague }), 200);
        seen.add(status.status_text.replace(/\d+/g, '#'));
        if (status.status === 'running' && status.progress !== null) percents.push(status.progress);
        return status;
      },
      (x) => x.configuration_status === 'completed' || x.configuration_status === 'failed',
    );
    expect(final, JSON.stringify(final)).toMatchObject({ status: 'completed', configuration_status: 'completed' });
    // Progress reached the status text: direction i of n, phase, step, MLUPS.
    expect([...seen].some((text) => /^Wind \(CFD\) # %: direction # of # \(#°\): (spin-up|developing|averaging), step # of #, #\.# MLUPS/.test(text))).toBe(
      true,
    );
    // get-latest-status gives the run's percentage over its directions, rising.
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(Math.max(...percents)).toBeGreaterThan(Math.min(...percents));

    const directionJobs = await t.database.db.select().from(jobs).where(eq(jobs.type, CFD_DIRECTION_JOB));
    expect(directionJobs).toHaveLength(8);
    expect(directionJobs.every((j) => j.status === 'completed' && j.attempts === 1)).toBe(true);
    const [post] = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `cfd-post:${windId}:%`));
    expect(post).toMatchObject({ type: 'analysis.wind-comfort', status: 'completed' });
    const [sim] = await t.database.db.select().from(simulations).where(eq(simulations.id, windId));
    const state = sim!.cfdParameters as CfdRunState;
    expect(state).toMatchObject({
      engine: 'canopy-cfd',
      tier: 'rapid',
      terrain: 'suburban',
      directions_deg: [0, 45, 90, 135, 180, 225, 270, 315],
      failed: null,
      shortened_schedule: true,
    });
    expect(Object.keys(state.done)).toHaveLength(8);
    expect(state.progress).toMatchObject({
      total: 8,
      phase: expect.any(String),
      mlups: expect.any(Number),
      eta_s: expect.any(Number),
      run_eta_s: expect.any(Number),
    });
    // The checkpoints of a finished run are gone.
    expect(existsSync(runCheckpointDir(t.config.dataDir, windId, state.run_id))).toBe(false);
  });

  it('stores per-direction speed-up ratios, streamlines, comfort, safety, directional and arrow layers, each with provenance', async () => {
    const { t } = s;
    const rows = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, windId)));
    const data = rows.filter((r) => r.layerType !== 'geometry');
    const kinds = (pred: (r: (typeof rows)[number]) => boolean) => data.filter(pred);
    const ratios = kinds((r) => (r.metadata as { field?: string }).field === 'speedRatio');
    expect(ratios.map((r) => r.windDirection).sort((a, b) => Number(a) - Number(b))).toEqual(['0', '45', '90', '135', '180', '225', '270', '315']);
    const streamlines = kinds((r) => r.analysisType === 'wind-streamlines');
    expect(streamlines).toHaveLength(8);
    expect(streamlines.every((r) => r.layerType === 'volumetric')).toBe(true);
    const comfort = kinds((r) => r.analysisType === 'wind-comfort');
    expect(comfort.map((r) => (r.qualifiers as { criterion: string }).criterion).sort()).toEqual(['Davenport', 'Lawson LDDC (City of London)']);
    expect(kinds((r) => r.analysisType === 'wind-safety').length).toBeGreaterThanOrEqual(1);
    expect(kinds((r) => r.analysisType === 'wind-directional' && r.layerType === 'data')).toHaveLength(8);
    const arrows = kinds((r) => r.layerType === 'arrows');
    expect(arrows).toHaveLength(8);
    for (const row of data) {
      const provenance = (row.metadata as { provenance?: Record<string, unknown> }).provenance;
      expect(provenance, `${row.filename} has provenance`).toBeDefined();
      expect(provenance!.directionsDeg).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
      if (row.metadata && (row.metadata as { job: { type: string } }).job.type === CFD_DIRECTION_JOB) {
        expect(provenance).toMatchObject({
          engine: 'canopy-cfd',
          tier: 'rapid',
          manifest: {
            solver: expect.stringMatching(/^canopy-lbm/),
            cells: expect.any(Number),
            geometryHash: expect.any(String),
            // What the viewer's colour panel shows of how the layer was computed.
            method: {
              name: expect.stringContaining('lattice Boltzmann'),
              quantities: expect.arrayContaining([expect.objectContaining({ quantity: 'speed ratio (mean wind speed)', status: 'validated' })]),
            },
          },
        });
      } else {
        expect(provenance).toMatchObject({
          engine: 'canopy',
          windSource: expect.stringMatching(/^canopy-cfd \(canopy-lbm/),
          // The wind's run's own statement of what is validated, for the viewer's colour panel.
          windMethod: {
            name: expect.stringContaining('lattice Boltzmann'),
            quantities: expect.arrayContaining([expect.objectContaining({ status: 'indicative' })]),
          },
          heightConvention: expect.stringContaining('suburban terrain'),
        });
      }
    }

    // The files: ratios referenced at 10 m over the terrain; streamlines are lines; arrows point with the wind.
    const read = async (key: string | null) => readResultGlb(await getBytes(t.deps.blobStore, parseBlobKey(key!)));
    const east = await read(ratios.find((r) => r.windDirection === '90')!.blobKey);
    expect(east.metadata.reference).toEqual({ heightM: 10, terrain: 'suburban' });
    expect(Object.keys(east.fields).sort()).toEqual(['gemSpeedRatio', 'speedRatio', 'turbulenceIntensity', 'u', 'v']);
    const finite = Array.from(east.fields.speedRatio!).filter(Number.isFinite);
    expect(finite.length).toBeGreaterThan(east.positions.length / 3 / 2);
    expect(Math.min(...finite)).toBeGreaterThan(0);
    const lines = await read(streamlines[0]!.blobKey);
    expect(lines.lines!.length).toBeGreaterThan(0);
    expect(lines.metadata).toMatchObject({ analysis: 'wind-streamlines', primitive: 'lines' });
    const arrow = await read(arrows.find((r) => r.windDirection === '270')!.blobKey);
    // Wind from the west blows east: the mean u is positive on most arrows.
    const u = Array.from(arrow.fields.u!);
    expect(u.filter((x) => x > 0).length).toBeGreaterThan(u.length / 2);
  });

  it('lists the run in the QA report: grid, directions, and the meshes that ran with warnings', async () => {
    const res = await s.t.request(`/api/simulation/${windId}/parameter-input-qa-report`, { token: s.w.tokens.colleague });
    expect(res.status).toBe(200);
    const state = (await s.t.database.db.select().from(simulations).where(eq(simulations.id, windId)))[0]!.cfdParameters as CfdRunState;
    const warnings = [...new Set(Object.values(state.done).flatMap((d) => d.warnings))];
    expect(warnings.some((x) => /^towers\.stl: overlapping volumes in \d+ columns of cells; voxelised as their union$/.test(x))).toBe(true);
    if (!poppler) return;
    const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain("Canopy's CFD");
    expect(text).toMatch(/Direction 90°: [\d.]+ s on 1 thread, [\d.]+ MLUPS/);
    expect(text).toMatch(/Voxelisation warnings: towers\.stl: overlapping volumes in \d+ columns/);
  });

  it('computed the thermal comfort afterwards, on the CFD wind field, and says so', async () => {
    const rows = await s.t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, thermalId), eq(assets.layerType, 'data')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect((row.metadata as { provenance: { wind: string } }).provenance.wind).toMatch(/^wind results from canopy-cfd/);
  });
});

describe('a CFD direction whose worker is lost mid-run', { timeout: 300_000 }, () => {
  let s: Setup;
  beforeAll(async () => {
    // A longer run (about ten seconds a direction) so the worker can be lost in the middle of one.
    s = await setup({ CFD_TEST_STEPS: '600' });
  });
  afterAll(() => teardown(s));

  it('resumes from its checkpoint on the next worker', async () => {
    const { t, w } = s;
    const planner = startWorker(s, { types: ['geometry.validate', 'cfd.wind'] });
    const scenario = await validatedScenario(s, 'Tower wind (resumed)');
    expect((await validation(s, scenario.id)).status).toBe('passed');
    const windId = scenario.simulations[0]!.id;
    await json(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      200,
    );
    const key = (i: number) => async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(like(jobs.dedupeKey, `cfd-direction:${windId}:%:${i}`))
      )[0] ?? null;
    const first = await waitFor('the direction jobs', key(0), (j) => j !== null);
    await planner.stop();

    // Worker A takes direction 0 and checkpoints as it goes.
    const a = startWorker(s, { types: [CFD_DIRECTION_JOB], leaseMs: 60_000 });
    const state = (await t.database.db.select().from(simulations).where(eq(simulations.id, windId)))[0]!.cfdParameters as CfdRunState;
    const checkpoint = `${runCheckpointDir(t.config.dataDir, windId, state.run_id)}/direction-0.ckpt`;
    await waitFor(
      'a checkpoint of direction 0 past a fifth of the run',
      () => getJob(t.database.db, first!.id),
      (j) => j!.status === 'running' && j!.progress >= 20 && existsSync(checkpoint),
    );
    // As after a crash: the worker's lease is gone and another may take the job (queue.ts claims
    // running jobs with an expired lease). A stops between two steps, without a result.
    await t.database.db.execute(`update jobs set locked_by = 'a-dead-worker', locked_until = now() - interval '1 second' where id = ${first!.id}`);
    await a.stop();
    expect(
      await t.database.db
        .select()
        .from(assets)
        .where(and(eq(assets.simulationId, windId), eq(assets.layerType, 'data'))),
    ).toHaveLength(0);

    startWorker(s, { types: [CFD_DIRECTION_JOB] });
    const done = await waitFor(
      'direction 0 on the second worker',
      () => getJob(t.database.db, first!.id),
      (j) => j!.status === 'completed' || j!.status === 'failed',
      120_000,
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 2, error: null });
    const result = done!.result as { resumedFromStep: number | null; outcome: string };
    // Checkpoints every 60-step chunk: it went on from one at least a chunk in.
    expect(result.resumedFromStep).toBeGreaterThanOrEqual(60);
    expect(result.outcome).toBe('recorded');
  });
});

describe("a company's own criterion table in a CFD scenario", { timeout: 300_000 }, () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ CFD_TEST_STEPS: '24' });
    // Validation only: the approved run is read from the queue, not run.
    startWorker(s, { types: ['geometry.validate'] });
  });
  afterAll(() => teardown(s));

  it('is copied into the job at approval, so a later edit does not change the run', async () => {
    const { t, w } = s;
    const id = `company-${w.criteria.criterionId}`;
    const scenario = await validatedScenario(s, 'Tower wind (own table)', { analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: [id] }] });
    expect((await validation(s, scenario.id)).status).toBe('passed');
    await json(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      200,
    );
    await t.database.db.update(companyCriteria).set({ name: 'Renamed after approval' }).where(eq(companyCriteria.id, w.criteria.criterionId));
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, 'cfd.wind'));
    const settings = (job!.input as { settings: { criteria: string[]; tables?: Array<{ id: string; name: string }> } }).settings;
    expect(settings.criteria).toEqual([id]);
    expect(settings.tables?.map((c) => [c.id, c.name])).toEqual([[id, 'Acme comfort']]);
  });

  it('deleted after the scenario was saved: approval is a 400 naming the metric, and nothing is debited or queued', async () => {
    const { t, w } = s;
    const [row] = await t.database.db
      .insert(companyCriteria)
      .values({ companyId: w.companyId, ...sampleTable('Short-lived') })
      .returning({ id: companyCriteria.id });
    const scenario = await validatedScenario(s, 'Tower wind (deleted table)', {
      analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc', `company-${row!.id}`] }],
    });
    expect((await validation(s, scenario.id)).status).toBe('passed');
    await t.database.db.delete(companyCriteria).where(eq(companyCriteria.id, row!.id));
    const queued = (await t.database.db.select().from(jobs).where(eq(jobs.type, 'cfd.wind'))).length;
    const refused = await json<Record<string, string[]>>(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      400,
    );
    expect(refused['analyses.0.metrics.1']?.[0]).toMatch(/no longer exists in the project's company/);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.type, 'cfd.wind'))).toHaveLength(queued);
    expect(await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id))).toHaveLength(0);
  });
});

describe('refusals and failures', { timeout: 300_000 }, () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ CFD_TEST_STEPS: '24', CFD_TEST_LATTICE_SPEED: '0.5' });
    startWorker(s);
  });
  afterAll(() => teardown(s));

  it('refuses a grid too large for the tier at the cost step, with the numbers and the way out', async () => {
    const { t, w } = s;
    // Two towers 3 km apart make a region of interest 1.5 km in radius.
    const far = await uploadFile(
      t.deps,
      w.projectId,
      w.ownerId,
      'far-towers.stl',
      writeBinaryStl(Float32Array.from([...boxSoup(0, 0, -1, 20, 20, 40), ...boxSoup(3000, 0, -1, 3020, 20, 40)])),
    );
    const ask = (tier: string) =>
      t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
        method: 'POST',
        token: w.tokens.projectAdmin,
        json: { geometry: { study: [far] }, cfd_tier: tier, wind_directions: 16 },
      });
    const detailed = await json<Record<string, string[]>>(await ask('detailed'), 400);
    expect(Object.keys(detailed)).toEqual(['cfd_tier']);
    expect(detailed.cfd_tier![0]).toMatch(
      /^the detailed \(2 m cells near the ground\) grid for this geometry needs \d+\.\d million cells and \d+\.\d GiB \(limits: 12\.0 million cells, 4\.0 GiB\)\. Choose the rapid tier \(4 m cells\), or a smaller region of interest \(now \d+ m in radius\): /,
    );
    const rapid = await json<Record<string, string[]>>(await ask('rapid'), 400);
    expect(rapid.cfd_tier![0]).toMatch(/Rapid is the coarsest tier: choose a smaller region of interest/);
    // Bad input names the field.
    expect(Object.keys(await json<object>(await ask('medium'), 400))).toEqual(['cfd_tier']);
    const missing = await json<Record<string, string[]>>(
      await t.request(`/api/project/${w.projectId}/cfd-estimate/`, { method: 'POST', token: w.tokens.projectAdmin, json: { geometry: { study: [999999] } } }),
      400,
    );
    expect(missing).toEqual({ 'geometry.study.0': ['Invalid pk "999999" - object does not exist.'] });
    // The same geometry in a scenario fails its validation: it can never reach a run.
    const scenario = await validatedScenario(s, 'Too far apart', {
      geometry: { study: [far], presentation_planes: [w.scenarios.uploads.plane] },
      cfd_tier: 'detailed',
    });
    const v = await validation(s, scenario.id);
    expect(v.status).toBe('failed');
    expect(v.findings.find((f) => f.code === 'cfd-grid-too-large')).toMatchObject({ severity: 'error', message: expect.stringMatching(/million cells/) });
  });

  it('names a file the solver cannot voxelise', async () => {
    const { t, w } = s;
    // A wall of vertical triangles only: nothing seen from above, so no cell can be inside it.
    const wall = await uploadFile(
      t.deps,
      w.projectId,
      w.ownerId,
      'paper-wall.stl',
      writeBinaryStl(Float32Array.from([0, 0, 0, 10, 0, 0, 10, 0, 10, 0, 0, 0, 10, 0, 10, 0, 0, 10])),
    );
    const answer = await json<Record<string, string[]>>(
      await t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
        method: 'POST',
        token: w.tokens.projectAdmin,
        json: { geometry: { study: [w.scenarios.uploads.study, wall], presentation_planes: [w.scenarios.uploads.plane] } },
      }),
      400,
    );
    expect(answer).toEqual({ 'geometry.study.1': [expect.stringMatching(/^Canopy’s CFD cannot turn paper-wall\.stl: has no area seen from above/)] });
  });

  it('fails a run that diverges with the reason and the step, and publishes nothing of it', async () => {
    const { t, w } = s;
    const scenario = await validatedScenario(s, 'Diverging');
    expect((await validation(s, scenario.id)).status).toBe('passed');
    const windId = scenario.simulations[0]!.id;
    await json(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      200,
    );
    const final = await waitFor(
      'the failure',
      async () => json<Configuration>(await t.request(`${scenarioUrl(s, scenario.id)}/`, { token: w.tokens.projectAdmin }), 200),
      (c) => c.status === 'failed' || c.status === 'completed',
    );
    expect(final.status).toBe('failed');
    const sim = final.simulations[0]!;
    expect(sim.status_text).toMatch(
      /^Wind \(CFD\) failed: the flow diverged at step \d+ of direction \d+°: .+\. Nothing of this run is shown\. Duplicate the scenario to run it again \(another tier: cfd_tier\)\.$/,
    );
    expect((sim.cfd_parameters as unknown as CfdRunState).failed).toMatchObject({ reason: expect.stringMatching(/diverged/), step: expect.any(Number) });
    // The handler fails the run (what the scenario shows) before it hands the error to the queue,
    // which then marks the job failed: wait for the jobs' own state rather than reading it at once
    // (on a busy machine the queue's write can come well after the scenario's).
    const directionJobs = await waitFor(
      'the direction jobs to settle, one of them failed',
      () => t.database.db.select().from(jobs).where(eq(jobs.type, CFD_DIRECTION_JOB)),
      (rows) => rows.some((j) => j.status === 'failed') && rows.every((j) => j.status === 'completed' || j.status === 'failed'),
    );
    const failedJobs = directionJobs.filter((j) => j.status === 'failed');
    expect(failedJobs.length).toBeGreaterThanOrEqual(1);
    // Failed at once: a diverging flow is not retried.
    expect(failedJobs.every((j) => j.attempts === 1 && /diverged at step \d+/.test(j.error ?? ''))).toBe(true);
    expect(
      await t.database.db
        .select()
        .from(assets)
        .where(and(eq(assets.simulationId, windId), eq(assets.layerType, 'data'))),
    ).toHaveLength(0);
  });
});
