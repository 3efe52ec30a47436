/**
 * A CFD run whose worker died says so: while its direction job is still marked running, the run's
 * status names the direction, the worker's last heartbeat and when its lease ends (from then on
 * another worker resumes it from its checkpoint). Over HTTP on the real (PGlite) database; the
 * leases are written as a dead worker leaves them, stamped by the database's own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { configurations, jobs, simulations } from '../../db/schema/index.ts';
import type { LatestStatus } from '@canopy/contract/scenarios.ts';

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
  const progress = {
    percent: 40,
    directions_done: 1,
    total: 4,
    direction_deg: 90,
    index: 2,
    phase: 'averaging',
    step: 100,
    steps: 400,
    mlups: 20,
    eta_s: 60,
    run_eta_s: 200,
    updated_at: new Date().toISOString(),
  };
  const state = {
    engine: 'canopy-cfd',
    run_id: 'run-a',
    directions_deg: [0, 90, 180, 270],
    estimate: { directions_at_once: 2 },
    done: {},
    progress,
    failed: null,
  };
  const [simulation] = await db
    .insert(simulations)
    .values({ configurationId, category: 'pedestrian_wind_comfort', status: 'running', cfdParameters: state })
    .returning({ id: simulations.id });
  simulationId = simulation!.id;
  const key = (i: number) => `cfd-direction:${simulationId}:run-a:${i}`;
  const direction = { type: 'cfd.direction', input: {}, status: 'running' as const, maxAttempts: 3 };
  await db.insert(jobs).values([
    { ...direction, dedupeKey: key(0), status: 'completed' },
    // Direction 2: its worker was killed 25 s ago, holding a 30 s lease it renewed every 10 s.
    {
      ...direction,
      dedupeKey: key(1),
      lockedBy: 'host-b:4242:1',
      updatedAt: sql`now() - interval '25 seconds'`,
      lockedUntil: sql`now() + interval '5 seconds'`,
    },
    // Direction 3: alive, it beat 2 s ago.
    { ...direction, dedupeKey: key(2), lockedBy: 'host-a:99:1', updatedAt: sql`now() - interval '2 seconds'`, lockedUntil: sql`now() + interval '28 seconds'` },
    // Direction 4: its lease ran out a minute ago and no worker has been free to take it.
    {
      ...direction,
      dedupeKey: key(3),
      lockedBy: 'host-b:4242:2',
      updatedAt: sql`now() - interval '90 seconds'`,
      lockedUntil: sql`now() - interval '60 seconds'`,
    },
  ]);
});
afterAll(() => t.close());

const statusUrl = () => `/api/project/${w.projectId}/configuration/${configurationId}/simulation/${simulationId}/get-latest-status/`;

describe('a CFD run whose worker stopped', () => {
  it('names the directions whose worker went silent, since when and when their lease ends', async () => {
    const res = await t.request(statusUrl(), { token: w.tokens.colleague });
    const body = (await res.json()) as LatestStatus;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.stalled?.map((d) => [d.index, d.deg, d.resumes_by === null])).toEqual([
      [2, 90, false],
      [4, 270, true],
    ]);
    const [second] = body.stalled!;
    const since = Date.parse(second!.since);
    const resumesBy = Date.parse(second!.resumes_by!);
    // The lease ends 30 s after the last beat: the time another worker may take the direction over.
    expect(resumesBy - since).toBe(30_000);
  });

  it('says nothing of a stall once the direction is taken over', async () => {
    const db = t.database.db;
    await db
      .update(jobs)
      .set({ lockedBy: 'host-a:99:2', updatedAt: sql`now()`, lockedUntil: sql`now() + interval '30 seconds'` })
      .where(eq(jobs.dedupeKey, `cfd-direction:${simulationId}:run-a:1`));
    await db
      .update(jobs)
      .set({ status: 'completed', lockedUntil: null })
      .where(eq(jobs.dedupeKey, `cfd-direction:${simulationId}:run-a:3`));
    const res = await t.request(statusUrl(), { token: w.tokens.colleague });
    const body = (await res.json()) as LatestStatus;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ status: 'running' });
    expect(body.stalled).toBeUndefined();
  });

  it('tells another company nothing', async () => {
    const res = await t.request(statusUrl(), { token: w.tokens.otherCompany });
    expect([403, 404]).toContain(res.status);
  });
});
