/**
 * Hour-by-hour sun-lit answers for many points from grouped rays, with edge refinement.
 *
 * A year has ~4,400 daylight hours but only a few hundred distinct sun directions at a 2° grouping
 * (`groupSunDirections`). Casting one ray per group answers most hours exactly; the answer can only
 * be wrong for hours whose group sits on a shadow edge as seen from the point. So, per point:
 *   1. cast one ray per group;
 *   2. a group whose lit/shaded answer differs from any neighbouring group's (within
 *      `neighbourRadiusFactor` × the cell size) lies on a shadow edge: cast one exact ray per hour
 *      of that group instead.
 * On the demo district this casts ~1,200 rays per point instead of ~4,400 and agrees with one exact
 * ray per hour on > 99.9 % of point-hours (tests/bench/sun-hours.bench.ts), where plain grouping
 * agrees on ~99.2 %.
 * Limitation: a gap or an obstacle narrower than about one group cell as seen from the point (e.g.
 * a slot between two buildings far away) can fall between group rays and go unnoticed for the
 * hours of those groups; set `quantisationDeg: 0` for one exact ray per hour.
 */
import { Ray, DoubleSide } from 'three';
import type { MeshBVH } from 'three-mesh-bvh';
import { DEFAULT_QUANTISATION_DEG, groupSunDirections } from './sun-directions.ts';

export interface GroupedRayOptions {
  /** Grouping cell, degrees (default `DEFAULT_QUANTISATION_DEG` = 2). */
  quantisationDeg?: number;
  /** Re-cast the hours of groups on a shadow edge one by one (default true). */
  refineEdges?: boolean;
  /** Groups closer than this many cells are neighbours for edge detection (default 2). */
  neighbourRadiusFactor?: number;
  /** Ray origin offset along the normal (or +Z), metres (default 0.01). */
  offsetM?: number;
  /** Per-hour weights or a 0/1 window mask; hours with weight 0 are skipped (default all 1). */
  hourWeights?: ArrayLike<number>;
}

interface Plan {
  hours: number;
  directions: { vector: readonly [number, number, number]; weight: number }[];
  groupOf: Int32Array;
  /** Member hours per group. */
  members: number[][];
  /** Neighbouring groups per group (above-horizon groups only). */
  neighbours: number[][];
}

function plan(hourVectors: Float32Array, options: GroupedRayOptions): Plan {
  if (hourVectors.length % 3 !== 0) throw new RangeError('hourVectors must hold xyz per hour');
  const hours = hourVectors.length / 3;
  if (options.hourWeights && options.hourWeights.length !== hours) throw new RangeError('hourWeights must have one value per hour');
  const quantisationDeg = options.quantisationDeg ?? DEFAULT_QUANTISATION_DEG;
  const { directions, groupOf } = groupSunDirections(hourVectors, options.hourWeights, quantisationDeg);
  const members: number[][] = directions.map(() => []);
  for (let h = 0; h < hours; h++) if (groupOf[h] >= 0) members[groupOf[h]].push(h);
  const neighbours: number[][] = directions.map(() => []);
  if ((options.refineEdges ?? true) && quantisationDeg > 0) {
    const limit = Math.cos(((options.neighbourRadiusFactor ?? 2) * quantisationDeg * Math.PI) / 180);
    for (let a = 0; a < directions.length; a++) {
      const u = directions[a].vector;
      if (!(u[2] > 0)) continue;
      for (let b = a + 1; b < directions.length; b++) {
        const v = directions[b].vector;
        if (v[2] > 0 && u[0] * v[0] + u[1] * v[1] + u[2] * v[2] >= limit) {
          neighbours[a].push(b);
          neighbours[b].push(a);
        }
      }
    }
  }
  return { hours, directions, groupOf, members, neighbours };
}

/**
 * Runs the grouped-and-refined cast for each point and hands its per-hour answers (1 lit, 0 not,
 * for hours with weight; 0 otherwise) to `consume`. Returns the number of rays cast.
 */
function castPoints(
  points: Float32Array,
  normals: Float32Array | undefined,
  hourVectors: Float32Array,
  bvh: MeshBVH,
  options: GroupedRayOptions,
  consume: (point: number, litByHour: Uint8Array) => void,
): number {
  if (points.length % 3 !== 0) throw new RangeError('points must hold xyz per point');
  if (normals && normals.length !== points.length) throw new RangeError('normals must have one xyz per point');
  const p = plan(hourVectors, options);
  const offset = options.offsetM ?? 0.01;
  const groupCount = p.directions.length;
  const groupLit = new Uint8Array(groupCount);
  const litByHour = new Uint8Array(p.hours);
  const ray = new Ray();
  let rays = 0;

  for (let i = 0; i < points.length / 3; i++) {
    const nx = normals ? normals[i * 3] : 0;
    const ny = normals ? normals[i * 3 + 1] : 0;
    const nz = normals ? normals[i * 3 + 2] : 1;
    ray.origin.set(points[i * 3] + nx * offset, points[i * 3 + 1] + ny * offset, points[i * 3 + 2] + nz * offset);
    const origin = ray.origin.clone();
    // A direction lights the point if it is above the horizon, the surface faces it and no
    // triangle lies in the way.
    const sees = (x: number, y: number, z: number): boolean => {
      if (!(z > 0)) return false;
      if (normals && nx * x + ny * y + nz * z <= 0) return false;
      ray.origin.copy(origin);
      ray.direction.set(x, y, z);
      rays++;
      return bvh.raycastFirst(ray, DoubleSide) === null;
    };

    for (let g = 0; g < groupCount; g++) {
      const v = p.directions[g].vector;
      groupLit[g] = sees(v[0], v[1], v[2]) ? 1 : 0;
    }
    litByHour.fill(0);
    for (let g = 0; g < groupCount; g++) {
      const onEdge = p.neighbours[g].some((n) => groupLit[n] !== groupLit[g]);
      if (onEdge && p.members[g].length > 1) {
        for (const h of p.members[g]) litByHour[h] = sees(hourVectors[h * 3], hourVectors[h * 3 + 1], hourVectors[h * 3 + 2]) ? 1 : 0;
      } else if (groupLit[g]) {
        for (const h of p.members[g]) litByHour[h] = 1;
      }
    }
    consume(i, litByHour);
  }
  return rays;
}

/** points × hours matrix (row-major per point): 1 where the point sees the sun in that hour. */
export function sunlitByHour(
  points: Float32Array,
  normals: Float32Array | undefined,
  hourVectors: Float32Array,
  bvh: MeshBVH,
  options: GroupedRayOptions = {},
): { lit: Uint8Array; rays: number } {
  const hours = hourVectors.length / 3;
  const lit = new Uint8Array((points.length / 3) * hours);
  const rays = castPoints(points, normals, hourVectors, bvh, options, (point, row) => lit.set(row, point * hours));
  return { lit, rays };
}

/**
 * Share (0–1) of the weighted hours in which each point sees the sun — the "% sun-lit" of a
 * season × time window when `hourWeights` is the window's hour mask. Night hours count in the
 * total and are never lit.
 */
export function sunlitShare(
  points: Float32Array,
  normals: Float32Array | undefined,
  hourVectors: Float32Array,
  bvh: MeshBVH,
  options: GroupedRayOptions = {},
): Float32Array {
  const hours = hourVectors.length / 3;
  const weights = options.hourWeights;
  let total = 0;
  for (let h = 0; h < hours; h++) total += weights ? weights[h] : 1;
  const share = new Float32Array(points.length / 3);
  if (total <= 0) return share;
  castPoints(points, normals, hourVectors, bvh, options, (point, row) => {
    let sum = 0;
    for (let h = 0; h < hours; h++) if (row[h]) sum += weights ? weights[h] : 1;
    share[point] = sum / total;
  });
  return share;
}
