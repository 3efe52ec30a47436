/**
 * Advances a grid on several worker threads (docs/reference/CFD.md §5: slabs of the same memory, one
 * barrier per step). Each thread owns a fixed share of every level's runs, slow cells and
 * prescribed cells; the main thread only sends commands and waits. The number of threads follows
 * the machine unless a setting says otherwise.
 *
 * Workers load TypeScript through tsx, as the server's own CPU pool does.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Grid } from '../grid/level.ts';
import { HEALTH_FIELDS } from '../solver/natural-pass.ts';
import { BARRIER_WORDS } from './barrier.ts';
import { combineHealth, inlineStepper, type Stepper } from './stepper.ts';
import type { PoolCommand } from './pool-worker.ts';
import { prepareKernel, type KernelChoice } from '../kernel/run-kernel.ts';

/**
 * A thread's entry point: a two-line JavaScript module that registers tsx's loader in the thread
 * (`--import tsx` in execArgv does not reach worker threads on Node 20) and imports the
 * TypeScript worker.
 */
function workerBoot(): URL {
  // The ESM build of tsx's API (createRequire finds the CommonJS one beside it).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL('./pool-worker.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(worker)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

interface Reply {
  ok: boolean;
  samples?: number;
  error?: string;
}

/**
 * `barrierSpinMs` overrides how long a thread spins at a barrier before it sleeps (barrier.ts; 0:
 * sleep at once), for the benchmark's comparison.
 */
export async function poolStepper(grid: Grid, threads = defaultThreads(), kernel: KernelChoice = 'auto', barrierSpinMs?: number): Promise<Stepper> {
  if (threads <= 1 || typeof SharedArrayBuffer === 'undefined') return inlineStepper(grid, kernel);
  const used = prepareKernel(grid, kernel);
  const boot = workerBoot();
  const barrier = new Int32Array(new SharedArrayBuffer(4 * BARRIER_WORDS));
  const health = new Float64Array(new SharedArrayBuffer(8 * HEALTH_FIELDS * threads));
  const workers = Array.from(
    { length: threads },
    (_, thread) =>
      new Worker(boot, {
        workerData: { grid: { levels: grid.levels, memory: grid.memory, kScratch: grid.kScratch }, thread, threads, barrier, health, barrierSpinMs },
      }),
  );
  let steps = grid.levels.map(() => 0);
  const send = (cmd: PoolCommand): Promise<number> =>
    Promise.all(
      workers.map(
        (w) =>
          new Promise<number>((resolve, reject) => {
            const onMessage = (reply: Reply) => {
              w.off('error', onError);
              if (reply.ok) resolve(reply.samples ?? 0);
              else reject(new Error(reply.error));
            };
            const onError = (error: Error) => {
              w.off('message', onMessage);
              reject(error);
            };
            w.once('message', onMessage);
            w.once('error', onError);
            w.postMessage(cmd);
          }),
      ),
    ).then((samples) => samples[0]);
  return {
    threads,
    kernel: used,
    get steps() {
      return steps;
    },
    advance: async (n, accumulate) => {
      const samples = await send({ kind: 'advance', steps: n, accumulate });
      steps = steps.map((s, l) => s + n * 2 ** l);
      return samples;
    },
    health: async () => {
      await send({ kind: 'health' });
      return combineHealth(health, threads);
    },
    setSteps: async (next) => {
      steps = [...next];
      await send({ kind: 'setSteps', steps });
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
