/**
 * A CpuPool that runs tasks on the calling thread, one at a time. For tests of job handlers (no
 * thread start-up, deterministic order) — the tasks are the same functions the real pool runs, and
 * inputs go through structuredClone so a task sees exactly what a worker thread would receive.
 */
import type { CpuPool } from './cpu-pool.ts';
import { CPU_TASKS } from './cpu-tasks.ts';
import { unwrapMoving } from './transfer.ts';

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
