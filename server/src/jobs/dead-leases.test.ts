/** Leases of this machine's dead workers handed back at a worker's start, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { claimJob, enqueueJob } from './queue.ts';
import { releaseDeadLocalLeases } from './dead-leases.ts';
import { JobWorker } from './worker.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
const db = () => database.db;

describe('a worker that starts after a kill -9', () => {
  it("takes back the jobs a dead worker of this machine held, before their leases run out, and leaves a live one's and another machine's", async () => {
    const host = hostname();
    const type = 'dead.lease';
    const dead = await enqueueJob(db(), type, { n: 1 });
    const live = await enqueueJob(db(), type, { n: 2 });
    const elsewhere = await enqueueJob(db(), type, { n: 3 });
    // Held for an hour each: by a process that no longer exists, by this one, and by another machine's.
    expect((await claimJob(db(), `${host}:4194303:dead0001`, [type], 3_600_000))?.id).toBe(dead.id);
    expect((await claimJob(db(), `${host}:${process.pid}:live0001`, [type], 3_600_000))?.id).toBe(live.id);
    expect((await claimJob(db(), `another-host:4194303:gone0001`, [type], 3_600_000))?.id).toBe(elsewhere.id);
    expect(await claimJob(db(), 'new-worker', [type], 60_000)).toBeNull();

    const seen: string[] = [];
    const worker = new JobWorker({
      db: db(),
      handlers: {
        [type]: async ({ job }) => {
          seen.push(`${job.id}:${job.attempts}`);
          return null;
        },
      },
      pollMs: 20,
      log: () => {},
    });
    worker.start();
    for (let i = 0; i < 2000 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    // The dead worker's job, on its second attempt; the others stay with their holders.
    expect(seen).toEqual([`${dead.id}:2`]);
    expect(await releaseDeadLocalLeases(db(), host, () => false)).toBe(0);
  });
});
