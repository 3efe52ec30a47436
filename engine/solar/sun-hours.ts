/**
 * Direct-sun exposure of analysis points by ray casting against the merged scenario geometry
 * (three-mesh-bvh). A point is sun-lit in an hour when the sun is above the horizon, the point's
 * surface faces it (when a normal is given) and the ray from the point towards the sun meets no
 * triangle (DOMAIN.md §4). Clear sky is assumed: this is geometry, not weather.
 *
 * Axes: x = east, y = north, z = up (metres), the convention of `sun-position.ts`.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Ray } from 'three';
import { CENTER, MeshBVH, SAH } from 'three-mesh-bvh';
import { localStandardTime, type SunDirection } from './sun-directions.ts';
import { sunPositionFast, sunVector, type SunPositionOptions } from './sun-position.ts';

export type { SunDirection };

export interface SceneBvhOptions {
  /** 'sah' (default): slower build, ~35 % faster rays; 'center' for very large uploads. */
  strategy?: 'sah' | 'center';
}

/** Builds a BVH over triangle soup (xyz × 3 per triangle, metres, world axes). */
export function buildSceneBvh(triangles: Float32Array, options: SceneBvhOptions = {}): MeshBVH {
  if (triangles.length % 9 !== 0) throw new RangeError('buildSceneBvh: triangles must hold 9 numbers per triangle');
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(triangles, 3));
  const vertexCount = triangles.length / 3;
  geometry.setIndex(
    new BufferAttribute(
      Uint32Array.from({ length: vertexCount }, (_, i) => i),
      1,
    ),
  );
  return new MeshBVH(geometry, { strategy: options.strategy === 'center' ? CENTER : SAH });
}

export interface RayOptions {
  /**
   * Ray origins are lifted this far along the point's normal (or +Z without normals) so a point
   * lying on a surface does not hit that surface itself. Default 0.01 m.
   */
  offsetM?: number;
}

function checkPoints(points: Float32Array, normals: Float32Array | undefined): number {
  if (points.length % 3 !== 0) throw new RangeError('points must hold xyz per point');
  if (normals && normals.length !== points.length) throw new RangeError('normals must have one xyz per point');
  return points.length / 3;
}

/**
 * 1 where point p sees the sun along direction d, else 0: a points × directions matrix (row-major
 * per point). Directions with z ≤ 0 (sun below the horizon) are always 0; with normals, so are
 * directions the surface faces away from.
 */
export function sunlitMatrix(
  points: Float32Array,
  normals: Float32Array | undefined,
  sunDirections: readonly SunDirection[],
  bvh: MeshBVH,
  options: RayOptions = {},
): Uint8Array {
  const count = checkPoints(points, normals);
  const offset = options.offsetM ?? 0.01;
  const directionCount = sunDirections.length;
  const lit = new Uint8Array(count * directionCount);
  const ray = new Ray();
  for (let p = 0; p < count; p++) {
    const nx = normals ? normals[p * 3] : 0;
    const ny = normals ? normals[p * 3 + 1] : 0;
    const nz = normals ? normals[p * 3 + 2] : 1;
    const ox = points[p * 3] + nx * offset;
    const oy = points[p * 3 + 1] + ny * offset;
    const oz = points[p * 3 + 2] + nz * offset;
    for (let d = 0; d < directionCount; d++) {
      const vector = sunDirections[d].vector;
      if (!(vector[2] > 0)) continue;
      // A surface that faces away from the sun is self-shaded whatever the surroundings.
      if (normals && nx * vector[0] + ny * vector[1] + nz * vector[2] <= 0) continue;
      ray.origin.set(ox, oy, oz);
      ray.direction.set(vector[0], vector[1], vector[2]);
      if (bvh.raycastFirst(ray, DoubleSide) === null) lit[p * directionCount + d] = 1;
    }
  }
  return lit;
}

/**
 * Share (0–1) of the total direction weight in which each point sees the sun. Directions with
 * z ≤ 0 (below the horizon) count in the total and never light a point.
 */
export function sunlitFraction(
  points: Float32Array,
  normals: Float32Array | undefined,
  sunDirections: readonly SunDirection[],
  bvh: MeshBVH,
  options: RayOptions = {},
): Float32Array {
  let totalWeight = 0;
  for (const direction of sunDirections) totalWeight += direction.weight;
  // Directions that can never light anything are left out of the ray casting, not of the total.
  const castable = sunDirections.filter((d) => d.vector[2] > 0 && d.weight > 0);
  const lit = sunlitMatrix(points, normals, castable, bvh, options);
  const count = points.length / 3;
  const result = new Float32Array(count);
  if (totalWeight <= 0) return result;
  for (let p = 0; p < count; p++) {
    let sum = 0;
    for (let d = 0; d < castable.length; d++) if (lit[p * castable.length + d]) sum += castable[d].weight;
    result[p] = sum / totalWeight;
  }
  return result;
}

export interface SunHoursOnDateOptions extends SunPositionOptions, RayOptions {
  latitudeDeg: number;
  longitudeDeg: number;
  /** Local standard time offset from UTC, hours (EPW header's time zone; no daylight saving). */
  utcOffsetHours: number;
  year: number;
  month: number;
  day: number;
  /** Window start and end, local standard hours (default 0 and 24). */
  startHour?: number;
  endHour?: number;
  /** Sampling interval, minutes (the scenario's minute interval; default 15). */
  minuteInterval?: number;
}

/**
 * Clear-sky hours of direct sun on one date over a time window: the window is cut into
 * `minuteInterval` steps, the sun is placed at each step's midpoint, and each lit step adds
 * minuteInterval / 60 hours.
 */
export function sunHoursOnDate(points: Float32Array, normals: Float32Array | undefined, bvh: MeshBVH, options: SunHoursOnDateOptions): Float32Array {
  const startHour = options.startHour ?? 0;
  const endHour = options.endHour ?? 24;
  const interval = options.minuteInterval ?? 15;
  if (!(interval > 0)) throw new RangeError('sunHoursOnDate: minuteInterval must be positive');
  if (!(endHour > startHour)) throw new RangeError('sunHoursOnDate: endHour must be after startHour');
  const steps = Math.floor(((endHour - startHour) * 60) / interval + 1e-9);
  const directions: SunDirection[] = [];
  for (let k = 0; k < steps; k++) {
    const hours = startHour + ((k + 0.5) * interval) / 60;
    const instant = localStandardTime(options.year, options.month, options.day, hours, options.utcOffsetHours);
    const sun = sunPositionFast(instant, options.latitudeDeg, options.longitudeDeg, options);
    directions.push({ vector: sunVector(sun.azimuthDeg, sun.elevationDeg), weight: 1 });
  }
  const fraction = sunlitFraction(points, normals, directions, bvh, options);
  const hoursPerStep = interval / 60;
  for (let p = 0; p < fraction.length; p++) fraction[p] = Math.round(fraction[p] * steps) * hoursPerStep;
  return fraction;
}
