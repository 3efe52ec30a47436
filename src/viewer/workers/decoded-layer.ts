/**
 * A result GLB decoded for drawing: plain typed arrays that cross the worker boundary by transfer
 * (no copy), plus the metadata the scene needs for units and legends.
 */
import type { ResultMesh } from '@canopy/engine/results/glb.ts';

export interface DecodedLayer {
  positions: Float32Array;
  indices?: Uint32Array;
  /** Line segments (vertex index pairs) of a line layer, e.g. streamlines (docs/results-format.md "Line layers"). */
  lines?: Uint32Array;
  fields: Record<string, Float32Array>;
  metadata: ResultMesh['metadata'];
}

/** The buffers to hand over with postMessage: each distinct ArrayBuffer once. */
export function transferables(layer: DecodedLayer): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (array: Float32Array | Uint32Array | undefined) => {
    if (array && array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  };
  add(layer.positions);
  add(layer.indices);
  add(layer.lines);
  Object.values(layer.fields).forEach(add);
  return [...buffers];
}

export type DecodeRequest = { id: number; bytes: ArrayBuffer };
export type DecodeResponse = { id: number; layer: DecodedLayer } | { id: number; error: string };
