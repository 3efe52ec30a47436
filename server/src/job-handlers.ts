/**
 * Every job handler, by job type, gathered from the contexts that own them (each lists its own in
 * its handlers/index.ts), so that the queue's worker (server/src/jobs) imports no context. A worker
 * claims only the types it has handlers for.
 */
import type { AppDeps } from './deps.ts';
import type { CpuPool } from './jobs/cpu-pool.ts';
import type { JobHandler } from './jobs/worker.ts';
import { computeJobHandlers } from './contexts/compute/handlers/index.ts';
import { scenarioJobHandlers } from './contexts/scenarios/handlers/index.ts';

export interface HandlerServices {
  deps: AppDeps;
  cpu: CpuPool;
  log: (line: string) => void;
}

export function jobHandlers({ deps, cpu, log }: HandlerServices): Record<string, JobHandler> {
  return { ...computeJobHandlers(deps, cpu, log), ...scenarioJobHandlers(deps, cpu) };
}
