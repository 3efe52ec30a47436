/**
 * CPU-heavy work that job handlers hand to the worker-thread pool. Each task is a pure function
 * of structured-cloneable input (typed arrays travel without copying when transferred). Analyses add
 * their tasks here; the handler on the main thread keeps the I/O (database, blobs).
 */
import { ANALYSIS_TASKS } from '../contexts/compute/analysis-tasks.ts';
import { HEAVY_TASKS } from './heavy-tasks.ts';
import { ownThreadNiceness } from './thread-priority.ts';
export type CpuTask = (input: never) => unknown | Promise<unknown>;

export const CPU_TASKS: Record<string, CpuTask> = {
  /** Pool self-check used by tests and the worker's start-up probe. */
  'pool.echo': (input: { value: unknown }) => ({ value: input.value, threadId: process.pid, niceness: ownThreadNiceness() }),
  /** Solar, thermal-comfort and wind-comfort chunks (analysis-tasks.ts). */
  ...ANALYSIS_TASKS,
  /** Images for PDFs, uploaded result files, geometry validation (heavy-tasks.ts). */
  ...HEAVY_TASKS,
};
