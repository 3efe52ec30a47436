/**
 * Progress of Canopy's own analysis jobs: the view (percentage, step, time left
 * from the attempt's elapsed time) and, through the worker's wrapper, the live scenario.status
 * events carrying it while the job runs, read back from the database as every client sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { configurations, jobs, projects, simulations, studies } from '../../db/schema/index.ts';
import { createInProcessBus, type BusMessage } from '../../realtime/bus.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JobWorker } from '../../jobs/worker.ts';
import { jobProgressView } from './job-progress.ts';
import { withScenarioEvents } from './job-events.ts';
import { simulationJobKey } from './view.ts';
import { refreshScenarioStatus } from './status.ts';
import { computedByCanopy } from './capabilities.ts';

describe('jobProgressView', () => {
  const started = new Date('2026-11-26T10:00:00Z');
  const row = (progress: number, status = 'running') => ({
    status,
    progress,
    progressMessage: 'UTCI on the plane, 3 of 10 chunks',
    startedAt: started,
    updatedAt: started,
  });

  it('extrapolates the time left from the elapsed time and the share done', () => {
    expect(jobProgressView(row(25), new Date('2026-11-26T10:05:00Z'))).toEqual({
      percent: 25,
      eta_s: 900,
      phase: 'UTCI on the plane, 3 of 10 chunks',
      direction: null,
      updated_at: started.toISOString(),
    });
  });

  it('says nothing of the time left before 2 % or without a start, and nothing at all unless running', () => {
    expect(jobProgressView(row(1), new Date('2026-11-26T10:05:00Z'))!.eta_s).toBeNull();
    expect(jobProgressView({ ...row(50), startedAt: null }, new Date())!.eta_s).toBeNull();
    expect(jobProgressView(row(50, 'completed'), new Date())).toBeNull();
  });
});

describe('a running analysis job, live', () => {
  let t: TestContext;
  const events: BusMessage[] = [];
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('publishes its percentage and time left on the bus while it runs', async () => {
    const db = t.database.db;
    const [project] = await db.insert(projects).values({ name: 'Progress' }).returning({ id: projects.id });
    const [study] = await db.insert(studies).values({ projectId: project!.id, name: 'S' }).returning({ id: studies.id });
    const [config] = await db
      .insert(configurations)
      .values({ projectId: project!.id, studyId: study!.id, name: 'Sun', status: 'queued' })
      .returning({ id: configurations.id });
    const [sim] = await db
      .insert(simulations)
      .values({ configurationId: config!.id, category: 'thermal_comfort', status: 'queued' })
      .returning({ id: simulations.id });
    const bus = createInProcessBus();
    bus.subscribe((m) => events.push(m));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const handler = withScenarioEvents(async (context) => {
      await new Promise((r) => setTimeout(r, 300));
      await context.progress(40, 'UTCI on the plane, 4 of 10 chunks');
      await gate;
      return { ok: true };
    }, bus);
    await enqueueJob(
      db,
      'test.progress',
      { projectId: project!.id, configurationId: config!.id, simulationId: sim!.id },
      { dedupeKey: simulationJobKey(sim!.id) },
    );
    const worker = new JobWorker({ db, handlers: { 'test.progress': handler }, pollMs: 20, leaseMs: 30_000 });
    worker.start();
    try {
      const withProgress = () =>
        events
          .map((e) => (e.event.simulations as Array<{ progress: { percent: number; eta_s: number | null; phase: string } | null }> | undefined)?.[0]?.progress)
          .find((p) => p?.percent === 40);
      // Until the event arrives, however busy the machine (the test's timeout guards a hang).
      while (!withProgress()) await new Promise((r) => setTimeout(r, 20));
      const seenAt = Date.now();
      const progress = withProgress()!;
      expect(progress).toMatchObject({ percent: 40, phase: 'UTCI on the plane, 4 of 10 chunks' });
      const [job] = await db
        .select({ startedAt: jobs.startedAt })
        .from(jobs)
        .where(eq(jobs.dedupeKey, simulationJobKey(sim!.id)));
      expect(job!.startedAt).toBeInstanceOf(Date);
      // 40 % done: the 60 % left is 1.5× the attempt's time so far, which was at most the time until
      // the event was seen (not a wall-clock figure: a slow machine stretches both alike).
      expect(progress.eta_s).toBeGreaterThanOrEqual(0);
      expect(progress.eta_s).toBeLessThanOrEqual(Math.round((1.5 * (seenAt - job!.startedAt!.getTime())) / 1000) + 1);
    } finally {
      release();
      await worker.stop();
    }
  });
});

describe("the demo's own runs (its thermal comfort once showed 'Running' with no percentage)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('are computed by Canopy and show their percentage and time left, though their job has the demo key', async () => {
    const db = t.database.db;
    const [project] = await db.insert(projects).values({ name: 'Demo' }).returning({ id: projects.id });
    const [study] = await db.insert(studies).values({ projectId: project!.id, name: 'S' }).returning({ id: studies.id });
    const [config] = await db
      .insert(configurations)
      .values({ projectId: project!.id, studyId: study!.id, name: 'Demo district', status: 'running' })
      .returning({ id: configurations.id });
    const [sim] = await db
      .insert(simulations)
      .values({ configurationId: config!.id, category: 'thermal-comfort', status: 'running' })
      .returning({ id: simulations.id });
    const job = await enqueueJob(db, 'analysis.thermal', { simulationId: sim!.id }, { dedupeKey: `demo:thermal-comfort:simulation-${sim!.id}` });
    const startedAt = new Date(Date.now() - 60_000);
    await db.update(jobs).set({ status: 'running', progress: 25, progressMessage: 'UTCI on the plane, 6 of 24 chunks', startedAt }).where(eq(jobs.id, job.id));
    const state = await refreshScenarioStatus(db, config!.id);
    const progress = state!.simulations[0]!.progress!;
    expect(progress).toMatchObject({ percent: 25, phase: 'UTCI on the plane, 6 of 24 chunks' });
    // a minute for a quarter: about three minutes left
    expect(progress.eta_s).toBeGreaterThan(150);
    expect(progress.eta_s).toBeLessThan(210);
    expect(computedByCanopy('thermal-comfort', 'AI')).toBe(true);
    expect(computedByCanopy('thermal_comfort', 'AI')).toBe(true);
    expect(computedByCanopy('pedestrian_wind_comfort', 'AI')).toBe(false);
  });
});
