/**
 * The project's surroundings (buildings generated from OpenStreetMap, engine/geometry/osm) made
 * ready for one scenario: OpenStreetMap usually maps the building that stands on the site too — the
 * existing one the study replaces, or the study itself once built. Kept, it would sit inside or
 * across the study geometry, shade it twice and fill the pedestrian plane, so every mapped building
 * whose footprint overlaps the study's plan is left out, as an engineer would delete it by hand.
 *
 * Overlap, in plan: a study vertex inside the footprint, or a footprint corner inside the study's
 * solids at 1 m above their lowest point (parity test, closed meshes).
 */
import { isInsideSoup } from '../mesh/point-in-solid.ts';
import { boundsOf } from '../mesh/bounds.ts';
import { pointInPolygon } from '../osm/rings.ts';

type Point2 = readonly [number, number];

export interface SurroundsMesh {
  positions: Float32Array;
  indices: Uint32Array;
  /** Per vertex: 0 ground slab, 1 building. */
  role: Float32Array;
  /** Per vertex: index into the footprints, −1 for the ground. */
  building: Float32Array;
}

export interface SiteSurrounds {
  positions: Float32Array;
  indices: Uint32Array;
  /** Triangle soups split by what they are: the ground slab, and the buildings kept. */
  groundSoup: Float32Array;
  buildingSoup: Float32Array;
  /** Footprint indices left out because they overlap the study. */
  removed: number[];
  kept: number;
}

function overlapsStudy(outer: readonly Point2[], study: Float32Array, studyVertices: ReadonlyArray<Point2>, probeZ: number): boolean {
  if (studyVertices.some((v) => pointInPolygon(v as [number, number], outer as [number, number][]))) return true;
  return outer.some(([x, y]) => isInsideSoup(study, undefined, x, y, probeZ));
}

export function surroundsForSite(mesh: SurroundsMesh, footprints: ReadonlyArray<{ outer: readonly Point2[] }>, study: Float32Array): SiteSurrounds {
  const removed = new Set<number>();
  if (study.length >= 9) {
    const bounds = boundsOf(study);
    const probeZ = bounds.min[2] + 1;
    // Distinct plan vertices of the study; only footprints whose box meets the study's box are tested.
    const seen = new Set<string>();
    const vertices: Point2[] = [];
    for (let i = 0; i < study.length; i += 3) {
      const key = `${study[i]},${study[i + 1]}`;
      if (!seen.has(key)) {
        seen.add(key);
        vertices.push([study[i]!, study[i + 1]!]);
      }
    }
    footprints.forEach((footprint, index) => {
      const xs = footprint.outer.map((p) => p[0]);
      const ys = footprint.outer.map((p) => p[1]);
      if (Math.max(...xs) < bounds.min[0] || Math.min(...xs) > bounds.max[0] || Math.max(...ys) < bounds.min[1] || Math.min(...ys) > bounds.max[1]) return;
      if (overlapsStudy(footprint.outer, study, vertices, probeZ)) removed.add(index);
    });
  }

  const keptIndices: number[] = [];
  const ground: number[] = [];
  const buildings: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const a = mesh.indices[t]!;
    if (mesh.role[a] === 1 && removed.has(Math.round(mesh.building[a]!))) continue;
    keptIndices.push(a, mesh.indices[t + 1]!, mesh.indices[t + 2]!);
    const target = mesh.role[a] === 0 ? ground : buildings;
    for (const v of [a, mesh.indices[t + 1]!, mesh.indices[t + 2]!])
      target.push(mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!);
  }
  // Vertices of the removed buildings are dropped too, so the stored mesh carries nothing unused.
  const remap = new Int32Array(mesh.positions.length / 3).fill(-1);
  const positions: number[] = [];
  const indices = keptIndices.map((v) => {
    if (remap[v] === -1) {
      remap[v] = positions.length / 3;
      positions.push(mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!);
    }
    return remap[v]!;
  });
  return {
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
    groundSoup: Float32Array.from(ground),
    buildingSoup: Float32Array.from(buildings),
    removed: [...removed].sort((a, b) => a - b),
    kept: footprints.length - removed.size,
  };
}
