/**
 * The scenarios context's job handlers, by job type: a scenario's geometry validated off the
 * request. The entry points gather every context's handlers (server/src/job-handlers.ts).
 */
import type { AppDeps } from '../../../deps.ts';
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import type { JobHandler } from '../../../jobs/worker.ts';
import { GEOMETRY_VALIDATE_JOB } from '../validation.ts';
import { geometryValidationHandler } from './geometry-validation.ts';

export function scenarioJobHandlers(deps: AppDeps, cpu: CpuPool): Record<string, JobHandler> {
  return { [GEOMETRY_VALIDATE_JOB]: geometryValidationHandler(deps, cpu) };
}
