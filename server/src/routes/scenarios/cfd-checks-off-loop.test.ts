/**
 * ADR 15: Canopy's CFD checks of a large study file (40,000 towers, 480,000 triangles) —
 * reading it, checking every file voxelises and planning the grid, which crops the geometry object
 * by object — run in a worker thread, so health checks keep answering:
 * - the wizard's estimate (cfd-estimate/) in the heavy-work pool, counted against the user's
 *   allowance (429 over it);
 * - a CFD scenario's geometry validation in the job runtime's CPU pool, as its geometry checks are.
 * The baseline of each is the same work on the request thread (what happened before), in the same
 * test (server/test/responsiveness.ts): health's worst wait must be under half of that freeze, and
 * both runs must answer the same.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { uploadFile } from '../../../test/world-scenarios.ts';
import { healthOffAndOnTheLoop } from '../../../test/responsiveness.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { createCpuPool, type CpuPool } from '../../jobs/cpu-pool.ts';
import { createHeavyWork, type HeavyWork } from '../../jobs/heavy-work.ts';
import { HEAVY_TASKS } from '../../cpu-tasks.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { JobWorker } from '../../jobs/worker.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/index.ts';
import { boxSoup } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import type { Configuration, GeometryValidation } from '@canopy/contract/scenarios.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';

let t: TestContext;
let w: World;
let threaded: HeavyWork;
let threads: CpuPool;
beforeAll(async () => {
  t = await createTestContext({ HEAVY_WORK_THREADS: '1', STARTER_SUBSCRIPTION: 'false', CFD_THREADS: '1' });
  w = await buildWorld(t.deps);
  await t.database.db
    .insert(subscriptions)
    .values({ companyId: w.companyId, plan: 'CFD Plus', creditType: 'CFD', creditsPerPeriod: 400, userId: w.userIds.projectAdmin });
  threaded = t.deps.heavy;
  threads = createCpuPool(1);
});
afterAll(async () => {
  if (threaded) t.deps.heavy = threaded;
  await threads?.close();
  await t?.close();
});

/** `side`² towers 1 m square and 3 m tall, 2 m apart: one STL of 12·side² triangles. */
function towers(side: number): Uint8Array {
  const soup: number[] = [];
  for (let i = 0; i < side; i++) for (let j = 0; j < side; j++) soup.push(...boxSoup(2 * i, 2 * j, 0, 2 * i + 1, 2 * j + 1, 3));
  return writeBinaryStl(Float32Array.from(soup));
}

const estimateBody = (study: number) => ({
  geometry: { study: [study] },
  pedestrian_plane: { height_m: 1.5, margin_m: 20 },
  cfd_tier: 'rapid',
  wind_directions: 8,
});

function estimate(study: number): Promise<Response> {
  return t.request(`/api/project/${w.projectId}/cfd-estimate/`, { method: 'POST', token: w.tokens.projectAdmin, json: estimateBody(study) });
}

/**
 * The estimate, held open a moment after its answer: on PGlite everything after the CPU work settles
 * within the same turn of the event loop, so without it a freeze at the very end of the work would
 * finish the work before health's next probe could run, and no probe would see the freeze.
 */
async function estimateProbed(study: number): Promise<Response> {
  const answer = await estimate(study);
  await sleep(25);
  return answer;
}

/** A CFD scenario whose study file is `study`, validated by a job worker running its CPU work on `cpu`. */
async function validate(cpu: CpuPool, study: number, name: string): Promise<GeometryValidation> {
  const token = w.tokens.projectAdmin;
  const created = await t.request(`/api/project/${w.projectId}/configuration/`, {
    method: 'POST',
    token,
    json: {
      name,
      engine: 'CFD',
      analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc', 'davenport'] }],
      geometry: { study: [study], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
      seasons: ['annual'],
      times: ['06:00-22:00'],
      wind_directions: 8,
      cfd_tier: 'rapid',
      terrain: 'suburban',
      terms_accepted: true,
    },
  });
  const scenario = (await created.json()) as Configuration;
  expect(created.status, JSON.stringify(scenario)).toBe(201);
  const url = `/api/project/${w.projectId}/configuration/${scenario.id}/geometry-validation/`;
  const worker = new JobWorker({ db: t.database.db, handlers: jobHandlers({ deps: t.deps, cpu, log: () => {} }), pollMs: 20, leaseMs: 120_000 });
  worker.start();
  try {
    const queued = await t.request(url, {
      method: 'POST',
      token,
      json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'pedestrian_wind_comfort' },
    });
    expect(queued.status).toBe(202);
    for (;;) {
      const record = (await (await t.request(url, { token })).json()) as GeometryValidation;
      if (record.status === 'passed' || record.status === 'failed') return record;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await worker.stop();
  }
}

const cfdFindings = (v: GeometryValidation) => v.findings.filter((f) => f.code.startsWith('cfd'));

describe("Canopy's CFD checks of a large STL", () => {
  it('the estimate keeps health answering (worst wait under half the on-thread freeze) and answers the same', async () => {
    const big = await uploadFile(t.deps, w.projectId, w.ownerId, 'district.stl', towers(200));
    const small = await uploadFile(t.deps, w.projectId, w.ownerId, 'small.stl', towers(3));
    expect((await estimate(small)).status).toBe(200); // the pool's thread and the code paths
    const { offLoop, onLoop, ratio } = await healthOffAndOnTheLoop(t, () => estimateProbed(big));
    console.log(
      `health during the CFD estimate of 480,000 triangles: worst ${offLoop.maxHealthMs.toFixed(0)} ms off the loop (${offLoop.probes} probes, estimate ${offLoop.workMs.toFixed(0)} ms) vs ${onLoop.maxHealthMs.toFixed(0)} ms on it (estimate ${onLoop.workMs.toFixed(0)} ms); ratio ${ratio.toFixed(3)}`,
    );
    const [a, b] = [(await offLoop.result.json()) as CfdEstimateResponse, (await onLoop.result.json()) as CfdEstimateResponse];
    expect(offLoop.result.status, JSON.stringify(a)).toBe(200);
    expect(onLoop.result.status, JSON.stringify(b)).toBe(200);
    expect(a.cells).toBeGreaterThan(1000);
    expect(a).toEqual(b);
    expect(ratio).toBeLessThan(0.5);
    expect(offLoop.probes).toBeGreaterThan(10);
  });

  it('the validation keeps health answering and finds the same', async () => {
    const big = await uploadFile(t.deps, w.projectId, w.ownerId, 'district-v.stl', towers(200));
    await threads.run('pool.echo', { value: 0 }); // warm-up: the pool's thread
    const { offLoop, onLoop, ratio } = await healthOffAndOnTheLoop(t, (run) =>
      run === 'off' ? validate(threads, big, 'Off the loop') : validate(createInlineCpuPool(), big, 'On the loop'),
    );
    console.log(
      `health during the validation of a CFD scenario of 480,000 triangles: worst ${offLoop.maxHealthMs.toFixed(0)} ms off the loop (${offLoop.probes} probes, validation ${offLoop.workMs.toFixed(0)} ms) vs ${onLoop.maxHealthMs.toFixed(0)} ms on it (validation ${onLoop.workMs.toFixed(0)} ms); ratio ${ratio.toFixed(3)}`,
    );
    expect(cfdFindings(offLoop.result).map((f) => f.code)).toEqual(['cfd-grid']);
    expect(cfdFindings(offLoop.result)).toEqual(cfdFindings(onLoop.result));
    expect(offLoop.result.status).toBe(onLoop.result.status);
    expect(ratio).toBeLessThan(0.5);
    expect(offLoop.probes).toBeGreaterThan(10);
  });

  it('answers an estimate over the heavy-work cap 429 with Retry-After', async () => {
    const small = await uploadFile(t.deps, w.projectId, w.ownerId, 'capped.stl', towers(3));
    let release = () => {};
    const gated: CpuPool = { threads: 1, run: <T>() => new Promise<T>((resolve) => (release = () => resolve(undefined as T))), close: async () => {} };
    t.deps.heavy = createHeavyWork(gated, { perUser: 1, maxPending: 16 }, HEAVY_TASKS);
    try {
      const held = t.deps.heavy.run(w.userIds.projectAdmin, 'pool.echo', { value: 1 });
      const res = await estimate(small);
      release();
      await held;
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { detail: string }).detail).toMatch(/at most 1 at a time/);
    } finally {
      t.deps.heavy = threaded;
    }
  });
});
