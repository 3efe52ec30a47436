/**
 * A CFD direction survives its worker process being killed: a CFD wind scenario is
 * approved, a separate worker process (`server/src/worker-main.ts`, as `npm run worker`) plans it
 * and starts direction 0, checkpointing as it steps; it is killed with SIGKILL mid-direction. A
 * second worker process takes the job over after the lease and resumes from the checkpoint on
 * the shared DATA_DIR. Runs under `pg_virtualenv npm run test:pg` (worker processes need a real
 * PostgreSQL); the in-process version (lease taken) is in routes/scenarios/cfd-wind.routes.test.ts.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { exited, waitForValue as waitFor, workerProcesses } from '../../../../test/processes.ts';
import { validateHere } from '../../../../test/validate-here.ts';
import { buildWorld, type World } from '../../../../test/world.ts';
import { assets, jobs, simulations, subscriptions } from '../../../db/schema/index.ts';
import { getJob, type JobRow } from '../../../jobs/queue.ts';
import type { Configuration } from '@canopy/contract/scenarios.ts';
import { runCheckpointDir } from './checkpoints.ts';
import type { CfdRunState } from './run-state.ts';

const LEASE_MS = 3000;
const pgOnly = !process.env.TEST_DATABASE_URL;

describe.skipIf(pgOnly)('a CFD direction whose worker process is killed mid-run', { timeout: 300_000 }, () => {
  let t: TestContext;
  let w: World;
  // Few steps, one thread, a checkpoint after every chunk: the kill lands after one is written.
  const workers = workerProcesses(LEASE_MS, { CFD_TEST_STEPS: '600', CFD_THREADS: '1', CFD_CHECKPOINT_SECONDS: '0' });
  const startWorker = (name: string) => workers.start(t, name);

  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
    w = await buildWorld(t.deps);
    await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.companyId, plan: 'CFD Plus', creditType: 'CFD', creditsPerPeriod: 100, userId: w.userIds.projectAdmin });
  });
  afterAll(async () => {
    await workers.killAll();
    await t?.close();
  });

  it('resumes the direction from its checkpoint on the next worker process', async () => {
    const token = w.tokens.projectAdmin;
    const created = await t.request(`/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token,
      json: {
        name: 'Tower wind (killed worker)',
        engine: 'CFD',
        analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }],
        geometry: { study: [w.scenarios.uploads.study], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
        seasons: ['annual'],
        times: ['06:00-22:00'],
        wind_directions: 8,
        terms_accepted: true,
      },
    });
    const scenario = (await created.json()) as Configuration;
    expect(created.status, JSON.stringify(scenario)).toBe(201);
    const url = `/api/project/${w.projectId}/configuration/${scenario.id}`;
    const windId = scenario.simulations[0]!.id;

    const validation = await validateHere(t, url, token, { scenario_id: scenario.id, simulation_id: windId, simulation_type: 'pedestrian_wind_comfort' });
    expect(validation.status).toBe('passed');
    expect((await t.request(`${url}/user-approval/`, { method: 'POST', token, json: { approved: true } })).status).toBe(200);

    const first = startWorker('worker-1');
    const directionJob = async (): Promise<JobRow | null> =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(like(jobs.dedupeKey, `cfd-direction:${windId}:%:0`))
      )[0] ?? null;
    const job = await waitFor('direction 0 on the first worker', directionJob, (j) => j?.status === 'running' && j.progress >= 20, 120_000, first.output);
    const state = (await t.database.db.select().from(simulations).where(eq(simulations.id, windId)))[0]!.cfdParameters as CfdRunState;
    const checkpoint = `${runCheckpointDir(t.config.dataDir, windId, state.run_id)}/direction-0.ckpt`;
    await waitFor(
      'its checkpoint',
      async () => existsSync(checkpoint),
      (x) => x,
      30_000,
      first.output,
    );
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(
      await t.database.db
        .select()
        .from(assets)
        .where(and(eq(assets.simulationId, windId), eq(assets.layerType, 'data'))),
    ).toHaveLength(0);

    const second = startWorker('worker-2');
    const done = await waitFor(
      'direction 0 on the second worker',
      () => getJob(t.database.db, job!.id),
      (j) => j?.status === 'completed' || j?.status === 'failed',
      180_000,
      second.output,
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 2, error: null });
    // Checkpoints every 60-step chunk; the last one written before the kill is where it went on.
    expect((done!.result as { resumedFromStep: number | null }).resumedFromStep).toBeGreaterThanOrEqual(60);
    second.child.kill('SIGTERM');
    await exited(second.child);
  });
});
