/**
 * A worker process killed with SIGKILL in the middle of an analysis: the job's lease runs
 * out, a new worker process claims it, runs it again from the start, and exactly one set of results
 * is written. Real processes (`node --import tsx server/src/worker-main.ts`) against this file's own
 * PostgreSQL database and blob folder — run under `pg_virtualenv npm run test:pg`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../harness.ts';
import { exited, waitFor, workerProcesses } from '../processes.ts';
import { addDistrictGeometry, createScenario, type AnalysisScenario } from '../analysis-fixtures.ts';
import { assets, simulations } from '../../src/db/schema/index.ts';
import { getJob, type JobRow } from '../../src/jobs/queue.ts';
import { parseBlobKey } from '../../src/blobs/blob-io.ts';
import { ANALYSIS_JOB_TYPES } from '../../src/contexts/compute/analyses/settings.ts';

const LEASE_MS = 3000;
const settings = {
  seasons: [
    { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    { id: 'summer', name: 'Summer', months: [6, 7, 8] },
  ],
  timeWindows: [{ id: 'daytime', name: 'Daytime', window: '08:00-18:00' }],
  sunHours: [{ id: 'june-21', name: '21 June', date: '2025-06-21', window: '00:00-24:00', minuteInterval: 15 }],
  // One exact ray per hour: a few seconds of work, so the kill lands mid-job.
  quantisationDeg: 0,
};
const LAYERS = 2 + 1;

let t: TestContext;
let scenario: AnalysisScenario;
const workers = workerProcesses(LEASE_MS);
const startWorker = (name: string) => workers.start(t, name);

beforeAll(async () => {
  t = await createTestContext();
  if (!t.databaseUrl) throw new Error('this test needs PostgreSQL: run `pg_virtualenv npm run test:pg`');
  scenario = await createScenario(t.deps, 'solar');
  await addDistrictGeometry(t.deps, scenario.simulationId, 8);
});

afterAll(async () => {
  await workers.killAll();
  await t?.close();
});

describe('a worker process killed mid-job', () => {
  it('loses the job to a new worker after the lease, which completes it with exactly one result set', async () => {
    const queued = await t.deps.jobs.enqueue(ANALYSIS_JOB_TYPES.solar, { ...scenario, settings });
    let job: JobRow | null = queued;

    const first = startWorker('worker-1');
    await waitFor(
      'the first worker to report progress',
      async () => {
        job = await getJob(t.database.db, queued.id);
        return job?.status === 'running' && job.progress > 0;
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${first.output.join('')}`);
    });
    expect(job!.progress).toBeLessThan(90);
    const firstOwner = job!.lockedBy;
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    // Dead worker, live lease: the job is still "running" and nothing was written.
    const orphan = await getJob(t.database.db, queued.id);
    expect(orphan).toMatchObject({ status: 'running', attempts: 1, lockedBy: firstOwner });
    const dataRows = () =>
      t.database.db
        .select()
        .from(assets)
        .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.layerType, 'data')));
    expect(await dataRows()).toHaveLength(0);

    const second = startWorker('worker-2');
    await waitFor(
      'the job to complete on the second worker',
      async () => {
        job = await getJob(t.database.db, queued.id);
        return job?.status === 'completed' || job?.status === 'failed';
      },
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${second.output.join('')}`);
    });
    expect(job).toMatchObject({ status: 'completed', attempts: 2, progress: 100, error: null });
    expect(job!.lockedBy).toBeNull();

    // Exactly one result set: one row per layer, each pointing at this job's files, and no other files.
    const rows = await dataRows();
    expect(rows).toHaveLength(LAYERS);
    expect(new Set(rows.map((r) => r.filename)).size).toBe(LAYERS);
    const stored: string[] = [];
    for await (const blob of t.deps.blobStore.list('assets', 'results/')) stored.push(blob.name);
    expect(stored.sort()).toEqual(rows.map((r) => parseBlobKey(r.blobKey!).name).sort());
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, scenario.simulationId));
    expect(simulation!.status).toBe('completed');

    second.child.kill('SIGTERM');
    await exited(second.child);
  });
});
