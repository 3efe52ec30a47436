/**
 * Runs one CFD wind direction in a worker thread of its own, never on the thread that called it.
 * In the embedded default that caller is the server's event loop: a direction is minutes of CPU
 * (parsing, voxelising, stepping, sampling, writing GLBs), and stepping it there froze every
 * request for as long. The thread runs at the jobs' lowest priority (thread-priority.ts), and so
 * do the solver's stepping threads it starts, so requests and password hashing come first.
 *
 * The job's thread keeps all I/O: it answers the thread's checkpoint reads and writes, receives its
 * progress, and stores what it returns. Errors cross as descriptions and are rebuilt as the classes
 * the handler tells apart (a diverged flow, an oversized grid, geometry that cannot be voxelised).
 */
import { Worker } from 'node:worker_threads';
import type { DirectionProgress } from '@canopy/engine/cfd/run/direction.ts';
import { CfdCancelledError, CfdDivergenceError, CfdInputError } from '@canopy/engine/cfd/run/errors.ts';
import { VoxelizeError } from '@canopy/engine/cfd/geometry/voxelize.ts';
import { CfdSceneError } from './cfd-scene.ts';
import type { DirectionOutput, DirectionTask } from './direction-compute.ts';
import { JOB_THREAD_NICE } from '../../../jobs/thread-priority.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { typescriptWorkerEntry } from '../../../jobs/ts-worker.ts';

interface ErrorDescription {
  name: string;
  message: string;
  step?: number;
  directionDeg?: number;
  reason?: string;
  field?: string;
  file?: string;
}

export type FromDirectionThread =
  | { kind: 'progress'; progress: DirectionProgress }
  | { kind: 'load' }
  | { kind: 'save'; bytes: Uint8Array }
  | { kind: 'done'; output: DirectionOutput; niced: boolean }
  | { kind: 'error'; error: ErrorDescription; niced: boolean };

export type ToDirectionThread = { kind: 'loaded'; bytes: Uint8Array | null } | { kind: 'saved' } | { kind: 'failed'; message: string };

export interface DirectionThreadHooks {
  onProgress(progress: DirectionProgress): void;
  loadCheckpoint(): Promise<Uint8Array | null>;
  saveCheckpoint(bytes: Uint8Array): Promise<void>;
  /** Seconds of wall time between checkpoints. */
  checkpointEveryS?: number;
  /** Polled while the thread runs: true stops it between steps (CfdCancelledError). */
  isCancelled(): boolean;
  /** The niceness the thread sets itself to (JOB_THREAD_NICE; default the lowest priority). */
  nice?: number;
  /** Called once the thread says whether its priority was lowered (diagnostics, tests). */
  onNiced?(niced: boolean): void;
}

/** How often the job's thread looks at `isCancelled`, ms. */
const CANCEL_POLL_MS = 200;

function rebuild(e: ErrorDescription): Error {
  switch (e.name) {
    case 'CfdDivergenceError':
      return new CfdDivergenceError(e.reason ?? e.message, e.step ?? 0, e.directionDeg ?? 0);
    case 'CfdCancelledError':
      return new CfdCancelledError(e.step ?? 0);
    case 'CfdInputError':
      return new CfdInputError(e.message, e.field);
    case 'CfdSceneError':
      return new CfdSceneError(e.message, e.field ?? 'geometry');
    case 'VoxelizeError': {
      // Its message already starts with the file's name.
      const file = e.file ?? '';
      return new VoxelizeError(file, file && e.message.startsWith(`${file}: `) ? e.message.slice(file.length + 2) : e.message);
    }
    default:
      return new Error(e.message);
  }
}

/** The direction's result, computed in a worker thread at the jobs' priority. */
export function runDirectionThread(task: DirectionTask, hooks: DirectionThreadHooks): Promise<DirectionOutput> {
  const cancel = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(typescriptWorkerEntry(new URL('./cfd-thread-worker.ts', import.meta.url)), {
    workerData: { task, cancel, nice: hooks.nice ?? JOB_THREAD_NICE, checkpointEveryS: hooks.checkpointEveryS ?? 60 },
    transferList: transferables(task.files.map((f) => f.bytes)),
  });
  const poll = setInterval(() => {
    if (hooks.isCancelled()) Atomics.store(cancel, 0, 1);
  }, CANCEL_POLL_MS);
  const reply = (message: ToDirectionThread, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  return new Promise<DirectionOutput>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      fn();
      void worker.terminate();
    };
    worker.on('message', (message: FromDirectionThread) => {
      switch (message.kind) {
        case 'progress':
          hooks.onProgress(message.progress);
          break;
        case 'load':
          hooks.loadCheckpoint().then(
            (bytes) => reply({ kind: 'loaded', bytes }, transferables([bytes ?? undefined])),
            (error: Error) => reply({ kind: 'failed', message: error.message }),
          );
          break;
        case 'save':
          hooks.saveCheckpoint(message.bytes).then(
            () => reply({ kind: 'saved' }),
            (error: Error) => reply({ kind: 'failed', message: error.message }),
          );
          break;
        case 'done':
          hooks.onNiced?.(message.niced);
          settle(() => resolve(message.output));
          break;
        case 'error':
          hooks.onNiced?.(message.niced);
          settle(() => reject(rebuild(message.error)));
          break;
      }
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the CFD thread stopped (exit code ${code}) before its direction was done`))));
  });
}
