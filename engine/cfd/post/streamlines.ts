/**
 * Streamlines of a time-mean velocity field on a regular world-axis grid (the `field` a direction
 * run writes): second-order Runge–Kutta (midpoint) steps of a fixed length through trilinearly
 * interpolated velocity, stopped at the grid's edge, in stagnant air or solids (zero velocity),
 * or after a maximum length. Seeds: upwind of the region of interest across the wind, and at the
 * pedestrian points with the highest speed-up.
 */
import type { FieldGrid } from '../run/direction.ts';

export interface Streamline {
  /** xyz per vertex, world coordinates, m. */
  points: Float32Array;
  /** Speed ratio at each vertex. */
  speedRatio: Float32Array;
}

function sample(field: Float32Array, grid: FieldGrid, x: number, y: number, z: number, out: Float64Array): boolean {
  const { originM, spacingM, dims } = grid;
  const fx = (x - originM[0]) / spacingM,
    fy = (y - originM[1]) / spacingM,
    fz = (z - originM[2]) / spacingM;
  if (fx < 0 || fy < 0 || fz < 0 || fx > dims[0] - 1 || fy > dims[1] - 1 || fz > dims[2] - 1) return false;
  const i = Math.min(dims[0] - 2, Math.floor(fx)),
    j = Math.min(dims[1] - 2, Math.floor(fy)),
    k = Math.min(dims[2] - 2, Math.floor(fz));
  const tx = fx - i,
    ty = fy - j,
    tz = fz - k;
  out[0] = out[1] = out[2] = 0;
  for (let c = 0; c < 8; c++) {
    const di = c & 1,
      dj = (c >> 1) & 1,
      dk = (c >> 2) & 1;
    const w = (di ? tx : 1 - tx) * (dj ? ty : 1 - ty) * (dk ? tz : 1 - tz);
    const at = 3 * (i + di + dims[0] * (j + dj + dims[1] * (k + dk)));
    out[0] += w * field[at];
    out[1] += w * field[at + 1];
    out[2] += w * field[at + 2];
  }
  return true;
}

export interface TraceOptions {
  /** Step length, m (default half the grid spacing). */
  stepM?: number;
  maxLengthM?: number;
  /** Stop below this speed ratio (stagnant air, inside solids). */
  minSpeedRatio?: number;
}

export function traceStreamlines(field: Float32Array, grid: FieldGrid, seeds: ArrayLike<number>, options: TraceOptions = {}): Streamline[] {
  const step = options.stepM ?? grid.spacingM / 2;
  const maxSteps = Math.ceil((options.maxLengthM ?? 600) / step);
  const minSpeed = options.minSpeedRatio ?? 0.05;
  const v = new Float64Array(3),
    mid = new Float64Array(3);
  const lines: Streamline[] = [];
  for (let s = 0; s + 2 < seeds.length; s += 3) {
    let x = seeds[s],
      y = seeds[s + 1],
      z = seeds[s + 2];
    const pts: number[] = [],
      speeds: number[] = [];
    for (let n = 0; n < maxSteps; n++) {
      if (!sample(field, grid, x, y, z, v)) break;
      const sp = Math.hypot(v[0], v[1], v[2]);
      if (sp < minSpeed) break;
      pts.push(x, y, z);
      speeds.push(sp);
      const h = step / sp;
      if (!sample(field, grid, x + 0.5 * h * v[0], y + 0.5 * h * v[1], z + 0.5 * h * v[2], mid)) break;
      const spm = Math.hypot(mid[0], mid[1], mid[2]);
      if (spm < minSpeed) break;
      const hm = step / spm;
      x += hm * mid[0];
      y += hm * mid[1];
      z = Math.max(0.5, z + hm * mid[2]);
    }
    if (pts.length >= 6) lines.push({ points: Float32Array.from(pts), speedRatio: Float32Array.from(speeds) });
  }
  return lines;
}

/**
 * Seeds: a line across the wind upstream of the region of interest at the given heights, and the
 * `fastest` pedestrian points with the highest speed ratio.
 */
export function streamlineSeeds(
  windFromDeg: number,
  centre: [number, number],
  radiusM: number,
  heightsM: readonly number[],
  pedestrian: { points: ArrayLike<number>; speedRatio: ArrayLike<number> },
  { across = 12, fastest = 12 } = {},
): Float64Array {
  const rad = (windFromDeg * Math.PI) / 180;
  // Unit vector pointing upwind (where the wind comes from) and one across it.
  const upX = Math.sin(rad),
    upY = Math.cos(rad);
  const acX = Math.cos(rad),
    acY = -Math.sin(rad);
  const out: number[] = [];
  for (const z of heightsM) {
    for (let a = 0; a < across; a++) {
      const t = ((a + 0.5) / across) * 2 - 1;
      out.push(centre[0] + upX * radiusM + acX * t * radiusM, centre[1] + upY * radiusM + acY * t * radiusM, z);
    }
  }
  const order = Array.from({ length: pedestrian.speedRatio.length }, (_, i) => i).sort((a, b) => pedestrian.speedRatio[b] - pedestrian.speedRatio[a]);
  for (const p of order.slice(0, fastest)) out.push(pedestrian.points[3 * p], pedestrian.points[3 * p + 1], pedestrian.points[3 * p + 2]);
  return Float64Array.from(out);
}
