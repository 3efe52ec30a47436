/**
 * A generated pedestrian plane: the usual analysis surface of a microclimate study — a
 * regular grid of points at pedestrian height (default 1.5 m above the ground) over the site,
 * leaving out points inside buildings or closer to them than a clearance, joined into a triangle
 * mesh (one result value per vertex) — for scenarios whose user uploads no presentation plane.
 *
 * The site is the study geometry's plan extent grown by a margin. "Inside a building" is the parity
 * of an upward vertical ray's crossings with the closed building meshes (study and surroundings), so
 * a point under a canopy or an overhang stays — a pedestrian stands there — while one inside a
 * wall does not. The clearance is tested at eight points around each grid point. Heights follow the
 * ground mesh where there is one (terrain); without one the ground is z = 0 (DOMAIN.md §5: the
 * origin is at ground level).
 */
import { groundHeightSampler } from '../mesh/ground-height.ts';
import { isInsideSoup } from '../mesh/point-in-solid.ts';
import { boxCells, buildTriangleGrid } from '../mesh/triangle-grid.ts';
import { boundsOf, isEmptyBounds } from '../mesh/bounds.ts';

export const DEFAULT_PLANE_HEIGHT_M = 1.5;
export const DEFAULT_PLANE_SPACING_M = 2;
export const DEFAULT_PLANE_MARGIN_M = 40;
export const DEFAULT_PLANE_CLEARANCE_M = 0.5;
/** Beyond this many points a plane is too heavy to compute and draw well: ask for a wider spacing. */
export const MAX_PLANE_POINTS = 250_000;

export interface PedestrianPlaneInput {
  /** Triangle soup of the study buildings (closed meshes): their plan extent defines the site. */
  study: Float32Array;
  /** Triangle soup of every other closed obstacle points must not lie in (surrounding buildings, mitigations). */
  obstacles?: Float32Array;
  /** Triangle soup of the ground (terrain); absent or empty: flat ground at z = 0. */
  ground?: Float32Array;
  heightM?: number;
  spacingM?: number;
  /** How far beyond the study's plan extent the plane reaches, metres. */
  marginM?: number;
  clearanceM?: number;
}

export interface PedestrianPlane {
  /** xyz per point. */
  positions: Float32Array;
  /** Counter-clockwise (seen from above) triangles joining neighbouring points. */
  indices: Uint32Array;
  /** Points left out because they were in or too close to a building, or off the ground. */
  removed: number;
  extent: { minX: number; minY: number; maxX: number; maxY: number };
  heightM: number;
  spacingM: number;
}

export class PlaneError extends Error {
  constructor(
    readonly field: 'height_m' | 'spacing_m' | 'margin_m' | 'study',
    message: string,
  ) {
    super(message);
    this.name = 'PlaneError';
  }
}

function concat(parts: ReadonlyArray<Float32Array | undefined>): Float32Array {
  const present = parts.filter((p): p is Float32Array => p !== undefined && p.length > 0);
  const out = new Float32Array(present.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of present) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Parity test against a soup through a planar grid of its triangles (only those over the point). */
function insideTester(soup: Float32Array): (x: number, y: number, z: number) => boolean {
  if (soup.length < 9) return () => false;
  const grid = buildTriangleGrid(soup, { planar: true });
  const range = new Int32Array(6);
  return (x, y, z) => {
    if (!boxCells(grid, x, y, 0, x, y, 0, range)) return false;
    const cell = range[1] * grid.nx + range[0];
    const candidates = grid.items.subarray(grid.cellStart[cell], grid.cellStart[cell + 1]);
    return candidates.length > 0 && isInsideSoup(soup, candidates, x, y, z);
  };
}

export function pedestrianPlane(input: PedestrianPlaneInput): PedestrianPlane {
  const height = input.heightM ?? DEFAULT_PLANE_HEIGHT_M;
  const spacing = input.spacingM ?? DEFAULT_PLANE_SPACING_M;
  const margin = input.marginM ?? DEFAULT_PLANE_MARGIN_M;
  const clearance = input.clearanceM ?? DEFAULT_PLANE_CLEARANCE_M;
  if (!(height > 0)) throw new PlaneError('height_m', 'The plane height must be greater than 0 m.');
  if (!(spacing > 0)) throw new PlaneError('spacing_m', 'The point spacing must be greater than 0 m.');
  if (!(margin >= 0)) throw new PlaneError('margin_m', 'The margin must be 0 m or more.');
  const studyBounds = boundsOf(input.study);
  if (input.study.length < 9 || isEmptyBounds(studyBounds)) throw new PlaneError('study', 'The study geometry has no triangles to put a plane around.');

  const extent = {
    minX: studyBounds.min[0] - margin,
    minY: studyBounds.min[1] - margin,
    maxX: studyBounds.max[0] + margin,
    maxY: studyBounds.max[1] + margin,
  };
  const columns = Math.floor((extent.maxX - extent.minX) / spacing) + 1;
  const rows = Math.floor((extent.maxY - extent.minY) / spacing) + 1;
  if (columns * rows > MAX_PLANE_POINTS) {
    throw new PlaneError(
      'spacing_m',
      `A ${spacing} m spacing over ${Math.round(extent.maxX - extent.minX)} m × ${Math.round(extent.maxY - extent.minY)} m makes ${columns * rows} points (at most ${MAX_PLANE_POINTS}): choose a wider spacing or a smaller margin.`,
    );
  }

  const inside = insideTester(concat([input.study, input.obstacles]));
  const ground = input.ground && input.ground.length >= 9 ? groundHeightSampler(input.ground) : null;
  // Eight directions around a point at the clearance distance.
  const ring: Array<[number, number]> = [];
  for (let k = 0; k < 8; k++) ring.push([Math.cos((k * Math.PI) / 4) * clearance, Math.sin((k * Math.PI) / 4) * clearance]);

  const indexOfCell = new Int32Array(columns * rows).fill(-1);
  const coordinates: number[] = [];
  let removed = 0;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const x = extent.minX + c * spacing;
      const y = extent.minY + r * spacing;
      const base = ground ? ground.at(x, y) : 0;
      if (Number.isNaN(base)) {
        removed++;
        continue;
      }
      const z = base + height;
      if (inside(x, y, z) || (clearance > 0 && ring.some(([dx, dy]) => inside(x + dx, y + dy, z)))) {
        removed++;
        continue;
      }
      indexOfCell[r * columns + c] = coordinates.length / 3;
      coordinates.push(x, y, z);
    }

  const triangles: number[] = [];
  for (let r = 0; r + 1 < rows; r++)
    for (let c = 0; c + 1 < columns; c++) {
      const a = indexOfCell[r * columns + c]!;
      const b = indexOfCell[r * columns + c + 1]!;
      const d = indexOfCell[(r + 1) * columns + c]!;
      const e = indexOfCell[(r + 1) * columns + c + 1]!;
      // Counter-clockwise from above; keep whichever halves of the cell have all three corners.
      if (a >= 0 && b >= 0 && e >= 0) triangles.push(a, b, e);
      else if (a >= 0 && b >= 0 && d >= 0) triangles.push(a, b, d);
      if (a >= 0 && e >= 0 && d >= 0) triangles.push(a, e, d);
      else if (b >= 0 && e >= 0 && d >= 0) triangles.push(b, e, d);
    }

  return { positions: Float32Array.from(coordinates), indices: Uint32Array.from(triangles), removed, extent, heightM: height, spacingM: spacing };
}
