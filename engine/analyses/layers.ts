/**
 * What an analysis hands back: one `AnalysisLayer` per output layer — the result mesh and metadata of
 * docs/results-format.md (written as one GLB) plus the few descriptive fields a layer list filters by
 * (SPEC §3 asset fields: season, time_range, single_date, wind_direction, qualifiers). The server turns
 * each into a blob and an `assets` row; the engine never does I/O.
 */
import type { ResultMeshInput, ResultMetadataInput } from '../results/glb.ts';

export interface AnalysisLayer {
  /** Unique within one analysis run and safe as a file name: "pct-sunlit.summer.daytime". */
  key: string;
  /** The asset's analysis_type (the metadata's `analysis`). */
  analysisType: string;
  metric: string;
  season?: { name: string };
  timeRange?: { name: string; start_time: string; end_time: string };
  singleDate?: string;
  windDirection?: string;
  qualifiers: Record<string, string>;
  showByDefault: boolean;
  /** The asset's layer_type (docs/results-format.md): 'data' when absent; 'arrows', 'volumetric'. */
  layerType?: 'data' | 'arrows' | 'volumetric';
  result: ResultMeshInput;
}

/** Where the numbers came from (docs/results-format.md, `provenance`). */
export type Provenance = ResultMetadataInput['provenance'];

/** The mesh every layer of an analysis is written on: presentation-plane points and triangles. */
export interface ResultSurface {
  positions: Float32Array;
  indices?: Uint32Array;
}

/** Field name for an exceedance column: 2.5 m/s → "exceedance_2p5ms" (glTF-safe characters only). */
export function exceedanceFieldName(thresholdMs: number): string {
  return `exceedance_${String(thresholdMs).replace('.', 'p')}ms`;
}

/** Splits [0, count) into consecutive ranges of at most `size` (at least one range when count > 0). */
export function chunkRanges(count: number, size: number): Array<[number, number]> {
  if (!(size >= 1)) throw new RangeError('chunk size must be at least 1');
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < count; start += size) ranges.push([start, Math.min(count, start + size)]);
  return ranges;
}

/**
 * Joins the outputs of consecutive point chunks into one: every Float32Array leaf (one value per
 * point) is concatenated in chunk order; arrays and objects around the leaves must have the same
 * shape in every chunk (they do: the same settings produce them).
 */
export function concatChunks<T>(parts: readonly T[]): T {
  if (parts.length === 0) throw new RangeError('concatChunks: no chunks');
  return join(parts as readonly unknown[]) as T;
}

function join(parts: readonly unknown[]): unknown {
  const first = parts[0];
  if (first instanceof Float32Array) {
    const leaves = parts as readonly Float32Array[];
    const out = new Float32Array(leaves.reduce((sum, leaf) => sum + leaf.length, 0));
    let offset = 0;
    for (const leaf of leaves) {
      out.set(leaf, offset);
      offset += leaf.length;
    }
    return out;
  }
  if (Array.isArray(first)) return first.map((_, i) => join(parts.map((part) => (part as unknown[])[i])));
  if (first !== null && typeof first === 'object') {
    return Object.fromEntries(Object.keys(first).map((key) => [key, join(parts.map((part) => (part as Record<string, unknown>)[key]))]));
  }
  return first; // scalars are the same in every chunk
}
