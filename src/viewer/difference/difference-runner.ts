/**
 * Runs one difference map in a Web Worker of its own (started for the request, ended with it: a
 * difference is asked for now and then, not many times a second). Where there are no workers
 * (jsdom in tests) the same function runs on the calling thread.
 */
import { differenceOf, type DifferenceOptions, type DifferenceReply, type DifferenceResult, type DifferenceSide } from './difference-compute.ts';

export function computeDifference(a: DifferenceSide, b: DifferenceSide, options: DifferenceOptions): Promise<DifferenceResult> {
  if (typeof Worker === 'undefined') return Promise.resolve().then(() => differenceOf(a, b, options));
  const worker = new Worker(new URL('./difference.worker.ts', import.meta.url), { type: 'module', name: 'difference-map' });
  return new Promise<DifferenceResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<DifferenceReply>) => {
      worker.terminate();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.result);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`difference worker failed: ${event.message || 'worker error'}`));
    };
    // Copies, not transfers: the layers' arrays stay with the scene that draws them.
    worker.postMessage({ id: 1, a, b, options });
  });
}
