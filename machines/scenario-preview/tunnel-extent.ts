/**
 * The wind tunnel a CFD scenario will be computed in, drawn in site coordinates: the level-0 box of
 * the grid the server planned with the engine's own plan (engine/cfd planScene, returned by
 * POST cfd-estimate/ in the solver frame), turned to the chosen wind direction, and the study area —
 * the region of interest whose finest cells cover the study and the pedestrian points.
 *
 * The solver keeps its inflow on the −x face and turns the world instead (engine/cfd/geometry/rotate.ts),
 * so a box corner (sx, sy) of the solver frame is centre + vectorToWorld(frame, sx, sy) in the world.
 */
import { solverFrame, vectorToWorld } from '@canopy/engine/cfd/geometry/rotate.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';

export interface TunnelExtent {
  /** Along the wind, across it and high, m. */
  lengthM: number;
  widthM: number;
  heightM: number;
  windFromDeg: number;
  /** The study area: the region of interest's centre (site x, y) and radius, m. */
  centre: [number, number];
  studyRadiusM: number;
  /** The tunnel's twelve edges as line segments (xyz × 2 per edge), site metres. */
  tunnel: Float32Array;
  /** The study area's circle on the ground as line segments. */
  study: Float32Array;
}

/** Segments of the study circle: enough that a 1 km circle still looks round. */
const CIRCLE_SEGMENTS = 64;

/** The wind directions a scenario of `count` directions computes: evenly spaced from north, clockwise. */
export function windDirectionsOf(count: number): number[] {
  const n = Math.max(1, Math.round(count));
  return Array.from({ length: n }, (_, k) => Math.round(((360 * k) / n) * 10) / 10);
}

/** Null when the estimate does not say where its boxes lie (a plan recorded before it did). */
export function tunnelExtent(estimate: Pick<CfdEstimateResponse, 'levels' | 'region'>, windFromDeg: number): TunnelExtent | null {
  const box = estimate.levels[0];
  if (!box?.origin_m) return null;
  const [cx, cy] = estimate.region.centre;
  const frame = solverFrame(windFromDeg, cx, cy);
  const [x0, y0, z0] = box.origin_m;
  const x1 = x0 + box.nx * box.dx_m;
  const y1 = y0 + box.ny * box.dx_m;
  const z1 = z0 + box.nz * box.dx_m;
  const corner = (sx: number, sy: number): [number, number] => {
    const [dx, dy] = vectorToWorld(frame, sx, sy);
    return [cx + dx, cy + dy];
  };
  const ring = [corner(x0, y0), corner(x1, y0), corner(x1, y1), corner(x0, y1)];
  const tunnel: number[] = [];
  for (let i = 0; i < 4; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % 4]!;
    tunnel.push(a[0], a[1], z0, b[0], b[1], z0); // floor
    tunnel.push(a[0], a[1], z1, b[0], b[1], z1); // ceiling
    tunnel.push(a[0], a[1], z0, a[0], a[1], z1); // upright
  }
  const r = estimate.region.radius_m;
  const study: number[] = [];
  // Just above the ground, so the circle is not hidden in the ground plane.
  const zStudy = 0.2;
  for (let k = 0; k < CIRCLE_SEGMENTS; k++) {
    const a = (2 * Math.PI * k) / CIRCLE_SEGMENTS;
    const b = (2 * Math.PI * (k + 1)) / CIRCLE_SEGMENTS;
    study.push(cx + r * Math.cos(a), cy + r * Math.sin(a), zStudy, cx + r * Math.cos(b), cy + r * Math.sin(b), zStudy);
  }
  return {
    lengthM: x1 - x0,
    widthM: y1 - y0,
    heightM: z1 - z0,
    windFromDeg,
    centre: [cx, cy],
    studyRadiusM: r,
    tunnel: Float32Array.from(tunnel),
    study: Float32Array.from(study),
  };
}
