/**
 * A CpuPool that runs tasks on the calling thread, one at a time. For tests of job handlers (no
 * thread start-up, deterministic order) — the tasks are the same functions the real pool runs, and
 * inputs go through structuredClone so a task sees exactly what a worker thread would receive.
 */
import { availableParallelism } from 'node:os';
import type { Config } from './env.ts';
import { createCpuPool, type CpuPool } from './jobs/cpu-pool.ts';
import { createHeavyWork, type HeavyWork } from './jobs/heavy-work.ts';
import { CPU_TASKS, HEAVY_TASKS, type HeavyTaskName } from './cpu-tasks.ts';
import { unwrapMoving } from './jobs/transfer.ts';

/**
 * Message ports (a task's progress channel) must move, as they do to a real thread; array buffers
 * are copied instead, so the caller keeps its bytes as before.
 */
function ports(transferList: Transferable[] | undefined): Transferable[] {
  return (transferList ?? []).filter((item) => item instanceof MessagePort);
}

export function createInlineCpuPool(): CpuPool & { calls: string[] } {
  const calls: string[] = [];
  return {
    threads: 1,
    calls,
    async run<T>(task: string, input: unknown, transferList?: Transferable[]): Promise<T> {
      const fn = CPU_TASKS[task];
      if (!fn) throw new Error(`Unknown CPU task "${task}"`);
      calls.push(task);
      await Promise.resolve(); // yield like a real pool would
      return structuredClone(unwrapMoving(await (fn as (input: unknown) => unknown)(structuredClone(input, { transfer: ports(transferList) })))) as T;
    },
    async close() {},
  };
}

/**
 * The heavy-work pool the configuration asks for (HEAVY_WORK_*; threads start on first use and idle
 * out); with HEAVY_WORK_THREADS=0 its tasks run on the calling thread, as in the inline pool above.
 */
export function openHeavyWork(config: Pick<Config, 'HEAVY_WORK_THREADS' | 'HEAVY_WORK_PER_USER' | 'HEAVY_WORK_QUEUE'>): HeavyWork<HeavyTaskName> {
  const threads = config.HEAVY_WORK_THREADS ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const pool = threads === 0 ? createInlineCpuPool() : createCpuPool(threads);
  return createHeavyWork(pool, { perUser: config.HEAVY_WORK_PER_USER, maxPending: config.HEAVY_WORK_QUEUE }, HEAVY_TASKS);
}
