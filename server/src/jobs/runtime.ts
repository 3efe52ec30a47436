/**
 * Runs job workers for a process: the embedded default inside the server, or `npm run worker`
 * as a separate process against the same PostgreSQL.
 */
import type { AppDeps } from '../deps.ts';
import { createCpuPool, type CpuPool } from './cpu-pool.ts';
import { jobHandlers } from './handlers/index.ts';
import { JobWorker } from './worker.ts';
import { CFD_DIRECTION_JOB } from '../services/cfd/cfd-plan.ts';

export interface JobRuntime {
  worker: JobWorker;
  cpu: CpuPool;
  stop(): Promise<void>;
}

export function startJobRuntime(deps: AppDeps, log: (line: string) => void, options: { concurrency?: number; leaseMs?: number } = {}): JobRuntime {
  const cpu = createCpuPool();
  const worker = new JobWorker({
    db: deps.database.db,
    handlers: jobHandlers({ deps, cpu, log }),
    concurrency: options.concurrency ?? 2,
    // A CFD direction takes every core (CFD_THREADS) and its grid's memory: one at a time per process.
    typeConcurrency: { [CFD_DIRECTION_JOB]: 1 },
    leaseMs: options.leaseMs,
    log,
  });
  deps.jobs.onEnqueue(() => worker.poke());
  worker.start();
  return {
    worker,
    cpu,
    async stop() {
      await worker.stop();
      await cpu.close();
    },
  };
}
