/**
 * Every task the worker-thread pools run, gathered from the contexts that own them: each context
 * lists its own (its analyses' chunks, its request-side heavy work) and this file, beside the other
 * entry points, only puts the lists together, so the pools (server/src/jobs) import no context.
 * Each task is a pure function of structured-cloneable input (typed arrays travel without copying
 * when transferred); the caller on the main thread keeps the I/O (database, blobs).
 */
import { ANALYSIS_TASKS } from './contexts/compute/analysis-tasks.ts';
import { COMPUTE_HEAVY_TASKS } from './contexts/compute/heavy-tasks.ts';
import { PROJECTS_HEAVY_TASKS } from './contexts/projects/heavy-tasks.ts';
import { RESULTS_HEAVY_TASKS } from './contexts/results/heavy-tasks.ts';
import { SCENARIOS_HEAVY_TASKS } from './contexts/scenarios/heavy-tasks.ts';
import { TRANSFER_HEAVY_TASKS } from './contexts/transfer/heavy-tasks.ts';
import type { CpuTask } from './jobs/cpu-pool.ts';
import { ownThreadNiceness } from './jobs/thread-priority.ts';

/** Request-side heavy work (ADR 15): images for PDFs, uploaded files, geometry, map data, archives. */
export const HEAVY_TASKS = {
  ...RESULTS_HEAVY_TASKS,
  ...SCENARIOS_HEAVY_TASKS,
  ...PROJECTS_HEAVY_TASKS,
  ...TRANSFER_HEAVY_TASKS,
  ...COMPUTE_HEAVY_TASKS,
};

export type HeavyTaskName = keyof typeof HEAVY_TASKS;

export const CPU_TASKS: Record<string, CpuTask> = {
  /** Pool self-check used by tests and the worker's start-up probe. */
  'pool.echo': (input: { value: unknown }) => ({ value: input.value, threadId: process.pid, niceness: ownThreadNiceness() }),
  /** Solar, thermal-comfort and wind-comfort chunks (compute/analysis-tasks.ts). */
  ...ANALYSIS_TASKS,
  ...HEAVY_TASKS,
};
