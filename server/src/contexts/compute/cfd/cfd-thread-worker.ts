/**
 * The worker thread one CFD direction runs on (contexts/compute/cfd/cfd-thread.ts starts it): lowers its own
 * priority to the jobs' lowest (the solver's own stepping threads, started from here, inherit it),
 * computes the direction, and asks the job's thread for checkpoint I/O. Cancellation is a shared
 * flag, read between chunks of steps: the solver's loop never yields to this thread's events.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { poolStepper } from '@canopy/engine/cfd/run/pool.ts';
import { computeDirection, type DirectionTask } from './direction-compute.ts';
import { lowerThreadPriority } from '../../../jobs/thread-priority.ts';
import { transferables } from '../../../jobs/transfer.ts';
import type { FromDirectionThread, ToDirectionThread } from './cfd-thread.ts';

interface Init {
  task: DirectionTask;
  cancel: Int32Array;
  nice: number;
  checkpointEveryS: number;
}

const init = workerData as Init;
const port = parentPort!;
const niced = init.nice > 0 && lowerThreadPriority(init.nice);

let answer: ((message: ToDirectionThread) => void) | null = null;
port.on('message', (message: ToDirectionThread) => {
  const resolve = answer;
  answer = null;
  resolve?.(message);
});

/** One request to the job's thread, and its answer (the solver asks one thing at a time). */
function ask(message: FromDirectionThread, transfer: ArrayBuffer[] = []): Promise<ToDirectionThread> {
  return new Promise((resolve) => {
    answer = resolve;
    port.postMessage(message, transfer);
  });
}

function describe(error: unknown) {
  const e = error as Record<string, unknown> & Error;
  return {
    name: e?.name ?? 'Error',
    message: e?.message ?? String(error),
    ...(typeof e?.step === 'number' ? { step: e.step } : {}),
    ...(typeof e?.directionDeg === 'number' ? { directionDeg: e.directionDeg } : {}),
    ...(typeof e?.reason === 'string' ? { reason: e.reason } : {}),
    ...(typeof e?.field === 'string' ? { field: e.field } : {}),
    ...(typeof e?.file === 'string' ? { file: e.file } : {}),
  };
}

try {
  const output = await computeDirection(init.task, {
    stepper: (grid) => poolStepper(grid, init.task.threads),
    onProgress: (progress) => port.postMessage({ kind: 'progress', progress } satisfies FromDirectionThread),
    loadCheckpoint: async () => {
      const reply = await ask({ kind: 'load' });
      if (reply.kind === 'failed') throw new Error(reply.message);
      return reply.kind === 'loaded' ? reply.bytes : null;
    },
    saveCheckpoint: async (bytes) => {
      const reply = await ask({ kind: 'save', bytes }, transferables([bytes]));
      if (reply.kind === 'failed') throw new Error(reply.message);
    },
    checkpointEveryS: init.checkpointEveryS,
    isCancelled: () => Atomics.load(init.cancel, 0) !== 0,
  });
  port.postMessage({ kind: 'done', output, niced } satisfies FromDirectionThread, transferables(output.files.map((f) => f.bytes)));
} catch (error) {
  port.postMessage({ kind: 'error', error: describe(error), niced } satisfies FromDirectionThread);
}
