/** Entry point of each worker thread of the CPU pool: runs one named task from CPU_TASKS. */
import { threadId, workerData } from 'node:worker_threads';
import { CPU_TASKS } from './cpu-tasks.ts';
import { forPiscina } from './jobs/transfer.ts';
import { lowerThreadPriority } from './jobs/thread-priority.ts';

const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice > 0) lowerThreadPriority(nice);

export default async function run({ task, input }: { task: string; input: unknown }): Promise<unknown> {
  const fn = CPU_TASKS[task];
  if (!fn) throw new Error(`Unknown CPU task "${task}" (thread ${threadId})`);
  // A result marked with moving() hands its large arrays back instead of copying them.
  return forPiscina(await (fn as (input: unknown) => unknown)(input));
}
