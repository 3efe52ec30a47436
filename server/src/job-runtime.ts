/**
 * Runs job workers for a process: the embedded default inside the server, or `npm run worker`
 * as a separate process against the same PostgreSQL.
 */
import type { AppDeps } from './deps.ts';
import { createCpuPool, type CpuPool } from './jobs/cpu-pool.ts';
import { jobHandlers } from './job-handlers.ts';
import { JobWorker } from './jobs/worker.ts';
import { CFD_DIRECTION_JOB, cfdDirectionsAtOnce } from './contexts/compute/cfd/cfd-plan.ts';

export interface JobRuntime {
  worker: JobWorker;
  cpu: CpuPool;
  stop(): Promise<void>;
}

export function startJobRuntime(deps: AppDeps, log: (line: string) => void, options: { concurrency?: number; leaseMs?: number } = {}): JobRuntime {
  // Analysis chunks run below requests and password hashing, like the CFD directions' threads.
  const cpu = createCpuPool(undefined, { nice: deps.config.JOB_THREAD_NICE });
  // A CFD direction takes CFD_THREADS cores (all by default) and its grid's memory: as many at once
  // as the cores hold, and one slot beside them for every other job type.
  const cfdAtOnce = cfdDirectionsAtOnce(deps.config);
  const worker = new JobWorker({
    db: deps.database.db,
    handlers: jobHandlers({ deps, cpu, log }),
    concurrency: options.concurrency ?? Math.max(2, cfdAtOnce + 1),
    typeConcurrency: { [CFD_DIRECTION_JOB]: cfdAtOnce },
    companyMaxRunning: deps.config.COMPANY_MAX_RUNNING_JOBS,
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
