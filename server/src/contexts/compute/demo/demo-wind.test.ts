/**
 * The demo's CFD wind scenario: seeded once beside the demo district (its geometry, a running
 * pedestrian-wind-comfort simulation and a deduplicated job), and its planning job enqueues the
 * eight rapid-tier directions with the real run length (no test shortening here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { runHandlerDirectly } from '../../../../test/analysis-fixtures.ts';
import { seedDemo } from '../../../seed.ts';
import { assets, configurations, jobs, simulations } from '../../../db/schema/index.ts';
import { BACKGROUND_PRIORITY, getJob } from '../../../jobs/queue.ts';
import { cfdWindHandler } from '../handlers/cfd-wind.ts';
import { createInlineCpuPool } from '../../../inline-cpu-pool.ts';
import { coarseTimeStep, sceneSchedule } from '@canopy/engine/cfd/run/scene-plan.ts';
import { terrainInlet } from '@canopy/engine/analyses/cfd-wind.ts';
import { loadCfdScene } from '../cfd/cfd-scene.ts';
import { CFD_DIRECTION_JOB, planCfd } from '../cfd/cfd-plan.ts';
import type { CfdRunState } from '../cfd/run-state.ts';
import { DEMO_WIND_SCENARIO_NAME, DEMO_WIND_WAITING, seedDemoWind } from './demo-wind.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

describe('the demo CFD wind scenario', () => {
  it('is seeded once, with the district geometry, a running simulation and one planning job', async () => {
    const first = await seedDemoWind(t.deps, { spacingM: 16 });
    expect(first.created).toBe(true);
    expect(await seedDemoWind(t.deps, { spacingM: 16 })).toEqual({ created: false, jobId: first.jobId });
    const [scenario] = await t.database.db.select().from(configurations).where(eq(configurations.name, DEMO_WIND_SCENARIO_NAME));
    expect(scenario!.form).toMatchObject({ engine: 'CFD', wind_directions: 8, cfd_tier: 'rapid' });
    const [sim] = await t.database.db.select().from(simulations).where(eq(simulations.configurationId, scenario!.id));
    expect(sim).toMatchObject({ category: 'pedestrian_wind_comfort', status: 'running', statusText: DEMO_WIND_WAITING });
    const geometry = await t.database.db.select().from(assets).where(eq(assets.simulationId, sim!.id));
    expect(geometry.map((g) => g.geometryType).sort()).toEqual(['ground', 'landscaping', 'presentation_plane', 'study', 'surrounds']);
    // Background work: a new user's own study is claimed first (jobs/queue.ts).
    expect(await getJob(t.database.db, first.jobId!)).toMatchObject({ dedupeKey: `demo:cfd-wind:simulation-${sim!.id}`, priority: BACKGROUND_PRIORITY });
  });

  it('plans eight rapid-tier directions with the real run length', async () => {
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, 'cfd.wind'));
    const run = await runHandlerDirectly(
      t.deps,
      cfdWindHandler({ blobStore: t.deps.blobStore, cpu: createInlineCpuPool(), config: t.config, version: 'test', log: () => {} }),
      job!,
    );
    expect(run.result).toMatchObject({ directions: 8 });
    const directions = await t.database.db.select().from(jobs).where(eq(jobs.type, CFD_DIRECTION_JOB));
    expect(directions.map((d) => (d.input as { directionDeg: number }).directionDeg).sort((a, b) => a - b)).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
    expect(directions.map((d) => d.priority)).toEqual(directions.map(() => BACKGROUND_PRIORITY));
    const simulationId = (job!.input as { simulationId: number }).simulationId;
    const [sim] = await t.database.db.select().from(simulations).where(eq(simulations.id, simulationId));
    const state = sim!.cfdParameters as CfdRunState;
    // The production path: the schedule of engine/cfd sceneSchedule for this grid, not a test one.
    const scene = await loadCfdScene(t.database.db, t.deps.blobStore, simulationId);
    const plan = planCfd(scene, 'rapid', 'suburban', { ...t.config, CFD_TEST_STEPS: undefined });
    expect(state.shortened_schedule).toBe(false);
    expect(state.schedule).toEqual(sceneSchedule(plan.scene, 10, coarseTimeStep(plan.scene.plan, terrainInlet('suburban'))));
    expect(state.schedule.averageSteps).toBeGreaterThan(100);
    expect(state.estimate).toMatchObject({ tier: 'rapid', wind_directions: 8, compute_factor: 1 });
    expect(state.estimate.cells).toBeGreaterThan(100_000);
    expect(sim!.statusText).toMatch(
      /^Wind \(CFD\): 8 directions queued \(Rapid \(4 m cells near the ground\), \d\.\d\d million cells, about [\d.]+ min each\)$/,
    );
  });
});
