/**
 * A CFD direction's report as the run's progress: the run's time left written to its state counts
 * every direction left — the one reporting and the others being computed by their share of work
 * not done, those waiting by the first free slot — at the approved estimate's pace moved towards
 * the one measured (run-eta.ts). On the real (PGlite) database, with the run's jobs as the queue
 * leaves them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { buildWorld, type World } from '../../../../test/world.ts';
import { configurations, jobs, simulations } from '../../../db/schema/index.ts';
import { progressReporter } from './progress.ts';
import type { CfdProgress } from './run-state.ts';

let t: TestContext;
let w: World;
let simulationId: number;
let configurationId: number;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  const db = t.database.db;
  const [configuration] = await db
    .insert(configurations)
    .values({ projectId: w.projectId, studyId: w.studyId, name: 'Tower wind (CFD)', status: 'running' })
    .returning({ id: configurations.id });
  configurationId = configuration!.id;
  const state = {
    engine: 'canopy-cfd',
    run_id: 'run-a',
    directions_deg: [0, 90, 180, 270],
    estimate: { directions_at_once: 2 },
    done: {},
    progress: null,
    failed: null,
  };
  const [simulation] = await db
    .insert(simulations)
    .values({ configurationId, category: 'pedestrian_wind_comfort', status: 'running', cfdParameters: state })
    .returning({ id: simulations.id });
  simulationId = simulation!.id;
  const key = (i: number) => `cfd-direction:${simulationId}:run-a:${i}`;
  const direction = { type: 'cfd.direction', input: {}, maxAttempts: 3 };
  await db.insert(jobs).values([
    // Direction 1 took 200 s, twice the plan's 100 s.
    { ...direction, dedupeKey: key(0), status: 'completed', startedAt: sql`now() - interval '300 seconds'`, finishedAt: sql`now() - interval '100 seconds'` },
    // Direction 2 reports below; direction 3 is half done on another slot; direction 4 waits.
    { ...direction, dedupeKey: key(1), status: 'running', progress: 10 },
    { ...direction, dedupeKey: key(2), status: 'running', progress: 49 },
    { ...direction, dedupeKey: key(3), status: 'queued' },
  ]);
});
afterAll(() => t.close());

describe('a CFD direction’s progress report', () => {
  it('writes the run’s time left over all the work left, at the plan’s pace moved towards the measured one', async () => {
    const written: Array<{ percent: number; message: string }> = [];
    const reporter = progressReporter({
      db: t.database.db,
      simulationId,
      configurationId,
      runId: 'run-a',
      index: 1,
      total: 4,
      jobProgress: async (percent, message) => void written.push({ percent, message }),
      directionsAtOnce: 2,
      planDirectionS: 100,
    });
    // Half its work done (by lattice-cell updates, whatever its steps say) in 100 s.
    reporter.onProgress({
      directionDeg: 90,
      index: 1,
      total: 4,
      phase: 'averaging',
      step: 900,
      steps: 1000,
      mlups: 20,
      etaS: 100,
      updatesDone: 5e8,
      updatesTotal: 1e9,
      updatesResumed: 0,
      elapsedS: 100,
    });
    await reporter.flush();
    const [row] = await t.database.db.select({ parameters: simulations.cfdParameters }).from(simulations).where(eq(simulations.id, simulationId));
    const progress = (row!.parameters as { progress: CfdProgress }).progress;
    // Seconds per direction: (0.5 · 100 + 200 + 100) / (0.5 + 1 + 0.5) = 175. This direction and the
    // other running one have half of that left each (87.5 s); the waiting one takes the first free
    // slot then: 87.5 + 175 = 262.5 s.
    expect(progress.eta_s).toBe(88);
    expect(progress.run_eta_s).toBe(263);
    // The job's share is its work's (2 + 94 · 0.5), not its steps' (90 %); the run's the mean over directions.
    expect(written.at(-1)!.percent).toBe(49);
    expect(progress.percent).toBe(49);
    expect(written.at(-1)!.message).toMatch(/direction 2 of 4 \(90°\): averaging, step 900 of 1000, 20\.0 MLUPS, about 88 s left$/);
  });
});
