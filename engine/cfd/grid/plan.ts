/**
 * Grid plans: the nested level boxes of a run, in the solver frame (inflow along +x, the centre of
 * the region of interest at the origin), the same for every wind direction so one estimate holds
 * for all of them.
 *
 * Urban plan (after the COST 732 best-practice guideline, Franke et al. 2007, §5, with H the
 * tallest building): the context disk of radius R (surroundings cropped to it) sits in a level-0
 * domain reaching R + 5H upstream and sideways and R + 10H downstream, 6H high (at least 100 m);
 * each finer level halves the spacing over a box that shrinks towards the region of interest, the
 * finest covering the ROI disk plus a margin, from the ground to 1.5× the ROI's tallest building
 * (30–48 m).
 * The wake side of every refined box is longer than its upwind side.
 */
import { childBox, type LevelBox, type Placement } from './layout.ts';

export interface GridPlan {
  boxes: LevelBox[];
  placements: Placement[];
}

export interface UrbanPlanInput {
  /** Radius of the region of interest (finest cells), m. */
  roiRadiusM: number;
  /** Radius of the context disk (surroundings beyond it are left out), m. */
  contextRadiusM: number;
  /** Tallest building in the context, m. */
  maxHeightM: number;
  /** Tallest building in the region of interest, m. */
  roiMaxHeightM: number;
  /** Finest cell size, m (the tier: 4 m rapid, 2 m detailed). */
  finestDxM: number;
  /** Number of levels (default: enough for level 0 to be about 8× the finest). */
  levels?: number;
}

/**
 * The smallest building height the plan is laid out for: its distances (COST 732's multiples of H,
 * the 30–48 m finest box, the 100 m top) assume a city's buildings, and a lower scene is planned
 * as if its tallest building were this tall.
 */
export const PLANNED_HEIGHT_FLOOR_M = 20;

function align(v: number, dx: number, up: boolean): number {
  return (up ? Math.ceil(v / dx) : Math.floor(v / dx)) * dx;
}

/** Nested boxes from the finest extent outward; returns level 0 first. */
export function planUrbanGrid(input: UrbanPlanInput): GridPlan {
  const levels = input.levels ?? 4;
  const H = Math.max(PLANNED_HEIGHT_FLOOR_M, input.maxHeightM);
  const R = Math.max(input.contextRadiusM, input.roiRadiusM);
  const dx0 = input.finestDxM * 2 ** (levels - 1);
  // The finest cells reach 1.5× the region's tallest building, between 30 and 48 m (and at least
  // 8 cells): the pedestrian level and the downwash from the lower floors; taller parts of towers
  // sit in the next level's twice-larger cells.
  const roiTop = Math.max(8 * input.finestDxM, Math.min(48, Math.max(30, 1.5 * input.roiMaxHeightM)));
  // What each refined level wants (l = 1 … levels − 1), in metres from the centre.
  const wants = Array.from({ length: levels - 1 }, (_, i) => {
    const l = i + 1;
    const fromFinest = levels - 1 - l; // 0 for the finest level
    const grow = 2 ** fromFinest;
    const radius = input.roiRadiusM * (1 + 0.35 * fromFinest) + 6 * input.finestDxM * grow;
    return { x0: -radius, x1: radius * 1.25, y0: -radius, y1: radius, top: roiTop * grow };
  });
  // Level 0: COST 732's distances around the context, and in any case room for level 1 with four
  // coarse cells around it (three above) and the outflow sponge (a tenth of the length) clear of it; a small
  // scene (one building) would otherwise squeeze its refined boxes into a domain too short for them.
  const first = wants[0];
  const margin = 4 * dx0;
  const up = Math.max(R + 5 * H, first ? -first.x0 + margin : 0);
  const side = Math.max(R + 5 * H, first ? first.y1 + margin : 0);
  let down = Math.max(R + 10 * H, first ? first.x1 + margin : 0);
  if (first) down = Math.max(down, (first.x1 + margin + 0.1 * up) / 0.9);
  const x0 = align(-up, dx0, false),
    x1 = align(down, dx0, true);
  const y0 = align(-side, dx0, false),
    y1 = align(side, dx0, true);
  const top = align(Math.max(6 * H, 100, first ? Math.max(first.top / 0.7, first.top + 3 * dx0) : 0), dx0, true);
  const box0: LevelBox = { dxM: dx0, originM: [x0, y0, 0], nx: Math.round((x1 - x0) / dx0), ny: Math.round((y1 - y0) / dx0), nz: Math.round(top / dx0) };
  const boxes = [box0];
  const placements: Placement[] = [];
  for (let l = 1; l < levels; l++) {
    const parent = boxes[l - 1];
    const want = { ...wants[l - 1], top: Math.min(wants[l - 1].top, 0.7 * parent.nz * parent.dxM) };
    const dx = parent.dxM;
    const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
    const at: Placement = {
      ax: clamp(Math.floor((want.x0 - parent.originM[0]) / dx), 3, parent.nx - 7),
      bx: clamp(Math.ceil((want.x1 - parent.originM[0]) / dx), 7, parent.nx - 3),
      ay: clamp(Math.floor((want.y0 - parent.originM[1]) / dx), 3, parent.ny - 7),
      by: clamp(Math.ceil((want.y1 - parent.originM[1]) / dx), 7, parent.ny - 3),
      bz: clamp(Math.ceil(want.top / dx), 3, parent.nz - 3),
    };
    placements.push(at);
    boxes.push(childBox(parent, at));
  }
  return { boxes, placements };
}

/** Cells per level and the cost of one level-0 step in cell updates (finer levels step 2^l times). */
export function planCost(plan: GridPlan): { cells: number[]; totalCells: number; updatesPerCoarseStep: number } {
  const cells = plan.boxes.map((b) => b.nx * b.ny * b.nz);
  const covered = plan.placements.map((p) => Math.max(0, p.bx - p.ax - 4) * Math.max(0, p.by - p.ay - 4) * Math.max(0, p.bz - 2));
  const active = cells.map((c, l) => c - (covered[l] ?? 0));
  return {
    cells: active,
    totalCells: active.reduce((a, c) => a + c, 0),
    updatesPerCoarseStep: active.reduce((a, c, l) => a + c * 2 ** l, 0),
  };
}

/**
 * Bytes the grid of this plan holds per stored (padded) cell, every array counted: populations and
 * flags (78 B), statistics (28 B per cell plus the pedestrian slab's sums: level.ts MEAN_FIELDS),
 * the transported k's arrays (41 B: k twice, ℓ, the velocity, |S|, the production, ν_t, the roles
 * and stencils, turbulence/k-fields.ts), and the tables of the cells next to walls, faces and
 * interfaces, which grow with the boxes' surface (30–70 B). Measured: 211 B on the demo district's
 * rapid grid, 242 B on a single block's (more surface per cell); 250 B covers both. The WebAssembly
 * kernel's copy comes on top (kernel/run-kernel.ts peakGridBytes).
 */
export function planMemoryBytes(plan: GridPlan): number {
  return plan.boxes.reduce((a, b) => a + (b.nx + 2) * (b.ny + 2) * (b.nz + 2) * 250, 0);
}
