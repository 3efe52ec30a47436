/**
 * One worker thread of a CFD pool: receives the grid (its typed arrays live on SharedArrayBuffers,
 * so every thread steps the same memory), its thread index, and then commands to advance.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Grid } from '../grid/level.ts';
import { advance } from '../solver/advance.ts';
import { makeThreadContext, type ThreadContext } from '../solver/step.ts';
import { makeBarrier } from './barrier.ts';

interface Init {
  grid: Grid;
  thread: number;
  threads: number;
  barrier: Int32Array;
  health: Float64Array;
  /** The barrier's spin before sleeping (ms), when not the default. */
  barrierSpinMs?: number;
}

export type PoolCommand = { kind: 'advance'; steps: number; accumulate: boolean } | { kind: 'health' } | { kind: 'setSteps'; steps: number[] };

const init = workerData as Init;
const barrier = makeBarrier(init.barrier, init.threads, init.barrierSpinMs);
let ctx: ThreadContext = makeThreadContext(init.grid, init.thread, init.threads, barrier, []);

parentPort!.on('message', (cmd: PoolCommand) => {
  try {
    if (cmd.kind === 'advance') {
      const samples = advance(init.grid, ctx, { steps: cmd.steps, accumulate: cmd.accumulate, health: null });
      parentPort!.postMessage({ ok: true, samples });
    } else if (cmd.kind === 'health') {
      advance(init.grid, ctx, { steps: 0, accumulate: false, health: init.health });
      parentPort!.postMessage({ ok: true, samples: 0 });
    } else {
      ctx = makeThreadContext(init.grid, init.thread, init.threads, barrier, cmd.steps);
      parentPort!.postMessage({ ok: true, samples: 0 });
    }
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
