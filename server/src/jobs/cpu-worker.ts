/** Entry point of each worker thread of the CPU pool: runs one named task from CPU_TASKS. */
import { threadId } from 'node:worker_threads';
import { CPU_TASKS } from './cpu-tasks.ts';

export default async function run({ task, input }: { task: string; input: unknown }): Promise<unknown> {
  const fn = CPU_TASKS[task];
  if (!fn) throw new Error(`Unknown CPU task "${task}" (thread ${threadId})`);
  return (fn as (input: unknown) => unknown)(input);
}
