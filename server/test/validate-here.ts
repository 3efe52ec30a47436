/**
 * Geometry validation run in the test's own process, over HTTP as the wizard asks for it: for the
 * tests whose separate worker processes must see only the job under test (the analysis or the CFD
 * direction they kill), a worker here takes the validation job alone and stops once it is done.
 */
import type { GeometryValidation } from '@canopy/contract/scenarios.ts';
import { GEOMETRY_VALIDATE_JOB } from '../src/contexts/scenarios/validation.ts';
import { createInlineCpuPool } from '../src/inline-cpu-pool.ts';
import { jobHandlers } from '../src/job-handlers.ts';
import { JobWorker } from '../src/jobs/worker.ts';
import type { TestContext } from './harness.ts';
import { waitForValue } from './processes.ts';

/** Asks for the validation of `simulationId` in the scenario at `url` and returns its verdict once it has one. */
export async function validateHere(
  t: TestContext,
  url: string,
  token: string | undefined,
  body: { scenario_id: number; simulation_id: number; simulation_type: string },
): Promise<GeometryValidation> {
  const validator = new JobWorker({
    db: t.database.db,
    handlers: { [GEOMETRY_VALIDATE_JOB]: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} })[GEOMETRY_VALIDATE_JOB]! },
    pollMs: 50,
  });
  validator.start();
  try {
    await t.request(`${url}/geometry-validation/`, { method: 'POST', token, json: body });
    return await waitForValue(
      'validation',
      async () => (await (await t.request(`${url}/geometry-validation/`, { token })).json()) as GeometryValidation,
      (v) => v.status === 'passed' || v.status === 'failed',
      60_000,
    );
  } finally {
    await validator.stop();
  }
}
