/**
 * The re-classification workers: the points are split into one contiguous share per
 * worker (up to the browser's cores, at most 4), each worker keeps its share of the speed ratios,
 * and a classification asks them all at once and joins their classes in point order — so switching
 * criterion, season or weather re-computes 100,000 points × 16 directions in well under a second
 * without touching the main thread. Where there are no workers (jsdom in tests) the same function
 * runs here.
 */
import { classifyPoints, type ReclassMessage, type ReclassRatios, type ReclassReply, type ReclassRequest } from './reclass-compute.ts';

export interface Reclassifier {
  /** Class per point (NaN where none), and the wall time of the classification in ms. */
  classify(request: ReclassRequest): Promise<{ classIndex: Float32Array; ms: number }>;
  readonly workers: number;
  dispose(): void;
}

/** How many workers: the cores the browser reports, leaving none idle on a small machine, at most 4. */
export function workerCount(): number {
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  return Math.max(1, Math.min(4, cores));
}

function slice(ratios: ReclassRatios, from: number, to: number): ReclassRatios {
  const d = ratios.directionsDeg.length;
  return {
    speedRatios: ratios.speedRatios.slice(from * d, to * d),
    ...(ratios.gemSpeedRatios ? { gemSpeedRatios: ratios.gemSpeedRatios.slice(from * d, to * d) } : {}),
    directionsDeg: ratios.directionsDeg,
  };
}

/** On the calling thread: the tests' reclassifier, and the fallback without workers. */
export function localReclassifier(ratios: ReclassRatios): Reclassifier {
  return {
    workers: 0,
    async classify(request) {
      const start = performance.now();
      const classIndex = classifyPoints(ratios, request);
      return { classIndex, ms: performance.now() - start };
    },
    dispose() {},
  };
}

export async function createReclassifier(ratios: ReclassRatios, workers = workerCount()): Promise<Reclassifier> {
  if (typeof Worker === 'undefined') return localReclassifier(ratios);
  const points = ratios.speedRatios.length / ratios.directionsDeg.length;
  const shares = Math.max(1, Math.min(workers, Math.ceil(points / 1000)));
  const bounds = Array.from({ length: shares + 1 }, (_, i) => Math.round((i * points) / shares));
  let nextId = 1;
  const pending = new Map<number, { resolve(reply: ReclassReply): void; reject(error: Error): void }>();
  const pool = bounds.slice(0, -1).map(() => {
    const worker = new Worker(new URL('./reclass.worker.ts', import.meta.url), { type: 'module', name: 'comfort-reclassification' });
    worker.onmessage = (event: MessageEvent<ReclassReply>) => {
      const entry = pending.get(event.data.id);
      if (!entry) return;
      pending.delete(event.data.id);
      if ('error' in event.data) entry.reject(new Error(event.data.error));
      else entry.resolve(event.data);
    };
    worker.onerror = (event) => {
      for (const entry of pending.values()) entry.reject(new Error(`re-classification worker failed: ${event.message || 'worker error'}`));
      pending.clear();
    };
    return worker;
  });
  type Unsent = ReclassMessage extends infer M ? (M extends ReclassMessage ? Omit<M, 'id'> : never) : never;
  const ask = (worker: Worker, message: Unsent, transfer: Transferable[] = []) =>
    new Promise<ReclassReply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id }, transfer);
    });
  await Promise.all(
    pool.map((worker, i) => {
      const share = slice(ratios, bounds[i]!, bounds[i + 1]!);
      const transfer = [share.speedRatios.buffer, ...(share.gemSpeedRatios ? [share.gemSpeedRatios.buffer] : [])] as ArrayBuffer[];
      return ask(worker, { type: 'load', ratios: share }, transfer);
    }),
  );
  return {
    workers: pool.length,
    async classify(request) {
      const start = performance.now();
      const replies = await Promise.all(pool.map((worker) => ask(worker, { type: 'classify', request })));
      const classIndex = new Float32Array(points);
      replies.forEach((reply, i) => classIndex.set((reply as { classIndex: Float32Array }).classIndex, bounds[i]!));
      return { classIndex, ms: performance.now() - start };
    },
    dispose() {
      pool.forEach((worker) => worker.terminate());
      for (const entry of pending.values()) entry.reject(new Error('re-classification stopped'));
      pending.clear();
    },
  };
}
