/**
 * Job 'geometry.validate' (contexts/scenarios/validation.ts queues it): validates a scenario's STL
 * uploads off the request path and stores the findings on the scenario's validation record.
 */
import { z } from 'zod';
import type { AppDeps } from '../../../deps.ts';
import type { JobHandler } from '../../../jobs/worker.ts';
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import { runGeometryValidation } from '../validation-run.ts';

const inputSchema = z.object({
  projectId: z.number().int().positive(),
  configurationId: z.number().int().positive(),
  validationId: z.number().int().positive(),
  run: z.number().int().positive(),
});

/** `cpu`: the runtime's pool, where the validation itself runs (the handler keeps the I/O). */
export function geometryValidationHandler(deps: Pick<AppDeps, 'blobStore' | 'bus' | 'config'>, cpu?: CpuPool): JobHandler {
  return (context) =>
    runGeometryValidation(
      { db: context.db, blobStore: deps.blobStore, bus: deps.bus, config: deps.config, cpu },
      inputSchema.parse(context.job.input),
      (percent, message) => context.progress(percent, message),
    );
}
