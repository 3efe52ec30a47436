/**
 * Decodes result GLBs in one shared Web Worker (Vite bundles it as its own module chunk). Where
 * there are no workers (jsdom in tests, very old browsers) it decodes on the main thread with the
 * same reader, so callers see the same result either way.
 */
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import type { DecodeRequest, DecodeResponse, DecodedLayer } from './decoded-layer.ts';
import { readResultGlbZeroCopy } from './zero-copy-glb.ts';

export type { DecodedLayer } from './decoded-layer.ts';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(layer: DecodedLayer): void; reject(error: Error): void }>();

function sharedWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) {
    worker = new Worker(new URL('./glb-decode.worker.ts', import.meta.url), { type: 'module', name: 'glb-decode' });
    worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
      const entry = pending.get(event.data.id);
      if (!entry) return;
      pending.delete(event.data.id);
      if ('error' in event.data) entry.reject(new Error(event.data.error));
      else entry.resolve(event.data.layer);
    };
    worker.onerror = (event) => {
      // A worker that cannot start fails every waiting decode; the next call starts a fresh one.
      const error = new Error(`GLB decoder failed: ${event.message || 'worker error'}`);
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

/** Decodes on the calling thread (tests, fallback). */
export async function decodeResultGlbHere(bytes: ArrayBuffer): Promise<DecodedLayer> {
  const fast = readResultGlbZeroCopy(bytes);
  if (fast) return fast;
  const mesh = await readResultGlb(new Uint8Array(bytes));
  return { positions: mesh.positions, indices: mesh.indices, ...(mesh.lines ? { lines: mesh.lines } : {}), fields: mesh.fields, metadata: mesh.metadata };
}

/**
 * Decodes GLB bytes, in the worker when there is one. The bytes are transferred to the worker:
 * the caller's ArrayBuffer is detached afterwards.
 */
export function decodeResultGlb(bytes: ArrayBuffer, { inWorker = true }: { inWorker?: boolean } = {}): Promise<DecodedLayer> {
  const target = inWorker ? sharedWorker() : null;
  if (!target) return decodeResultGlbHere(bytes);
  const id = nextId++;
  return new Promise<DecodedLayer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const request: DecodeRequest = { id, bytes };
    target.postMessage(request, [bytes]);
  });
}
