/**
 * Runs an analysis task over many chunks in the CPU pool: at most `threads + 1` chunks in flight (so
 * progress tracks real work and an abort stops quickly), results in chunk order, progress reported
 * after each finished chunk.
 */
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import type { AnalysisTaskInput, AnalysisTaskName, AnalysisTaskOutput } from '../analysis-tasks.ts';

export class JobAbortedError extends Error {
  constructor() {
    super('the job was stopped (lease lost or worker shutting down)');
    this.name = 'JobAbortedError';
  }
}

export async function runChunks<T extends AnalysisTaskName>(
  cpu: CpuPool,
  task: T,
  inputs: readonly AnalysisTaskInput<T>[],
  options: { signal: AbortSignal; onChunkDone?: (done: number, total: number) => Promise<void> | void },
): Promise<AnalysisTaskOutput<T>[]> {
  const results = new Array<AnalysisTaskOutput<T>>(inputs.length);
  let next = 0;
  let done = 0;
  const lanes = Math.max(1, Math.min(inputs.length, cpu.threads + 1));
  const lane = async (): Promise<void> => {
    while (next < inputs.length) {
      if (options.signal.aborted) throw new JobAbortedError();
      const index = next++;
      results[index] = await cpu.run<AnalysisTaskOutput<T>>(task, inputs[index]);
      done++;
      await options.onChunkDone?.(done, inputs.length);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

/** Chunk size giving about `target` chunks, within [min, max] points. */
export function chunkSize(count: number, { target = 24, min = 32, max = 1024 } = {}): number {
  return Math.max(min, Math.min(max, Math.ceil(count / target)));
}
