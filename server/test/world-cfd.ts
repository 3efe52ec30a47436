/**
 * A CFD wind scenario over HTTP for tests: a test context with a CFD subscription, job workers in
 * this process (the real handlers, CPU tasks inline), and the world's tower scenario created and
 * validated through the routes. Shared by the CFD route tests.
 */
import { expect } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { buildWorld, type World } from './world.ts';
import { subscriptions } from '../src/db/schema/index.ts';
import { createInlineCpuPool } from '../src/inline-cpu-pool.ts';
import { jobHandlers } from '../src/job-handlers.ts';
import { JobWorker } from '../src/jobs/worker.ts';
import type { Configuration, GeometryValidation } from '@canopy/contract/scenarios.ts';
import { CFD_DIRECTION_JOB } from '../src/contexts/compute/cfd/cfd-plan.ts';

export const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

export async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 200_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Setup {
  t: TestContext;
  w: World;
  workers: JobWorker[];
}

export async function setup(env: Record<string, string>): Promise<Setup> {
  const t = await createTestContext({ STARTER_SUBSCRIPTION: 'false', CFD_THREADS: '1', CFD_CHECKPOINT_SECONDS: '0', ...env });
  const w = await buildWorld(t.deps);
  await t.database.db
    .insert(subscriptions)
    .values({ companyId: w.companyId, plan: 'CFD Plus', creditType: 'CFD', creditsPerPeriod: 400, userId: w.userIds.projectAdmin });
  return { t, w, workers: [] };
}

export function startWorker(s: Setup, options: { leaseMs?: number; types?: string[] } = {}): JobWorker {
  const all = jobHandlers({ deps: s.t.deps, cpu: createInlineCpuPool(), log: () => {} });
  const handlers = options.types ? Object.fromEntries(options.types.map((type) => [type, all[type]!])) : all;
  const worker = new JobWorker({ db: s.t.database.db, handlers, pollMs: 25, leaseMs: options.leaseMs ?? 30_000, typeConcurrency: { [CFD_DIRECTION_JOB]: 1 } });
  worker.start();
  s.workers.push(worker);
  return worker;
}

export async function teardown(s: Setup | undefined): Promise<void> {
  if (!s) return;
  await Promise.all(s.workers.map((w) => w.stop()));
  await s.t.close();
}

/** Creates a CFD scenario from the world's tower, ground and plane, validates it and returns it. */
export async function validatedScenario(s: Setup, name: string, body: Record<string, unknown> = {}): Promise<Configuration> {
  const { t, w } = s;
  const token = w.tokens.projectAdmin;
  const scenario = await json<Configuration>(
    await t.request(`/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token,
      json: {
        name,
        engine: 'CFD',
        analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc', 'davenport'] }],
        geometry: { study: [w.scenarios.uploads.study], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
        seasons: ['annual'],
        times: ['06:00-22:00'],
        wind_directions: 8,
        cfd_tier: 'rapid',
        terrain: 'suburban',
        terms_accepted: true,
        ...body,
      },
    }),
    201,
  );
  const url = `/api/project/${w.projectId}/configuration/${scenario.id}`;
  await json(
    await t.request(`${url}/geometry-validation/`, {
      method: 'POST',
      token,
      json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'pedestrian_wind_comfort' },
    }),
    202,
  );
  return scenario;
}

export const scenarioUrl = (s: Setup, id: number) => `/api/project/${s.w.projectId}/configuration/${id}`;

export async function validation(s: Setup, id: number): Promise<GeometryValidation> {
  return waitFor(
    'the validation',
    async () => json<GeometryValidation>(await s.t.request(`${scenarioUrl(s, id)}/geometry-validation/`, { token: s.w.tokens.projectAdmin }), 200),
    (v) => v.status === 'passed' || v.status === 'failed',
    60_000,
  );
}
