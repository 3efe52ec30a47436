/**
 * The project's surroundings (buildings generated from OpenStreetMap, engine/geometry/osm) made
 * ready for one scenario: OpenStreetMap usually maps the building that stands on the site too — the
 * existing one the study replaces, or the study itself once built. Kept, it would sit inside or
 * across the study geometry, shade it twice and fill the pedestrian plane, so every mapped building
 * whose footprint overlaps the study's plan is left out, as an engineer would delete it by hand.
 *
 * Overlap, in plan: a study vertex inside the footprint, or a footprint corner inside the study's
 * solids at 1 m above their lowest point (parity test, closed meshes).
 *
 * The trees and green areas mapped with the surroundings (role 2) come out apart, as the scenario's
 * landscaping, less those standing on the study by the same test: the solver treats landscaping as
 * porous and buildings as solid, so the two never share a mesh.
 */
import { isInsideSoup } from '../mesh/point-in-solid.ts';
import { boundsOf } from '../mesh/bounds.ts';
import { pointInPolygon } from '../osm/rings.ts';

type Point2 = readonly [number, number];

export interface SurroundsMesh {
  positions: Float32Array;
  indices: Uint32Array;
  /** Per vertex: 0 ground slab, 1 building, 2 landscaping. */
  role: Float32Array;
  /** Per vertex: index into the footprints (role 1) or the landscaping (role 2), −1 for the ground. */
  building: Float32Array;
}

/** An indexed mesh with only the vertices its triangles use. */
interface PlainMesh {
  positions: Float32Array;
  indices: Uint32Array;
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
  /** The landscaping kept (role 2), its triangle soup, and how many features stand clear of the study. */
  landscaping: PlainMesh;
  landscapingSoup: Float32Array;
  landscapingKept: number;
  /** Landscaping indices left out because they stand on the study. */
  removedLandscaping: number[];
}

type Outline = { outer: readonly Point2[] };

/** Which outlines overlap the study (indices), tested only where the outline's box meets the study's. */
function overlapping(outlines: readonly Outline[], study: Float32Array): Set<number> {
  const removed = new Set<number>();
  if (study.length < 9) return removed;
  const bounds = boundsOf(study);
  const probeZ = bounds.min[2] + 1;
  // Distinct plan vertices of the study.
  const seen = new Set<string>();
  const vertices: Point2[] = [];
  for (let i = 0; i < study.length; i += 3) {
    const key = `${study[i]},${study[i + 1]}`;
    if (!seen.has(key)) {
      seen.add(key);
      vertices.push([study[i]!, study[i + 1]!]);
    }
  }
  outlines.forEach((outline, index) => {
    const xs = outline.outer.map((p) => p[0]);
    const ys = outline.outer.map((p) => p[1]);
    if (Math.max(...xs) < bounds.min[0] || Math.min(...xs) > bounds.max[0] || Math.max(...ys) < bounds.min[1] || Math.min(...ys) > bounds.max[1]) return;
    if (overlapsStudy(outline.outer, study, vertices, probeZ)) removed.add(index);
  });
  return removed;
}

/** The triangles picked out of the mesh, with only the vertices they use. */
function compact(mesh: SurroundsMesh, triangles: readonly number[]): PlainMesh {
  const remap = new Int32Array(mesh.positions.length / 3).fill(-1);
  const positions: number[] = [];
  const indices = triangles.map((v) => {
    if (remap[v] === -1) {
      remap[v] = positions.length / 3;
      positions.push(mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!);
    }
    return remap[v]!;
  });
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

function overlapsStudy(outer: readonly Point2[], study: Float32Array, studyVertices: ReadonlyArray<Point2>, probeZ: number): boolean {
  if (studyVertices.some((v) => pointInPolygon(v as [number, number], outer as [number, number][]))) return true;
  return outer.some(([x, y]) => isInsideSoup(study, undefined, x, y, probeZ));
}

export function surroundsForSite(
  mesh: SurroundsMesh,
  footprints: readonly Outline[],
  study: Float32Array,
  landscaping: readonly Outline[] = [],
): SiteSurrounds {
  const removed = overlapping(footprints, study);
  const removedGreen = overlapping(landscaping, study);

  const keptIndices: number[] = [];
  const greenIndices: number[] = [];
  const ground: number[] = [];
  const buildings: number[] = [];
  const green: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const a = mesh.indices[t]!;
    const role = mesh.role[a];
    const feature = Math.round(mesh.building[a]!);
    if (role === 1 && removed.has(feature)) continue;
    if (role === 2 && removedGreen.has(feature)) continue;
    const triangle = [a, mesh.indices[t + 1]!, mesh.indices[t + 2]!];
    (role === 2 ? greenIndices : keptIndices).push(...triangle);
    const target = role === 0 ? ground : role === 2 ? green : buildings;
    for (const v of triangle) target.push(mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!);
  }
  // Vertices of what was left out are dropped too, so the stored meshes carry nothing unused.
  const kept = compact(mesh, keptIndices);
  return {
    positions: kept.positions,
    indices: kept.indices,
    groundSoup: Float32Array.from(ground),
    buildingSoup: Float32Array.from(buildings),
    removed: [...removed].sort((a, b) => a - b),
    kept: footprints.length - removed.size,
    landscaping: compact(mesh, greenIndices),
    landscapingSoup: Float32Array.from(green),
    landscapingKept: landscaping.length - removedGreen.size,
    removedLandscaping: [...removedGreen].sort((a, b) => a - b),
  };
}
