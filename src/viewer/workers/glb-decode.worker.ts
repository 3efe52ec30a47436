/**
 * Web Worker: parses a result GLB (docs/results-format.md) off the main thread with the engine's
 * reference reader and hands the typed arrays back by transfer, so a large data layer never blocks
 * the viewer's frames.
 */
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { transferables, type DecodeRequest, type DecodeResponse, type DecodedLayer } from './decoded-layer.ts';
import { readResultGlbZeroCopy } from './zero-copy-glb.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeResponse, transfer?: Transferable[]): void;
};

scope.onmessage = async (event) => {
  const { id, bytes } = event.data;
  try {
    // Views into the received buffer when the file has the writer's plain layout; else the
    // reference reader (which copies, and words every error).
    let layer: DecodedLayer | null = readResultGlbZeroCopy(bytes);
    if (!layer) {
      const mesh = await readResultGlb(new Uint8Array(bytes));
      layer = { positions: mesh.positions, indices: mesh.indices, ...(mesh.lines ? { lines: mesh.lines } : {}), fields: mesh.fields, metadata: mesh.metadata };
    }
    scope.postMessage({ id, layer }, transferables(layer));
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
