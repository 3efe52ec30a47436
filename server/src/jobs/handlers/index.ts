/**
 * The job handlers, by job type. Each analysis registers its handler here; a worker claims only the
 * types it has handlers for.
 */
import type { AppDeps } from '../../deps.ts';
import type { CpuPool } from '../cpu-pool.ts';
import type { JobHandler } from '../worker.ts';

export interface HandlerServices {
  deps: AppDeps;
  cpu: CpuPool;
  log: (line: string) => void;
}

export function jobHandlers(_services: HandlerServices): Record<string, JobHandler> {
  return {};
}
