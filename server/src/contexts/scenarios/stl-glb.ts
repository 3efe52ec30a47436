/**
 * One uploaded STL as the scenario's geometry GLB: parsed, corners welded exactly, written in the
 * results format with no fields. Pure CPU work on bytes, so an approval runs it in the heavy-work
 * pool (scenarios/heavy-tasks.ts 'geometry.stlToGlb'): a 200,000-triangle file is seconds of work that
 * would otherwise stop every other request (the 200-user load test
 * measured approvals at p50 64 s with it on the request thread).
 */
import { parseStl, weldVertices } from '@canopy/engine/geometry/index.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';

export interface StlGlb {
  /** The triangle soup (the site geometry clips the pedestrian plane around it). */
  soup: Float32Array;
  glb: Uint8Array;
}

/** A triangle soup as an indexed mesh, corners shared exactly. */
export function indexedMesh(soup: Float32Array): { positions: Float32Array; indices: Uint32Array } {
  const welded = weldVertices(soup, 0);
  return { positions: welded.vertices.slice(0, welded.vertexCount * 3), indices: welded.indices };
}

/** A mesh as a geometry GLB: the results format with no fields (docs/results-format.md). */
export function geometryGlb(
  mesh: { positions: Float32Array; indices: Uint32Array },
  provenance: { engine: string; version: string; [key: string]: unknown },
): Promise<Uint8Array> {
  return writeResultGlb({
    positions: mesh.positions,
    indices: mesh.indices,
    fields: {},
    metadata: { analysis: 'geometry', metric: 'geometry', units: 'm', provenance },
  });
}

export async function stlToGeometryGlb(bytes: Uint8Array, provenance: { engine: string; version: string; [key: string]: unknown }): Promise<StlGlb> {
  const soup = parseStl(bytes).positions;
  return { soup, glb: await geometryGlb(indexedMesh(soup), provenance) };
}
