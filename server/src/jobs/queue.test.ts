import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { companies, jobs, projects } from '../db/schema/index.ts';
import { BACKGROUND_PRIORITY, claimJob, completeJob, enqueueJob, failJob, getJob, heartbeat } from './queue.ts';
import { JobWorker } from './worker.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;

describe('the job queue', () => {
  it('hands a job to exactly one of several concurrent claimers', async () => {
    const job = await enqueueJob(db(), 'q.one', { n: 1 });
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((w) => claimJob(db(), w, ['q.one'], 10_000)));
    const winners = claims.filter((c) => c?.id === job.id);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.attempts).toBe(1);
    expect(winners[0]!.status).toBe('running');
  });

  it('enqueues once per dedupe key', async () => {
    const a = await enqueueJob(db(), 'q.dedupe', {}, { dedupeKey: 'demo-solar-1' });
    const b = await enqueueJob(db(), 'q.dedupe', {}, { dedupeKey: 'demo-solar-1' });
    expect(b.id).toBe(a.id);
  });

  it('gives a job whose worker stopped heartbeating to another worker, and only the new holder may finish it', async () => {
    const job = await enqueueJob(db(), 'q.lease', {});
    const first = await claimJob(db(), 'dead-worker', ['q.lease'], 60_000);
    expect(first?.id).toBe(job.id);
    expect(await claimJob(db(), 'other', ['q.lease'], 10_000)).toBeNull(); // lease still held
    // The dead worker's lease runs out (moved into the past rather than waited for: no timing in tests).
    await db()
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    const second = await claimJob(db(), 'new-worker', ['q.lease'], 10_000);
    expect(second?.id).toBe(job.id);
    expect(second?.attempts).toBe(2);
    expect(await heartbeat(db(), job.id, 'dead-worker', 10_000)).toBe(false);
    expect(await completeJob(db(), job.id, 'dead-worker', { from: 'dead' })).toBe(false);
    expect(await completeJob(db(), job.id, 'new-worker', { from: 'new' })).toBe(true);
    expect((await getJob(db(), job.id))?.result).toEqual({ from: 'new' });
  });

  it('retries a failure with backoff until maxAttempts, then fails for good', async () => {
    const job = await enqueueJob(db(), 'q.fail', {}, { maxAttempts: 2 });
    await claimJob(db(), 'w', ['q.fail'], 10_000);
    expect(await failJob(db(), job.id, 'w', 'boom 1')).toBe('retry');
    const queued = await getJob(db(), job.id);
    expect(queued?.status).toBe('queued');
    expect(queued!.runAfter.getTime()).toBeGreaterThan(Date.now() + 500);
    await db()
      .update(jobs)
      .set({ runAfter: new Date(0) })
      .where(eq(jobs.id, job.id));
    await claimJob(db(), 'w', ['q.fail'], 10_000);
    expect(await failJob(db(), job.id, 'w', 'boom 2')).toBe('failed');
    expect(await getJob(db(), job.id)).toMatchObject({ status: 'failed', error: 'boom 2', attempts: 2 });
  });
});

describe('companies', () => {
  it('take turns: the next job is of the company with the fewest running, whatever the order they were queued in', async () => {
    const [a, b] = await db()
      .insert(companies)
      .values([{ name: 'Queue A' }, { name: 'Queue B' }])
      .returning({ id: companies.id });
    const [pa, pb] = await db()
      .insert(projects)
      .values([
        { name: 'A study', companyId: a!.id },
        { name: 'B study', companyId: b!.id },
      ])
      .returning({ id: projects.id });
    // A queues a long study first (four directions), then B a small run.
    const aJobs = [];
    for (let i = 0; i < 4; i++) aJobs.push(await enqueueJob(db(), 'q.fair', { projectId: pa!.id, i }));
    const bJob = await enqueueJob(db(), 'q.fair', { projectId: pb!.id });
    expect((await claimJob(db(), 'w1', ['q.fair'], 60_000))?.id).toBe(aJobs[0]!.id);
    // A has one running, B none: B's goes next, although A's three others are older.
    expect((await claimJob(db(), 'w2', ['q.fair'], 60_000))?.id).toBe(bJob.id);
    // One each: the oldest again.
    expect((await claimJob(db(), 'w3', ['q.fair'], 60_000))?.id).toBe(aJobs[1]!.id);
  });
});

describe('background jobs', () => {
  it('are claimed after every job people queued, even newer ones, and only of the types allowed them', async () => {
    const demo = await enqueueJob(db(), 'q.lane', { who: 'demo' }, { priority: BACKGROUND_PRIORITY });
    const user = await enqueueJob(db(), 'q.lane', { who: 'user' });
    expect(user.id).toBeGreaterThan(demo.id);
    expect((await claimJob(db(), 'w', ['q.lane'], 10_000, []))?.id).toBe(user.id);
    expect(await claimJob(db(), 'w', ['q.lane'], 10_000, [])).toBeNull();
    expect((await claimJob(db(), 'w', ['q.lane'], 10_000, ['q.lane']))?.id).toBe(demo.id);
  });
});

describe('a job worker', () => {
  it('keeps a slot free of background work, so a job people queue starts while it runs', async () => {
    const started: string[] = [];
    const release: Array<() => void> = [];
    const worker = new JobWorker({
      db: db(),
      pollMs: 20,
      concurrency: 3,
      typeConcurrency: { 'w.direction': 2 },
      handlers: {
        'w.direction': async ({ job }) => {
          started.push((job.input as { who: string }).who);
          await new Promise<void>((resolve) => release.push(resolve));
          return null;
        },
      },
    });
    // One after another: on a real PostgreSQL, parallel inserts take their ids in any order, and the
    // queue hands out equal priorities by id.
    const demo: Awaited<ReturnType<typeof enqueueJob>>[] = [];
    for (const n of [1, 2, 3]) demo.push(await enqueueJob(db(), 'w.direction', { who: `demo ${n}` }, { priority: BACKGROUND_PRIORITY }));
    worker.start();
    const waitUntil = async (what: () => Promise<boolean> | boolean) => {
      while (!(await what())) await new Promise((r) => setTimeout(r, 20));
    };
    await waitUntil(() => started.length === 1);
    // The second direction slot stays free of the demo's directions: only one of them runs.
    worker.poke();
    expect((await getJob(db(), demo[1]!.id))?.status).toBe('queued');
    const user = await enqueueJob(db(), 'w.direction', { who: 'user' });
    worker.poke();
    await waitUntil(() => started.length >= 2);
    expect(started).toEqual(['demo 1', 'user']);
    expect((await getJob(db(), user.id))?.status).toBe('running');
    // The rest of the demo runs once the slots are free, one direction at a time.
    await waitUntil(async () => {
      release.splice(0).forEach((r) => r());
      return (await getJob(db(), demo[2]!.id))?.status === 'completed';
    });
    await worker.stop();
    expect(started.slice(2).sort()).toEqual(['demo 2', 'demo 3']);
  });

  it('runs handlers, records progress and results, and stops cleanly', async () => {
    const seen: number[] = [];
    const worker = new JobWorker({
      db: db(),
      pollMs: 20,
      handlers: {
        'w.square': async ({ job, progress }) => {
          await progress(50, 'halfway');
          const { n } = job.input as { n: number };
          seen.push(n);
          return { square: n * n };
        },
      },
    });
    const a = await enqueueJob(db(), 'w.square', { n: 3 });
    const b = await enqueueJob(db(), 'w.square', { n: 4 });
    worker.start();
    // Until the second job is done, however busy the machine (the test's timeout guards a hang).
    while ((await getJob(db(), b.id))?.status !== 'completed') await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(await getJob(db(), a.id)).toMatchObject({ status: 'completed', progress: 100, result: { square: 9 } });
    expect(await getJob(db(), b.id)).toMatchObject({ status: 'completed', result: { square: 16 } });
    expect(seen.sort()).toEqual([3, 4]);
  });
});
