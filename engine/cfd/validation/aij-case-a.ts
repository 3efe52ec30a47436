/**
 * AIJ benchmark Case A (Tominaga et al. 2008): a single b × b × 2b building in a wind-tunnel
 * boundary layer, at the b = 10 m scaling of the data in ./data. Builds the run (grid, geometry,
 * inflow from the measured approach profile), and scores predictions against measurements with
 * the hit rate and Pearson's r (docs/reference/CFD.md §3; VDI 3783-9's hit rate with D = 0.25 and
 * W = 0.1·U_H).
 */
import { surfaceLayerFit, type TableInlet } from '../bc/abl-inlet.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { childBox, type LevelBox, type Placement } from '../grid/layout.ts';
import type { DirectionInput, RunSchedule } from '../run/direction.ts';
import { hitRate, pearson } from './metrics.ts';

export const B_M = 10;
/** Approach speed at the building height (20 m) of the measured profile, m/s. */
export const U_H_MS = 4.491;

export interface Probe {
  xOverB: number;
  yOverB: number;
  zOverB: number;
}

export interface Measured extends Probe {
  U: number;
  V: number;
  W: number;
  /** Turbulent kinetic energy, m²/s² (vertical stations only; NaN where not measured). */
  k: number;
}

/** Rows of a CSV with a header line, as numbers keyed by the header's names. */
export function parseCsv(text: string): Array<Record<string, number>> {
  const lines = text.trim().split(/\r?\n/);
  const names = lines[0].split(',').map((s) => s.trim());
  return lines
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((line, row) => {
      const cells = line.split(',');
      const out: Record<string, number> = {};
      names.forEach((name, c) => {
        const v = Number(cells[c]);
        if (!Number.isFinite(v)) throw new RangeError(`row ${row + 2}, column ${name}: '${cells[c] ?? ''}' is not a number`);
        out[name] = v;
      });
      return out;
    });
}

export function parseProbes(text: string): Probe[] {
  return parseCsv(text).map((r, i) => {
    for (const k of ['x_over_b', 'y_over_b', 'z_over_b']) if (!(k in r)) throw new RangeError(`probe file: column ${k} is missing (row ${i + 2})`);
    return { xOverB: r.x_over_b, yOverB: r.y_over_b, zOverB: r.z_over_b };
  });
}

export function parseMeasured(text: string): Measured[] {
  return parseCsv(text).map((r) => ({ xOverB: r.x_over_b, yOverB: r.y_over_b, zOverB: r.z_over_b, U: r.U_ms, V: r.V_ms, W: r.W_ms, k: r.k_m2s2 ?? NaN }));
}

/**
 * The measured approach flow as the inflow; the ground's wall model from the log law of its surface
 * layer (abl-inlet.ts surfaceLayerFit: the rows up to 7.5 m give z0 ≈ 2·10⁻⁴ m, u* ≈ 0.14 m/s),
 * not the dataset's whole-profile description (z0 = 0.0225 m, 3.824 m/s at 10 m), whose wall
 * stress is several times what the measured near-ground flow carries: with it the first cells were
 * braked to 0.67–0.76 of the measured speed at z/b = 0.0625–0.125 before the flow reached the
 * building (docs/cfd-validation.md).
 */
export function approachInlet(profileCsv: string): TableInlet {
  const rows = parseCsv(profileCsv);
  const heightsM = rows.map((r) => r['z (m)']),
    speedsMs = rows.map((r) => r['u (m/s)']);
  const wall = surfaceLayerFit(heightsM, speedsMs)!;
  return {
    kind: 'table',
    heightsM,
    speedsMs,
    roughnessLengthM: wall.roughnessLengthM,
    frictionVelocityMs: wall.frictionVelocityMs,
    // The measured k of the approach flow: the transported-k closure's inflow.
    tkeM2s2: rows.map((r) => r['tke (m2/s2)']),
    description: 'AIJ Case A approach flow (wind tunnel, b = 10 m scaling)',
  };
}

/**
 * The grid: a COST 732 domain around the building (5H upstream and sideways, 15H downstream,
 * 6H high; H = 2b = 20 m) at b/2, then refined boxes at b/4 and b/8 (and b/16, b/32 with
 * `cellsPerB` = 16, 32) around the building and its near wake; `cellsPerB` = 4 or 2 stops at b/4 or
 * b/2 (how the scores fall with the resolution at pedestrian height).
 */
export type CellsPerB = 2 | 4 | 8 | 16 | 32;

export function aijGrid(cellsPerB: CellsPerB): { boxes: LevelBox[]; placements: Placement[] } {
  const dx0 = B_M / 2;
  const box0: LevelBox = { dxM: dx0, originM: [-100, -100, 0], nx: 400 / dx0, ny: 200 / dx0, nz: 120 / dx0 };
  const extents: Array<[number, number, number, number]> = [
    [-45, 110, 40, 55],
    [-22, 55, 17, 32],
    [-14, 40, 11, 26],
    [-8, 34, 8, 24],
  ];
  const levels = Math.round(Math.log2(cellsPerB));
  const boxes = [box0];
  const placements: Placement[] = [];
  for (let l = 1; l < levels; l++) {
    const p = boxes[l - 1];
    const [xu, xd, yw, top] = extents[l - 1];
    const at: Placement = {
      ax: Math.floor((xu - p.originM[0]) / p.dxM),
      bx: Math.ceil((xd - p.originM[0]) / p.dxM),
      ay: Math.floor((-yw - p.originM[1]) / p.dxM),
      by: Math.ceil((yw - p.originM[1]) / p.dxM),
      bz: Math.ceil(top / p.dxM),
    };
    placements.push(at);
    boxes.push(childBox(p, at));
  }
  return { boxes, placements };
}

/**
 * Run length: 1.2 passes of the 400 m domain at U_H to develop, then `averagePasses` (default 1.0)
 * averaged — a resolved unsteady wake needs a longer window for its mean to converge.
 */
export function aijSchedule(dt0S: number, averagePasses = 1): RunSchedule {
  const pass = 400 / U_H_MS;
  const even = (s: number) => 2 * Math.round(s / dt0S / 2);
  return { spinUpSteps: even(0.4 * pass), developSteps: even(0.8 * pass), averageSteps: even(averagePasses * pass), chunkSteps: 50 };
}

/** The run; `building: false` takes the building away (the empty-domain check of the same grid). */
/** The 1:1:2 building, b = 10 m, centred on the origin. */
export function aijBuildingTriangles(): Float32Array {
  return boxTriangles(-B_M / 2, -B_M / 2, 0, B_M / 2, B_M / 2, 2 * B_M);
}

/** Probes in metres, xyz after xyz. */
export function probesInMetres(probes: Probe[]): Float64Array {
  return Float64Array.from(probes.flatMap((p) => [p.xOverB * B_M, p.yOverB * B_M, p.zOverB * B_M]));
}

export function aijInput(profileCsv: string, probes: Probe[], cellsPerB: CellsPerB, schedule: RunSchedule, building = true): DirectionInput {
  return {
    directionDeg: 270, // from the west: the wind blows along +x, as in the data
    index: 0,
    total: 1,
    centre: [0, 0],
    plan: aijGrid(cellsPerB),
    geometry: building ? [{ file: 'aij-case-a-building', role: 'solid', triangles: aijBuildingTriangles() }] : [],
    inlet: approachInlet(profileCsv),
    inletFromProfile: true,
    referenceHeightM: 2 * B_M,
    schedule,
    points: new Float64Array(0),
    probes: probesInMetres(probes),
  };
}

export interface Score {
  hitRate: number;
  hits: number;
  count: number;
  pearsonR: number;
}

/** Hit rate on the streamwise component (|P − O| ≤ 0.25|O| or ≤ 0.1·U_H) and Pearson's r. */
export function score(predicted: ArrayLike<number>, observed: ArrayLike<number>, uH = U_H_MS): Score {
  const h = hitRate(predicted, observed, 0.1 * uH);
  return { hitRate: h.rate, hits: h.hits, count: h.count, pearsonR: pearson(predicted, observed) };
}
